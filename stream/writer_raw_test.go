package stream

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// rawWant is what Raw must do with b: accept exactly what json.Valid accepts, except invalid UTF-8
// (which json.Valid lets through inside strings, and rejects everywhere else), and write the value
// without the white space around it.
func rawWant(b []byte) (ok bool, value []byte) {
	return json.Valid(b) && utf8.Valid(b), bytes.Trim(b, " \t\r\n")
}

// checkRaw writes b with Raw on a fresh in-memory Writer and on a reused one, and compares both
// with rawWant. A rejection must be a *TokenError over the Reader's *SyntaxError, with a position
// in b, and leave the output empty.
func checkRaw(t testing.TB, reused *Writer, b []byte) {
	t.Helper()
	ok, value := rawWant(b)
	reused.Reset(nil)
	for i, w := range []*Writer{new(Writer), reused} {
		err := w.Raw(b)
		if (err == nil) != ok {
			t.Fatalf("writer %d: Raw(%q) = %v, want accepted %v", i, b, err, ok)
		}
		if ok {
			if !bytes.Equal(w.Bytes(), value) {
				t.Fatalf("writer %d: Raw(%q) wrote %q, want %q", i, b, w.Bytes(), value)
			}
			continue
		}
		var te *TokenError
		var se *SyntaxError
		if !errors.As(err, &te) || te.Offset != 0 || !errors.As(te.Err, &se) {
			t.Fatalf("writer %d: Raw(%q): error %v (%T), want a *TokenError over a *SyntaxError", i, b, err, err)
		}
		if se.Offset < 0 || se.Offset > int64(len(b)) || se.Line < 1 || se.Column < 1 {
			t.Fatalf("writer %d: Raw(%q): position %d (line %d, column %d)", i, b, se.Offset, se.Line, se.Column)
		}
		if len(w.Bytes()) != 0 {
			t.Fatalf("writer %d: Raw(%q) failed and wrote %q", i, b, w.Bytes())
		}
	}
}

// rawCases are values and near-values for Raw: every kind of value and of white space, the
// grammar's edges, lone surrogate escapes (valid JSON), invalid UTF-8 inside and outside strings
// and names, with and without escapes before it (the Reader's two paths for a literal).
var rawCases = []string{
	`{"a":[1,2,{"b":null}]}`, ` "x\u00e9" `, `[1,]`, `-0.5e+3`, `tru`, `{"a" 1}`, "\"\xff\"", `[[[[]]]]`,
	``, ` `, "\t\r\n", `1`, ` 1 `, "\n\t[ 1 , 2 ]\r\n", `1 2`, `[] []`, `{}`, `[]`, `{ }`, `[ ]`, `""`,
	`true`, `false`, `null`, `truex`, `nul`, `nulll`, `True`, `[true false]`, `{"a":1,}`, `{,}`, `[,]`,
	`{"a"}`, `{"a":}`, `{:1}`, `{1:2}`, `{"a":1 "b":2}`, `[1 2]`, `[`, `]`, `{`, `}`, `[}`, `{]`,
	`"`, `"abc`, `"\"`, `"\x"`, `"\u12"`, `"\u12G4"`, "\"a\x00b\"", "\"a\x1fb\"", "\"a\x7fb\"", "\"tab\there\"",
	`"\ud800"`, `"\udc00"`, `"\ud800\u0041"`, `"\udbff\udfff"`, `"\udc00\ud800"`, `{"\udfff":"\ud800"}`,
	`["\ud83d\ude00", "\ud83d"]`, `"é世😀"`, "\"\xc3\"", "\"\xc0\xaf\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"",
	"\"\\n\xff\"", "\"\\u0041\xe9\"", "{\"\xff\":1}", "{\"k\\t\xff\":1}", "[\"ok\", \"\xe2\x82\"]", "\xff",
	"[1]\xff", "\xef\xbb\xbf1", "1\x00", "\x001", "[1,\x00]", "\u00a01", "1\u00a0", "\f1", "\v1",
	`0`, `-0`, `01`, `-`, `1.`, `.5`, `+1`, `1e`, `1e+`, `1E400`, `-01`, `1.5e-3`, `0x10`, `1x`, `1.0.0`,
	`NaN`, `Infinity`, `[-]`, `[1e5,-0.0,2E-2]`, `{"a":-}`, `{"a":01}`, `//c`, `/*c*/1`, `'a'`, `[1]]`,
	`{"a":{"b":{"c":[{"d":[]}]}}}`, `{"a":1,"a":2}`, `{"":""}`, `[[], {}, [{}], {"x":[]}]`,
}

// TestRawDiff checks Raw against json.Valid on rawCases and on every prefix of some of them.
func TestRawDiff(t *testing.T) {
	var reused Writer
	for _, c := range rawCases {
		checkRaw(t, &reused, []byte(c))
	}
	for _, c := range []string{` {"a" : [1, -2.5e+3, "x\n\u00e9", true, null, {}], "b\ud800": "é"} `, "[\"\xe2\x82\xac\"]"} {
		for i := 0; i <= len(c); i++ {
			checkRaw(t, &reused, []byte(c[:i]))
		}
	}
}

// TestRawErrors pins the causes of some rejections: the Reader's messages, with the offset, line and
// column in b.
func TestRawErrors(t *testing.T) {
	for _, tc := range []struct {
		in        string
		msg       string
		off       int64
		line, col int
	}{
		{"\"ab\xffc\"", "invalid UTF-8 in string literal", 3, 1, 4},
		{"{\"k\xff\":1}", "invalid UTF-8 in object key", 3, 1, 4},
		{"[\"\\n\xe9\"]", "invalid UTF-8 in string literal", 4, 1, 5},
		{"{\"k\\t\xff\":1}", "invalid UTF-8 in object key", 5, 1, 6},
		{"[\n  \"x\xc3\"]", "invalid UTF-8 in string literal", 6, 2, 5},
		{`{"a" 1}`, "invalid character '1' after object key", 5, 1, 6},
		{"[1,\n2,\n]", "invalid character ']' where a value should begin", 7, 3, 1},
		{"1 2", "invalid character '2' after top-level value", 2, 1, 3},
		{"", "unexpected end of input", 0, 1, 1},
	} {
		var w Writer
		err := w.Raw([]byte(tc.in))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Msg != tc.msg || se.Offset != tc.off || se.Line != tc.line || se.Column != tc.col {
			t.Errorf("Raw(%q) = %v; want %q at offset %d, line %d, column %d", tc.in, err, tc.msg, tc.off, tc.line, tc.col)
			continue
		}
		if !strings.HasPrefix(err.Error(), "stride: Raw: invalid JSON value: stride: "+tc.msg) {
			t.Errorf("Raw(%q): message %q", tc.in, err)
		}
	}
}

// TestRawDeep: nesting far beyond a Reader's default MaxDepth is accepted (the skip keeps a bit per
// level, not a stack frame), and mismatched closers at depth are found.
func TestRawDeep(t *testing.T) {
	const n = 200_000
	deep := strings.Repeat(`[{"a":`, n) + "1" + strings.Repeat("}]", n)
	var w Writer
	if err := w.Raw([]byte(" " + deep + "\n")); err != nil {
		t.Fatal(err)
	}
	if string(w.Bytes()) != deep {
		t.Fatal("output differs from the value")
	}
	bad := strings.Repeat(`[{"a":`, n) + "1" + strings.Repeat("]}", n)
	w.Reset(nil)
	var se *SyntaxError
	if err := w.Raw([]byte(bad)); !errors.As(err, &se) || se.Offset != int64(len(bad)-2*n) {
		t.Fatalf("mismatched closers: %v", err)
	}
	arrays := strings.Repeat("[", 3*n) + strings.Repeat("]", 3*n)
	w.Reset(nil)
	if err := w.Raw([]byte(arrays)); err != nil || string(w.Bytes()) != arrays {
		t.Fatalf("%d nested arrays: %v", 3*n, err)
	}
	w.Reset(nil)
	if err := w.Raw([]byte(arrays[:len(arrays)-1])); err == nil {
		t.Fatal("an unclosed array accepted")
	}
}

// TestRawLetsGo: the Writer's Reader keeps no reference to Raw's argument.
func TestRawLetsGo(t *testing.T) {
	var w Writer
	w.BeginArray()
	w.Raw([]byte(`[1, 2]`))
	w.Raw([]byte(`[1, 2`))
	if w.check == nil || w.check.buf != nil {
		t.Fatalf("the Reader holds %q", w.check.buf)
	}
}

// TestReaderRawUTF8 reads with the Reader's rawUTF8 mode from memory and from io.Readers in small
// pieces, alone and with RejectDuplicateNames (whose step over a name is another path) and
// StrictStrings (which also rejects unpaired surrogate escapes). Only the skipping methods and
// Raw read under the mode.
func TestReaderRawUTF8(t *testing.T) {
	for _, tc := range []struct {
		in            string
		plain, strict bool // accepted under rawUTF8 alone, and with StrictStrings as well
		off           int64
	}{
		{`{"a\ud800":["\udc00", "\ud83d\ude00"]}`, true, false, 0},
		{`["é", {"世": "😀\n"}]`, true, true, 0},
		{"[\"\xff\"]", false, false, 2},
		{"[\"\\\"\xff\"]", false, false, 4},
		{"{\"\xe9\":1}", false, false, 2},
		{"{\"\\n\xe9\":1}", false, false, 4},
		{"{\"a\":1,\"\\u0041\xc3\":2}", false, false, 14},
	} {
		for _, opts := range []ReaderOptions{{}, {RejectDuplicateNames: true}, {StrictStrings: true}} {
			want := tc.plain
			if opts.StrictStrings {
				want = tc.strict
			}
			readers := append(streamReaders([]byte(tc.in), 3, opts), NewReader([]byte(tc.in), opts))
			for i, r := range readers {
				r.rawUTF8 = true
				v := r.Raw()
				err := r.End()
				if (err == nil) != want {
					t.Errorf("%+v, reader %d: %q: %v, want accepted %v", opts, i, tc.in, err, want)
					continue
				}
				if err == nil {
					if string(v) != tc.in {
						t.Errorf("%+v, reader %d: %q: Raw gave %q", opts, i, tc.in, v)
					}
					continue
				}
				if se := syntaxErr(t, err); !strings.HasPrefix(se.Msg, "invalid UTF-8") && !opts.StrictStrings ||
					tc.off != 0 && se.Offset != tc.off {
					t.Errorf("%+v, reader %d: %q: %v, want invalid UTF-8 at %d", opts, i, tc.in, err, tc.off)
				}
			}
		}
	}
	// Without the mode the Reader accepts invalid UTF-8 in what it skips, as encoding/json does.
	if err := NewReader([]byte("[\"\xff\", {\"\xfe\":1}]")).SkipValue(); err != nil {
		t.Fatal(err)
	}
}

// TestNumber checks Number against encoding/json on numbers and near-numbers with every run length
// of digits around the word size, and every kind of stray byte at every position; Raw must agree.
func TestNumber(t *testing.T) {
	var cases []string
	for n := 0; n <= 20; n++ {
		d := strings.Repeat("7", n)
		cases = append(cases, d, "-"+d, "1"+d, "0."+d, "1"+d+"e"+d, "-9"+d+"E+"+d, "0"+d, "1."+d+"e-1")
	}
	cases = append(cases, "", "-", "+1", ".5", "1.", "1e", "1e+", "01", "-0", "0.0e0", "1E400")
	base := "-12345678901234.56789012345e+12345"
	for i := 0; i <= len(base); i++ {
		for _, bad := range []string{"/", ":", "a", "\x00", "\x80", "\xff", " ", "x", "e", "."} {
			cases = append(cases, base[:i]+bad+base[i:])
		}
	}
	var raw Writer
	for _, c := range cases {
		want := len(c) > 0 && json.Valid([]byte(c)) && c[0] != '"' && c[0] != ' ' && c[len(c)-1] != ' ' &&
			!strings.ContainsAny(c, "[{tfn\"")
		var w Writer
		err := w.Number(c)
		if (err == nil) != want {
			t.Errorf("Number(%q): %v, json.Valid says %v", c, err, want)
		}
		if err == nil && string(w.Bytes()) != c {
			t.Errorf("Number(%q) wrote %q", c, w.Bytes())
		}
		if want {
			checkRaw(t, &raw, []byte(c))
		}
	}
}

// TestNumberErrors pins Number's causes: the offset in s of the byte that cannot continue or end
// the number, or the end of s for a number cut short.
func TestNumberErrors(t *testing.T) {
	for _, tc := range []struct {
		in, msg string
		off     int64
	}{
		{"", "unexpected end of number", 0},
		{"-", "unexpected end of number", 1},
		{"1.", "unexpected end of number", 2},
		{"1e+", "unexpected end of number", 3},
		{"+1", "invalid character '+' in number", 0},
		{"01", "invalid character '1' in number", 1},
		{"1x", "invalid character 'x' in number", 1},
		{"1.5 ", "invalid character ' ' in number", 3},
		{"1e5.0", "invalid character '.' in number", 3},
		{"12\xff", `invalid character '\xff' in number`, 2},
		{"-.5", "invalid character '.' in number", 1},
	} {
		var w Writer
		err := w.Number(tc.in)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Msg != tc.msg || se.Offset != tc.off {
			t.Errorf("Number(%q) = %v; want %q at %d", tc.in, err, tc.msg, tc.off)
		}
	}
}

func BenchmarkNumber(b *testing.B) {
	nums := []string{"-65.613616999999977", "43.420273000000009", "0", "123456", "1.5e-300"}
	var w Writer
	b.ReportAllocs()
	for b.Loop() {
		w.Reset(nil)
		w.BeginArray()
		for range 20 {
			for _, n := range nums {
				w.Number(n)
			}
		}
		w.EndArray()
	}
}
