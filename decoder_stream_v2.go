package stride

import (
	"bytes"
	"reflect"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/stream"
)

// The errors of a value decoded as it arrives, on a v2-based build (v2Based), once part of it has
// been dropped. That encoding/json's UnmarshalTypeError names the JSON Pointer of the value in
// error and counts its offset from the start of the whole value, which no longer is in the
// buffer. So in stream mode the Decoder follows the path of open containers (the name of the
// member each one is the value of, and the index of the element being read in each array: a few
// stores per container and element, none of it on the other build), and at the first error it
// writes a small document that leads there: the names and the elements before, as nulls, down to
// the member or element in error, which the buffer still holds (nothing after the innermost
// container's last mark is dropped). encoding/json decoding that document into a new value gives
// the error, whose offset is then moved to the member's place in the value.
//
// NOTE: the elements before are nulls, which decode to nothing except into a type whose
// UnmarshalJSON is then called with null; such a method that fails on null would be reported in
// place of the error.

// Captured reports whether the error being saved has been captured already, by CaptureMismatch.
func (st *streamState) Captured() bool { return st.captured }

// CaptureError writes the document that leads to where c stands (see above) into st.errDoc, with
// the offset in it of the member or element in error (errAt) and that member's offset in the value
// (errRel), counted from the value's first byte. The member is what the buffer holds from where the
// innermost container's member or element began, for an error found after its value was read (a
// number out of range, say) or at its name (a map key).
func (st *streamState) CaptureError(c *jsonread.Cursor) {
	in := st.in
	from := in.Mark // the value's start, at depth 0
	if l := c.Depth - 1; l >= 0 && l < len(in.Path) {
		from = in.Path[l].Mark - c.Base
	}
	if from < 0 || from > c.Pos {
		st.errDoc = nil // unreachable: a value read whole keeps its member
		return
	}
	member := c.Data[from:c.Pos]
	member = bytes.TrimLeft(member, " \t\r\n")
	member = bytes.TrimLeft(bytes.TrimPrefix(member, []byte{','}), " \t\r\n")
	st.capture(c, nil, member, int64(c.Base+c.Pos-len(member)))
}

// CaptureMismatch is CaptureError for a value of the wrong kind k, which began at at (in the
// value, the cursor's base counted in) and has been skipped, the member named name (saved
// before the skip, which may read names inside the value): an array or object stands for
// itself empty (that encoding/json reports the offset after its first byte), a number, string or
// literal name as it is in the buffer, which holds it whole.
func (st *streamState) CaptureMismatch(c *jsonread.Cursor, k stream.Kind, at int, name []byte) {
	var value []byte
	switch i := at - c.Base; {
	case k == stream.KindArray:
		value = []byte("[]")
	case k == stream.KindObject:
		value = []byte("{}")
	case i >= 0 && i <= c.Pos:
		value = c.Data[i:c.Pos]
	default:
		return // unreachable: a scalar is held whole
	}
	var member []byte
	if l := c.Depth - 1; l >= 0 && l < len(st.in.Kinds) && st.in.Kinds[l] == '{' {
		member, _ = stream.AppendQuote(nil, name)
		member = append(member, ':')
	}
	st.capture(c, member, value, int64(at))
	st.captured = true
}

// capture writes the document with name (quoted, and a colon, for a member) and value, the bytes
// of the member or element in error, at offset at in the value.
func (st *streamState) capture(c *jsonread.Cursor, name, value []byte, at int64) {
	in := st.in
	doc := st.errDoc[:0]
	depth := min(c.Depth, len(in.Kinds), len(in.Path))
	if depth == 0 {
		// The value itself is of the wrong kind: an empty one of its kind stands for it.
		doc = append(doc, st.first, st.first+2) // "[]" or "{}"
		st.errDoc, st.errAt, st.errRel = doc, 0, 0
		return
	}
	for l := range depth - 1 {
		doc = appendLevel(doc, in.Kinds[l], &in.Path[l])
	}
	inner := in.Kinds[depth-1]
	doc = append(doc, inner)
	if inner == '[' {
		for range in.Path[depth-1].Index {
			doc = append(doc, "null,"...)
		}
	}
	doc = append(doc, name...)
	st.errAt = len(doc)
	doc = append(doc, value...)
	if t := bytes.TrimRight(value, " \t\r\n"); len(t) > 0 && t[len(t)-1] == ':' {
		doc = append(doc, "null"...) // an error at the member's name
	}
	for l := depth - 1; l >= 0; l-- {
		doc = append(doc, in.Kinds[l]+2) // ']' or '}'
	}
	st.errDoc, st.errRel = doc, at-st.lead
}

func appendLevel(doc []byte, kind byte, p *jsonread.PathLevel) []byte {
	doc = append(doc, kind)
	if kind == '{' {
		doc, _ = stream.AppendQuote(doc, p.Name)
		return append(doc, ':')
	}
	for range p.Index {
		doc = append(doc, "null,"...)
	}
	return doc
}

// capturedError returns encoding/json's error for the document CaptureError wrote, decoded by d
// into a new value of v's type, at the offset it has in the value; err if it gives none.
func (st *streamState) capturedError(d *codec.DecodeState, v any, err error) error {
	if !codec.IsDecoderError(err) || st.errDoc == nil {
		return err
	}
	fresh := reflect.New(reflect.TypeOf(v).Elem()).Interface()
	std := d.StdDecodeError(st.errDoc, fresh, err)
	// An offset of 0 is no place (an error of a method's, say), for the value as for the document.
	if te, ok := std.(*UnmarshalTypeError); ok && std != err && te.Offset != 0 {
		c := *te
		c.Offset = c.Offset - int64(st.errAt) + st.errRel
		return &c
	}
	return std
}
