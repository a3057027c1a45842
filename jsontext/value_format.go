package jsontext

import (
	"bytes"
	"slices"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/stream"
)

// AppendFormat appends src, one JSON value, to dst formatted as an Encoder with the options
// writes it with WriteValue (without the newline after it). If src is invalid, it appends src
// as it is and returns the *SyntacticError.
func AppendFormat[Bytes ~[]byte | ~string](dst []byte, src Bytes, opts ...Options) ([]byte, error) {
	out, err := format(dst, []byte(src), opts, nil)
	if err != nil {
		return append(dst, src...), err
	}
	return out, nil
}

// Format reformats v in place as an Encoder with the options writes it with WriteValue. An
// invalid v is left as it is, and the error is a *SyntacticError.
func (v *Value) Format(opts ...Options) error { return v.format(nil, opts) }

// Compact removes the white space of v, in place; its strings keep their escapes, and repeated
// names and invalid UTF-8 are allowed, unless the options say otherwise.
func (v *Value) Compact(opts ...Options) error { return v.format(compactOpts, opts) }

// Indent reformats v in place with each element and member on its own line, indented by a tab
// per level (see Multiline, WithIndent and WithIndentPrefix), keeping what Compact keeps.
func (v *Value) Indent(opts ...Options) error { return v.format(indentOpts, opts) }

// Canonicalize reformats v in place as RFC 8785 (the JSON Canonicalization Scheme) has it: no
// white space, strings escaped minimally, numbers as float64s in ECMAScript's form, and object
// members sorted by their names' UTF-16 code units.
func (v *Value) Canonicalize(opts ...Options) error { return v.format(canonicalOpts, opts) }

var (
	compactOpts   = []Options{AllowDuplicateNames(true), AllowInvalidUTF8(true), PreserveRawStrings(true)}
	indentOpts    = []Options{AllowDuplicateNames(true), AllowInvalidUTF8(true), PreserveRawStrings(true), Multiline(true)}
	canonicalOpts = []Options{CanonicalizeRawInts(true), CanonicalizeRawFloats(true), ReorderRawObjects(true)}
)

func (v *Value) format(opts1, opts2 []Options) error {
	e := getMemEncoder(opts1, opts2)
	defer memEncoders.Put(e)
	if err := e.WriteValue(*v); err != nil {
		return err
	}
	if out := e.w.Bytes(); !bytes.Equal(*v, out) {
		*v = append((*v)[:0], out...)
	}
	return nil
}

// format appends src formatted under the options to dst.
func format(dst, src []byte, opts1, opts2 []Options) ([]byte, error) {
	e := getMemEncoder(opts1, opts2)
	defer memEncoders.Put(e)
	if err := e.WriteValue(src); err != nil {
		return dst, err
	}
	return append(dst, e.w.Bytes()...), nil
}

// memEncoders are Encoders writing in memory, without the newline after a value, for the
// formatting functions.
var memEncoders sync.Pool

func getMemEncoder(opts1, opts2 []Options) *Encoder {
	e, _ := memEncoders.Get().(*Encoder)
	if e == nil {
		e = new(Encoder)
	}
	e.reset(nil, opts1, opts2)
	e.f.omitNewline = true
	return e
}

// writeReordered writes the checked array or object v with every object's members sorted
// (ReorderRawObjects): formatted compact first, sorted, and then written as WriteValue writes.
//
// NOTE: members with the same name (under AllowDuplicateNames) are ordered by their compact
// text; the standard package orders them by their text as formatted, which differs from that
// only when Multiline or the spaces are on and the two values differ inside a nested container.
func (e *Encoder) writeReordered(v Value) error {
	flat := e.opts
	layout := jsonopts.Multiline | jsonopts.SpaceAfterColon | jsonopts.SpaceAfterComma | jsonopts.ReorderRawObjects
	flat.Set, flat.Value = flat.Set|layout, flat.Value&^layout
	c := getMemEncoder([]Options{&flat}, nil)
	defer memEncoders.Put(c)
	c.reader(maxDepth)
	if err := c.reformat(v); err != nil {
		return err
	}
	r := c.check
	r.Reset(c.w.Bytes())
	sorted := reorder(nil, r)
	r.Reset(nil)
	return e.reformat(sorted)
}

// reorder appends the value r reads next, compact JSON, with every object's members sorted.
func reorder(dst []byte, r *stream.Reader) []byte {
	kind, text := r.ReadToken()
	switch kind {
	case '[':
		dst = append(dst, '[')
		for i := 0; r.PeekToken() != ']'; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = reorder(dst, r)
		}
		r.ReadToken()
		return append(dst, ']')
	case '{':
		type member struct{ name, text []byte }
		var ms []member
		for r.PeekToken() != '}' {
			_, raw := r.ReadToken()
			name, _ := AppendUnquote(nil, raw)
			m := append(append([]byte(nil), raw...), ':')
			ms = append(ms, member{name, reorder(m, r)})
		}
		r.ReadToken()
		slices.SortFunc(ms, func(x, y member) int {
			if c := compareUTF16(x.name, y.name); c != 0 {
				return c
			}
			return compareUTF16(x.text, y.text)
		})
		dst = append(dst, '{')
		for i, m := range ms {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, m.text...)
		}
		return append(dst, '}')
	}
	return append(dst, text...)
}

// compareUTF16 compares x and y by their UTF-16 code units, as RFC 8785 orders names; invalid
// UTF-8 compares byte by byte.
func compareUTF16(x, y []byte) int {
	for len(x) > 0 && len(y) > 0 {
		rx, nx := utf8.DecodeRune(x)
		ry, ny := utf8.DecodeRune(y)
		if rx == utf8.RuneError && nx == 1 || ry == utf8.RuneError && ny == 1 {
			if x[0] != y[0] {
				return cmpInt(int(x[0]), int(y[0]))
			}
			x, y = x[1:], y[1:]
			continue
		}
		if rx != ry {
			ux, uy := rx, ry
			if rx >= 0x10000 {
				ux, _ = utf16.EncodeRune(rx)
			}
			if ry >= 0x10000 {
				uy, _ = utf16.EncodeRune(ry)
			}
			if ux != uy {
				return cmpInt(int(ux), int(uy))
			}
			return cmpInt(int(rx), int(ry))
		}
		x, y = x[nx:], y[ny:]
	}
	return cmpInt(len(x), len(y))
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
