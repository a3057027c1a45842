package stream

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"testing/iotest"
)

// readMethods read one value each, by every method of the Reader that reads a value.
var readMethods = []struct {
	name string
	read func(r *Reader)
}{
	{"String", func(r *Reader) { _ = r.String() }},
	{"StringBytes", func(r *Reader) { r.StringBytes() }},
	{"Int64", func(r *Reader) { r.Int64() }},
	{"Uint64", func(r *Reader) { r.Uint64() }},
	{"Float64", func(r *Reader) { r.Float64() }},
	{"Number", func(r *Reader) { r.Number() }},
	{"Bool", func(r *Reader) { r.Bool() }},
	{"Null", func(r *Reader) { r.Null() }},
	{"Object", func(r *Reader) { it := r.Object(); it.Next() }},
	{"ObjectOrNull", func(r *Reader) { it := r.ObjectOrNull(); it.Next() }},
	{"Array", func(r *Reader) { it := r.Array(); it.Next() }},
	{"ArrayOrNull", func(r *Reader) { it := r.ArrayOrNull(); it.Next() }},
	{"SkipValue", func(r *Reader) { r.SkipValue() }},
	{"Raw", func(r *Reader) { r.Raw() }},
}

// TestBrokenScalars: a value that is not valid JSON (a broken literal, number or string) is a syntax
// error for every read method, at its position, never a mismatch of kinds ("expected string,
// found bool"); encoding/json calls each of these documents a syntax error too. The error is the
// one SkipValue gives: same message, offset, line, column and pointer, from memory and from a
// reader handing out one byte per Read.
func TestBrokenScalars(t *testing.T) {
	type doc struct {
		text string
		nav  func(r *Reader) // down to the broken value
	}
	var docs []doc
	for _, v := range []string{"tru", "nul", "fals", "nulx", "t", "f", "n", "truex", "nulll", "fAlse", "tr ue",
		"-", "1.", "1e", "-x", "01x", `"abc`, `"a\x"`, "\"a\x01\""} {
		docs = append(docs,
			doc{v, func(r *Reader) {}},
			doc{"[1,\n" + v + "]", func(r *Reader) { arr := r.Array(); arr.Next(); r.SkipValue(); arr.Next() }},
			doc{`{"a": ` + v + `}`, func(r *Reader) { obj := r.Object(); obj.Next() }},
			doc{`[{"b":[` + v, func(r *Reader) {
				arr := r.Array()
				arr.Next()
				obj := r.Object()
				obj.Next()
				in := r.Array()
				in.Next()
			}})
	}
	for _, d := range docs {
		var v any
		if err := json.Unmarshal([]byte(d.text), &v); err == nil || !isStdSyntaxError(err) {
			t.Fatalf("%q: encoding/json says %v, want a syntax error", d.text, err)
		}
		for _, m := range readMethods {
			for _, stream := range []bool{false, true} {
				read := func(m func(r *Reader)) error {
					r := NewReader([]byte(d.text))
					if stream {
						r = NewStreamReader(iotest.OneByteReader(strings.NewReader(d.text)), ReaderOptions{BufferSize: 1})
					}
					d.nav(r)
					m(r)
					return r.Err()
				}
				want := read(func(r *Reader) { r.SkipValue() })
				got := read(m.read)
				var se *SyntaxError
				if !errors.As(got, &se) || strings.HasPrefix(se.Msg, "expected ") || got.Error() != want.Error() {
					t.Errorf("%q %s (stream %v):\n got %v\nwant %v", d.text, m.name, stream, got, want)
				}
			}
		}
	}
}

func isStdSyntaxError(err error) bool {
	var se *json.SyntaxError
	return errors.As(err, &se) || strings.Contains(err.Error(), "unexpected end of JSON input")
}

// TestValidScalarsMismatch: a valid value of another kind is still a mismatch of kinds, reported at
// its first byte, and the value stays unread.
func TestValidScalarsMismatch(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{`true`, "expected string, found bool"},
		{`[1,null]`, "expected string, found null"},
		{`{"a":false}`, "expected number, found bool"},
		{`"abc"`, "expected bool, found string"},
		{`-1.5e3`, "expected null, found number"},
	} {
		for _, stream := range []bool{false, true} {
			r := NewReader([]byte(tc.doc))
			if stream {
				r = NewStreamReader(iotest.OneByteReader(strings.NewReader(tc.doc)), ReaderOptions{BufferSize: 1})
			}
			switch r.Kind() {
			case KindArray:
				arr := r.Array()
				arr.Next()
				r.SkipValue()
				arr.Next()
			case KindObject:
				obj := r.Object()
				obj.Next()
			}
			off := r.InputOffset()
			switch {
			case strings.Contains(tc.want, "expected string"):
				_ = r.String()
			case strings.Contains(tc.want, "expected number"):
				r.Int64()
			case strings.Contains(tc.want, "expected bool"):
				r.Bool()
			default:
				r.Null()
			}
			var se *SyntaxError
			if !errors.As(r.Err(), &se) || se.Msg != tc.want || se.Offset != off {
				t.Errorf("%s (stream %v): %v, want %q at offset %d", tc.doc, stream, r.Err(), tc.want, off)
			}
		}
	}
}
