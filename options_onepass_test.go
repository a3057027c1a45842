package stride

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/faulty"
	"github.com/stridejson/stride/stream"
)

// unmarshalTwoPass is UnmarshalOptions.Unmarshal as it was before the checks ran in the decoding
// pass: a stream.Reader checks the whole input first (codec.CheckStrict), then the value is decoded
// from input known to pass. The one pass must give its values and errors exactly.
func unmarshalTwoPass(o UnmarshalOptions, data []byte, v any) error {
	if o.MaxInputSize > 0 && int64(len(data)) > o.MaxInputSize {
		return codec.SizeError(o.MaxInputSize, 0)
	}
	check, strict := o.checkOptions()
	d := codec.DecodeState{Data: data}
	o.setFlags(&d)
	if strict {
		if err := codec.CheckStrict(data, check); err != nil {
			return err
		}
	}
	return d.Decode(v, strict)
}

// strictDoc writes a random JSON value, as text, with what the checks of UnmarshalOptions look
// at: member names drawn from a few (so that some repeat, some only after their escapes are
// decoded, some only case-insensitively), strings with invalid UTF-8 and lone surrogate escapes
// now and then, and nesting up to depth 7, in objects, arrays and members that a struct skips.
func strictDoc(r *rand.Rand, depth int, b *strings.Builder) {
	k := r.IntN(9)
	if depth == 0 && r.IntN(4) > 0 {
		k = 8 // most documents are objects, for the structs and maps
	}
	if depth >= 7 {
		k = r.IntN(4)
	}
	switch k {
	case 0:
		b.WriteString([]string{"null", "true", "false", "0", "-1.5e3", "12345678901"}[r.IntN(6)])
	case 1, 2, 3:
		b.WriteString(strictString(r))
	case 4, 5:
		b.WriteByte('[')
		for i := range r.IntN(5) {
			if i > 0 {
				b.WriteByte(',')
			}
			strictDoc(r, depth+1, b)
		}
		b.WriteByte(']')
	default:
		b.WriteByte('{')
		n := r.IntN(5)
		if r.IntN(12) == 0 {
			n = 17 + r.IntN(30) // past the set's compared names
		}
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			if n > 16 {
				fmt.Fprintf(b, `"n%d"`, r.IntN(30*n)) // repeats now and then
			} else {
				b.WriteString(strictName(r))
			}
			b.WriteString([]string{":", " : ", ":\n"}[r.IntN(3)])
			strictDoc(r, depth+1, b)
		}
		b.WriteByte('}')
	}
}

// strictName is a member name literal: the names of strictMember's fields in several spellings
// and escapes, names of no field, and names that break RejectInvalidUTF8.
func strictName(r *rand.Rand) string {
	return []string{`"A"`, `"a"`, `"\u0041"`, `"B"`, `"s"`, `"S"`, `"F"`, `"M"`, `"x"`, `"\u0078"`, `"w"`,
		`"é"`, `"\u00e9"`, `"y"`, `"z"`, "\"\xff\"", `"\ud800"`, "\"\xed\xa0\x80\"", `"\ud83d\ude00"`}[r.IntN(19)]
}

// strictString is a string literal, valid or not under RejectInvalidUTF8.
func strictString(r *rand.Rand) string {
	return []string{`""`, `"plain"`, `"a \"q\" and \\"`, `"é\u2028😀"`, `"\ud83d\ude00"`, `"\u00e9"`,
		"\"bad \xff byte\"", "\"\xc3(\"", `"lone \ud800 high"`, `"lone \udc00 low"`, "\"\xed\xa0\x80\"",
		`"\ud800\u0041"`, "\"cut \xe2\x82\"", `"long plain text of more than sixteen bytes"`}[r.IntN(14)]
}

// strictMember is a struct the documents' names fill in part: the rest are skipped.
type strictMember struct {
	A any
	B []strictMember
	S string `json:"s"`
	F float64
	M map[string]*strictMember
}

// TestOptionsOnePass decodes random documents, whole and broken one byte at a time, under
// combinations of the options into zero values of types that read them in different ways
// (interfaces, maps, structs that skip members, slices), and into values that are not zero
// (which take the check before decoding): the one pass gives the values and errors of the
// check-then-decode path byte for byte, and the checks are not idle (some documents pass, some
// break each of them).
func TestOptionsOnePass(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 7))
	optsList := []UnmarshalOptions{
		{RejectDuplicateNames: true, RejectInvalidUTF8: true},
		{RejectDuplicateNames: true},
		{RejectInvalidUTF8: true},
		{MaxDepth: 3},
		{MaxDepth: 5, RejectDuplicateNames: true},
		{RejectDuplicateNames: true, CaseSensitive: true},
		{RejectDuplicateNames: true, RejectInvalidUTF8: true, DisallowUnknownFields: true, MaxDepth: 6},
		{RejectInvalidUTF8: true, UseNumber: true},
	}
	targets := []func() any{newAny,
		func() any { return new(map[string]any) },
		func() any { return new([]any) },
		func() any { return new(strictMember) },
		func() any { return new([]strictMember) },
		func() any { return new(map[string]strictMember) },
		func() any { return new(map[string]string) },
		func() any { return &strictMember{S: "not zero"} },
		func() any { m := map[string]any{"kept": 1.0}; return &m },
	}
	n := 1000
	if testing.Short() {
		n = 200
	}
	breakers := []byte("\"\\,:[]{} 0\xff\x80")
	outcomes := map[string]int{}
	for i := range n {
		var b strings.Builder
		strictDoc(r, 0, &b)
		doc := []byte(b.String())
		if r.IntN(3) == 0 {
			doc = mutate(r, doc, breakers)
		}
		for _, o := range optsList {
			for _, fresh := range targets {
				got, want := fresh(), fresh()
				err := o.Unmarshal(doc, got)
				wantErr := unmarshalTwoPass(o, doc, want)
				if !reflect.DeepEqual(err, wantErr) || (err != nil && err.Error() != wantErr.Error()) {
					t.Fatalf("#%d %+v %q into %T:\n error %T %v\n want %T %v", i, o, doc, got, err, err, wantErr, wantErr)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("#%d %+v %q into %T:\n got %#v\nwant %#v", i, o, doc, got, deref(got), deref(want))
				}
				outcomes[outcome(err)]++
			}
		}
	}
	for _, what := range []string{"ok", "duplicate", "utf8", "depth", "syntax", "field"} {
		if outcomes[what] < n/20 {
			t.Errorf("only %d decodes end in %s (of %v)", outcomes[what], what, outcomes)
		}
	}
}

// outcome names the kind of result err is.
func outcome(err error) string {
	var se *stream.SyntaxError
	var je *SyntaxError
	switch {
	case err == nil:
		return "ok"
	case errors.As(err, &se) && strings.Contains(se.Msg, "for field"):
		return "field"
	case errors.As(err, &se) && strings.Contains(se.Msg, "duplicate"):
		return "duplicate"
	case errors.As(err, &se) && (strings.Contains(se.Msg, "UTF-8") || strings.Contains(se.Msg, "surrogate")):
		return "utf8"
	case errors.As(err, &se) && strings.Contains(se.Msg, "depth"):
		return "depth"
	case errors.As(err, &je):
		return "syntax"
	}
	return "other"
}

// TestOptionsOnePassTable puts what breaks each check in the places the one pass reads in
// different ways: member values a struct skips, arrays, maps, names of no field, deep nesting,
// objects past the set's compared names. Each case breaks a check (so the one pass must find
// it) and gets the check-then-decode path's error.
func TestOptionsOnePassTable(t *testing.T) {
	all := UnmarshalOptions{RejectDuplicateNames: true, RejectInvalidUTF8: true, MaxDepth: 4}
	var wide strings.Builder
	wide.WriteString(`{"skip":{`)
	for i := range 40 {
		fmt.Fprintf(&wide, `"k%d":%d,`, i, i)
	}
	wide.WriteString(`"k7":0}}`)
	cases := []string{
		`{"x":{"k":1,"k":2}}`, `{"x":[{"k":1,"\u006b":2}]}`, `{"B":[{"x":1,"x":2}]}`, `{"x":1,"y":2,"x":3}`,
		`{"M":{"a":null,"a":null}}`, `{"M":{"a":{"z":[1],"z":[2]}}}`, `[{"q":1,"q":1}]`, `[[[{"a":1,"a":1}]]]`,
		"{\"x\":\"\xff\"}", "{\"x\":[\"ok\",\"\xed\xa0\x80\"]}", `{"x":{"y":"\ud800"}}`, "{\"\xff\":1}",
		"{\"M\":{\"k\xc3\":null}}", `{"M":{"\udc00":null}}`, "[\"\xc3(\"]", `{"s":"\ud800x"}`,
		`{"x":[[[[1]]]]}`, `[[[[[]]]]]`, `{"M":{"a":{"M":{"b":{"A":[1]}}}}}`, wide.String(),
		`{"A":{"A":{"A":{"A":{"A":1}}}}}`, `{"B":[{"B":[{"B":[]}]}]}`,
	}
	for _, in := range cases {
		for _, fresh := range []func() any{newAny, func() any { return new(strictMember) },
			func() any { return new(map[string]any) }, func() any { return new([]any) }} {
			got, want := fresh(), fresh()
			err := all.Unmarshal([]byte(in), got)
			wantErr := unmarshalTwoPass(all, []byte(in), want)
			if err == nil || !reflect.DeepEqual(err, wantErr) || !reflect.DeepEqual(got, want) {
				t.Errorf("%q into %T: %v, %#v\nwant %v, %#v", in, got, err, deref(got), wantErr, deref(want))
			}
		}
	}
}

// TestDecoderOptionsOnePass reads streams of random documents, whole and broken, in short
// pieces, under the options: each Decode gives the value, the error and the InputOffset after it
// that it gives when the checks run before decoding (streamChecks off).
func TestDecoderOptionsOnePass(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 8))
	optsList := []UnmarshalOptions{
		{RejectDuplicateNames: true, RejectInvalidUTF8: true},
		{MaxDepth: 4, RejectDuplicateNames: true},
		{RejectInvalidUTF8: true, DisallowUnknownFields: true},
	}
	targets := []func() any{newAny, func() any { return new(strictMember) }, func() any { return new(map[string]any) }}
	n := 300
	if testing.Short() {
		n = 80
	}
	defer func() { streamChecks = true }()
	for i := range n {
		var b strings.Builder
		for range 1 + r.IntN(4) {
			b.WriteString([]string{" ", "\n", "  \t"}[r.IntN(3)])
			strictDoc(r, 0, &b)
		}
		data := []byte(b.String())
		if r.IntN(4) == 0 {
			data = mutate(r, data, []byte("\"{}[],\xff"))
		}
		seed := uint64(i)
		for _, o := range optsList {
			fresh := targets[r.IntN(len(targets))]
			type result struct {
				v   any
				err error
				off int64
			}
			read := func(checks bool) []result {
				streamChecks = checks
				dec := NewDecoder(faulty.NewReader(data, seed, 9))
				dec.SetOptions(o)
				var rs []result
				for range 8 {
					v := fresh()
					err := dec.Decode(v)
					rs = append(rs, result{v, err, dec.InputOffset()})
					if err == io.EOF {
						break
					}
				}
				return rs
			}
			got, want := read(true), read(false)
			for k := range got {
				g, w := got[k], want[k]
				if !reflect.DeepEqual(g.err, w.err) || !reflect.DeepEqual(g.v, w.v) || g.off != w.off {
					t.Fatalf("#%d %+v %q, value %d into %T:\n got %#v, %v, offset %d\nwant %#v, %v, offset %d",
						i, o, data, k, g.v, deref(g.v), g.err, g.off, deref(w.v), w.err, w.off)
				}
			}
		}
	}
}
