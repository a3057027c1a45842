package stream

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
)

// TestGrammarErrors feeds call sequences whose last call would make the output invalid, in memory
// and streaming: the last call fails with a *TokenError, every later call and Flush return the same
// error, and the output holds exactly what came before the failed call.
func TestGrammarErrors(t *testing.T) {
	type op func(w *Writer) error
	var (
		bo   = func(w *Writer) error { return w.BeginObject() }
		eo   = func(w *Writer) error { return w.EndObject() }
		ba   = func(w *Writer) error { return w.BeginArray() }
		ea   = func(w *Writer) error { return w.EndArray() }
		nm   = func(w *Writer) error { return w.Name("k") }
		nmb  = func(w *Writer) error { return w.NameBytes([]byte("k")) }
		one  = func(w *Writer) error { return w.Int(1) }
		str  = func(w *Writer) error { return w.String("s") }
		strb = func(w *Writer) error { return w.StringBytes([]byte("s")) }
		nl   = func(w *Writer) error { return w.Newline() }
		long = func(w *Writer) error { return w.String(strings.Repeat("x", 5000)) }
	)
	cases := []struct {
		name string
		ops  []op
		out  string // the output before the failing (last) call
	}{
		{"name at top", []op{nm}, ""},
		{"name bytes at top", []op{nmb}, ""},
		{"name in array", []op{ba, nm}, "["},
		{"name after name", []op{bo, nm, nm}, `{"k":`},
		{"value where name due", []op{bo, one}, "{"},
		{"string where name due", []op{bo, nm, one, str}, `{"k":1`},
		{"bytes where name due", []op{bo, strb}, "{"},
		{"long string where name due", []op{bo, long}, "{"},
		{"begin where name due", []op{bo, ba}, "{"},
		{"end object at top", []op{eo}, ""},
		{"end array at top", []op{ea}, ""},
		{"end object in array", []op{ba, one, eo}, "[1"},
		{"end array in object", []op{bo, ea}, "{"},
		{"end array after name", []op{bo, nm, ea}, `{"k":`},
		{"end object after name", []op{bo, nm, eo}, `{"k":`},
		{"end after top value", []op{one, ea}, "1"},
		{"two top values", []op{one, one}, "1"},
		{"two top containers", []op{ba, ea, bo}, "[]"},
		{"two top strings", []op{str, long}, `"s"`},
		{"newline first", []op{nl}, ""},
		{"newline twice", []op{one, nl, nl}, "1\n"},
		{"newline in array", []op{ba, one, nl}, "[1"},
		{"NaN", []op{ba, func(w *Writer) error { return w.Float64(math.NaN()) }}, "["},
		{"+Inf", []op{ba, func(w *Writer) error { return w.Float64(math.Inf(1)) }}, "["},
		{"-Inf32", []op{ba, func(w *Writer) error { return w.Float32(float32(math.Inf(-1))) }}, "["},
		{"NaN32", []op{func(w *Writer) error { return w.Float32(float32(math.NaN())) }}, ""},
		{"bad raw", []op{ba, one, func(w *Writer) error { return w.Raw([]byte("[1,]")) }}, "[1"},
		{"empty raw", []op{func(w *Writer) error { return w.Raw(nil) }}, ""},
		{"two raw values", []op{func(w *Writer) error { return w.Raw([]byte("1 2")) }}, ""},
		{"bad number", []op{ba, func(w *Writer) error { return w.Number("01") }}, "["},
		{"empty number", []op{ba, func(w *Writer) error { return w.Number("") }}, "["},
		{"set indent inside", []op{ba, func(w *Writer) error { w.SetIndent("", " "); return w.Err() }}, "["},
	}
	for _, tc := range cases {
		for _, stream := range []bool{false, true} {
			var dst bytes.Buffer
			w := NewWriter(nil)
			if stream {
				w = NewWriter(&dst)
			}
			for i, o := range tc.ops {
				err := o(w)
				if i < len(tc.ops)-1 {
					if err != nil {
						t.Fatalf("%s: call %d: %v", tc.name, i, err)
					}
					continue
				}
				var te *TokenError
				if !errors.As(err, &te) {
					t.Fatalf("%s (stream=%v): got %v, want a *TokenError", tc.name, stream, err)
				}
				if te.Offset != int64(len(tc.out)) {
					t.Errorf("%s: offset %d, want %d", tc.name, te.Offset, len(tc.out))
				}
				if !stream && string(w.Bytes()) != tc.out {
					t.Errorf("%s: output %q, want %q", tc.name, w.Bytes(), tc.out)
				}
				for _, later := range []error{w.Int(2), w.EndArray(), w.Name("x"), w.String("y"), w.Newline(), w.Flush(), w.Err()} {
					if later != err {
						t.Fatalf("%s: a later call returned %v, want the sticky %v", tc.name, later, err)
					}
				}
				if stream && dst.Len() != 0 {
					t.Errorf("%s: %q reached the destination after the error", tc.name, dst.Bytes())
				}
			}
		}
	}
}

func TestErrorMessages(t *testing.T) {
	var w Writer
	w.BeginArray()
	err := w.Raw([]byte(`{"a" 1}`))
	var se *SyntaxError
	if !errors.As(err, &se) || se.Offset != 5 {
		t.Fatalf("%v", err)
	}
	if got := err.Error(); !strings.Contains(got, "Raw") || !strings.Contains(got, "offset 5") || !strings.Contains(got, "output offset 1") {
		t.Errorf("message %q", got)
	}
	w.Reset(nil)
	w.SetEscaper(NewEscaper(RejectInvalidUTF8, ""))
	err = w.String("ab\xffc")
	var ue *InvalidUTF8Error
	if !errors.As(err, &ue) || ue.Offset != 2 {
		t.Fatalf("%v", err)
	}
	// The same, in the tenth thousand-byte piece of a long string streamed through a small chunk.
	var dst bytes.Buffer
	w.Reset(&dst)
	w.SetChunkSize(MinChunkSize)
	s := strings.Repeat("a", 10000) + "\xff"
	if err = w.String(s); !errors.As(err, &ue) || ue.Offset != 10000 {
		t.Fatalf("%v", err)
	}
	if !strings.HasPrefix(`"`+s, dst.String()) {
		t.Errorf("destination holds %q", dst.String())
	}
}

// TestOutputs checks small documents byte for byte, including what encoding/json cannot produce.
func TestOutputs(t *testing.T) {
	var w Writer
	check := func(want string, write func()) {
		t.Helper()
		w.Reset(nil)
		write()
		if err := w.Err(); err != nil {
			t.Fatal(err)
		}
		if got := string(w.Bytes()); got != want {
			t.Errorf("got %s\nwant %s", got, want)
		}
	}
	check(`{"a":[1,true,null,"x",2.5,-3,18446744073709551615],"b":{},"c":[]}`, func() {
		o := w.Object()
		o.Name("a")
		a := w.Array()
		w.Int(1)
		w.Bool(true)
		w.Null()
		w.String("x")
		w.Float32(2.5)
		w.Int64(-3)
		w.Uint64(math.MaxUint64)
		a.End()
		o.Name("b").Object().End()
		o.Name("c").Array().End()
		o.End()
	})
	check(`[{"n":-1.5e-300},{"r":{"x" : [ 1 ]}},12345678901234567890123]`, func() {
		w.BeginArray()
		w.Object().Name("n").Number("-1.5e-300")
		w.EndObject()
		w.Object().Name("r").Raw([]byte(" \n{\"x\" : [ 1 ]}\t"))
		w.EndObject()
		w.Number("12345678901234567890123")
		w.EndArray()
	})
	check("1\n\"a\"\n[]\n", func() {
		w.Int(1)
		w.Newline()
		w.String("a")
		w.Newline()
		w.BeginArray()
		w.EndArray()
		w.Newline()
	})
	check(`"<&>\/é"`, func() {
		w.SetEscaper(NewEscaper(EscapeSlash, ""))
		w.String("<&>/é")
		w.SetEscaper(nil)
	})
	check(`"\u003c"`, func() { w.String("<") })
	check(`{"\u00e9":"\ud83d\ude00"}`, func() {
		w.SetEscaper(NewEscaper(EscapeNonASCII, ""))
		w.BeginObject()
		w.NameBytes([]byte("é"))
		w.StringBytes([]byte("😀"))
		w.EndObject()
		w.SetEscaper(nil)
	})
	check("[\n\t1,\n\t[],\n\t{\n\t\t\"a\": {}\n\t}\n]\n{}", func() {
		w.SetIndent("", "\t")
		w.BeginArray()
		w.Int(1)
		w.BeginArray()
		w.EndArray()
		w.Object().Name("a").Object().End()
		w.EndObject()
		w.EndArray()
		w.Newline()
		w.BeginObject()
		w.EndObject()
		w.SetIndent("", "")
	})
	if w.Depth() != 0 || w.OutputOffset() != int64(len(w.Bytes())) {
		t.Error("Depth or OutputOffset")
	}
}

// TestLongTokens writes strings, names, raw values, numbers and indentation longer than the chunk,
// and checks them against the in-memory output.
func TestLongTokens(t *testing.T) {
	big := strings.Repeat("é\"<\x01😀a", 3000)
	raw := []byte("[" + strings.Repeat(`"x\u0041",`, 3000) + "1]")
	num := "1" + strings.Repeat("0", 3000) + ".5e+10"
	write := func(w *Writer) {
		w.SetIndent(strings.Repeat(" ", 300), strings.Repeat("\t", 700))
		w.BeginObject()
		w.Name(big)
		w.String(big)
		w.NameBytes([]byte(big))
		w.BeginArray()
		w.Raw(raw)
		w.Number(num)
		w.StringBytes([]byte(big))
		w.EndArray()
		w.EndObject()
	}
	var mem Writer
	write(&mem)
	if mem.Err() != nil {
		t.Fatal(mem.Err())
	}
	for _, chunk := range []int{MinChunkSize, 999, DefaultChunkSize} {
		var dst bytes.Buffer
		w := NewWriter(&dst)
		w.SetChunkSize(chunk)
		write(w)
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(dst.Bytes(), mem.Bytes()) {
			t.Fatalf("chunk %d: streamed output differs", chunk)
		}
	}
}

// TestCut checks every cut point of strings mixing valid and invalid UTF-8: escaping the two
// pieces must give what escaping the whole gives.
func TestCut(t *testing.T) {
	inputs := []string{
		"aé世😀b", "\xf0\x90\x80\x80\x80\x80", "\xe2\x82a", "\xe2\x80\xa8\xe2\x80\xa9", "\xed\xa0\x80\xed\xbf\xbf",
		"\xf4\x8f\xbf\xbf\xf4\x90\x80\x80", "\xc2\x80\xc2", "\x80\x80\x80\x80😀", "ab\xf0\x9f\x98",
	}
	for _, e := range []*Escaper{Minimal, EncodingJSON, NewEscaper(EscapeNonASCII, "")} {
		for _, in := range inputs {
			s := "0123" + in + in + "xyz"
			want, _ := e.AppendQuote(nil, s)
			for i := 0; i+4 < len(s); i++ {
				for c := i + 4; c < len(s); c++ {
					k := cut(s, i, c)
					if k <= i || k > c || c-k > 3 {
						t.Fatalf("cut(%q, %d, %d) = %d", s, i, c, k)
					}
					a, _ := e.AppendQuote(nil, s[:k])
					b, _ := e.AppendQuote(nil, s[k:])
					if got := string(a[:len(a)-1]) + string(b[1:]); got != string(want) {
						t.Fatalf("cut(%q) at %d: %s, want %s", s, k, got, want)
					}
				}
			}
		}
	}
}
