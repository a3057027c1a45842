package json

import (
	"bytes"
	"io"
	"reflect"
	"slices"
	"strconv"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonexport"
	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/jsontext"
	"github.com/stridejson/stride/stream"
)

// Marshaler is implemented by types that write themselves as JSON: MarshalJSON returns one JSON
// value, which Marshal checks and writes as jsontext's Encoder.WriteValue does.
type Marshaler interface {
	MarshalJSON() ([]byte, error)
}

// MarshalerTo is implemented by types that write themselves as JSON to an Encoder: MarshalJSONTo
// writes exactly one JSON value. Marshal calls it before MarshalJSON.
type MarshalerTo interface {
	MarshalJSONTo(*jsontext.Encoder) error
}

func init() {
	codec.RegisterMarshalerTo(reflect.TypeFor[MarshalerTo](), callMarshalerTo)
}

// callMarshalerTo appends what x's MarshalJSONTo writes to an Encoder with the options to dst.
func callMarshalerTo(dst []byte, x any, opts *jsonopts.Struct) ([]byte, error) {
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf, opts, jsontext.Multiline(false), jsontext.SpaceAfterColon(false), jsontext.SpaceAfterComma(false))
	if err := x.(MarshalerTo).MarshalJSONTo(enc); err != nil {
		return dst, err
	}
	return append(dst, bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})...), nil
}

// rawValue appends the output of a MarshalJSON method as jsontext's WriteValue writes it under
// opts, compact: the whole output is laid out at the end, if the options ask for white space.
func rawValue(dst, raw []byte, opts *jsonopts.Struct) ([]byte, error) {
	out, err := jsontext.AppendFormat(dst, raw, opts, jsontext.Multiline(false), jsontext.SpaceAfterColon(false), jsontext.SpaceAfterComma(false))
	if err != nil {
		return dst, err
	}
	return out, nil
}

// checkRaw returns the error of raw as jsontext reads it on its own, allowing duplicate names
// and invalid UTF-8, or nil.
func checkRaw(raw []byte) error {
	_, err := jsontext.AppendFormat(nil, raw, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	return err
}

// spaced reports whether the options ask for white space in the output.
func spaced(s *jsonopts.Struct) bool {
	return s.Value&(jsonopts.Multiline|jsonopts.SpaceAfterColon|jsonopts.SpaceAfterComma) != 0
}

// newState makes an EncodeState for a call with the options opts (after base, if not nil), and
// returns them folded, and the encoders' options; both are held in the state, to be allocated
// with it once, not per call.
func newState(base Options, opts []Options) (*codec.EncodeState, *jsonopts.Struct, *codec.V2Options) {
	e := codec.NewState(false)
	o, s := e.V2Options()
	if base != nil {
		s.Add(base)
	}
	s.Add(opts...)
	on := func(b jsonopts.Bools) bool { return s.Value&b != 0 }
	e.SetEscaper(stream.JSONTextEscaper(on(jsonopts.EscapeForHTML), on(jsonopts.EscapeForJS), on(jsonopts.AllowInvalidUTF8)))
	*o = codec.V2OptionsOf(s)
	o.RawValue, o.CheckRaw = rawValue, checkRaw
	if m, _ := s.Marshalers.(*Marshalers); m != nil {
		o.Funcs = func(t reflect.Type) func(dst []byte, addr reflect.Value) ([]byte, error) { return m.lookup(t, s) }
	}
	return e, s, o
}

// Marshal returns the JSON encoding of in, as encoding/json/v2's Marshal does under the same
// options: no newline after it, no HTML escaping, invalid UTF-8 an error, nil slices and maps as
// [] and {}, map members in no particular order unless Deterministic.
func Marshal(in any, opts ...Options) ([]byte, error) {
	e, s, o := newState(nil, opts)
	defer e.Free()
	if asV1(s) {
		return marshalV1(in)
	}
	if err := e.MarshalV2(in, o); err != nil {
		if legacyErrors(s) {
			if out, err, done := legacyMarshal(in, s); done {
				return out, err
			}
		}
		// What was written before the error comes with it, as from encoding/json/v2, without
		// a comma or colon at its end (jsontext writes those with the next token).
		out := e.Buf
		if n := len(out); n > 0 && (out[n-1] == ',' || out[n-1] == ':') {
			out = out[:n-1]
		}
		if spaced(s) {
			return spacedError(e.Buf, err, s)
		}
		return slices.Clone(out), marshalError(err, 0, "")
	}
	if spaced(s) {
		return jsontext.AppendFormat(nil, e.Buf, s)
	}
	return slices.Clone(e.Buf), nil
}

// MarshalWrite writes the JSON encoding of in to out, without a newline after it, as Marshal
// encodes it. It hands out the output in bounded chunks as it goes, so a large value is never
// whole in memory (unless the options ask for white space). An error of out is returned, and
// nothing more is written after it.
func MarshalWrite(out io.Writer, in any, opts ...Options) error {
	e, s, o := newState(nil, opts)
	defer e.Free()
	legacy := legacyErrors(s)
	if legacy {
		if err, done := legacyMarshalWrite(out, in, s, false); done {
			return err
		}
	}
	if v1, white := asV1(s), spaced(s); v1 || white {
		var b []byte
		var err error
		switch {
		case v1:
			b, err = marshalV1(in)
		case white:
			if err = e.MarshalV2(in, o); err != nil {
				_, err = spacedError(e.Buf, err, s)
				if legacy {
					if lerr, done := legacyMarshalWrite(out, in, s, true); done {
						err = lerr
					}
				}
			} else {
				b, err = jsontext.AppendFormat(nil, e.Buf, s)
			}
		}
		if err != nil {
			return err
		}
		n, err := out.Write(b)
		if err == nil && n < len(b) {
			err = io.ErrShortWrite
		}
		return err
	}
	e.StreamTo(out, writeChunk, nil)
	if err := e.MarshalV2(in, o); err != nil {
		if e.Werr != nil {
			return e.Werr
		}
		if legacy {
			if lerr, done := legacyMarshalWrite(out, in, s, true); done {
				return lerr
			}
		}
		return marshalError(err, 0, "")
	}
	e.Flush()
	return e.Werr
}

// spacedError returns the output before an error and the error, where the options ask for white
// space: the compact output so far is laid out again (layOut), and the error's offset moved to
// where its value would begin in that layout. It runs on the error path only.
func spacedError(compact []byte, err error, s *jsonopts.Struct) ([]byte, error) {
	ve, ok := err.(*codec.V2Error)
	if !ok || ve.Offset > int64(len(compact)) {
		return nil, marshalError(err, 0, "")
	}
	out, off := layOut(compact[:ve.Offset], ve, s, nil)
	ve.Offset = off
	return out, marshalError(ve, 0, "")
}

// layOut lays compact, the output before the error ve, out again token by token with an Encoder
// with the options s, and returns that output and the offset in it where ve's value would begin
// (found by writing one more token there). With at, an Encoder the value goes to, the layout
// starts where at stands (its open objects and arrays, with as many members and elements, are
// written first), and the offset is from there.
func layOut(compact []byte, ve *codec.V2Error, s *jsonopts.Struct, at *jsontext.Encoder) ([]byte, int64) {
	var out bytes.Buffer
	enc := jsontext.NewEncoder(&out, s, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if at != nil {
		depth := at.StackDepth()
		for d := 1; d <= depth; d++ {
			k, n := at.StackIndex(d)
			if k == '{' {
				enc.WriteToken(jsontext.BeginObject)
			} else {
				enc.WriteToken(jsontext.BeginArray)
			}
			if d < depth {
				n-- // the last is the object or array of the next level
			}
			for j := range n {
				if k == '{' && j%2 == 0 {
					enc.WriteToken(jsontext.String(strconv.FormatInt(j, 10)))
				} else {
					enc.WriteToken(jsontext.Null)
				}
			}
		}
	}
	base := enc.OutputOffset()
	dec := jsontext.NewDecoder(bytes.NewReader(compact), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	for {
		tok, err := dec.ReadToken()
		if err != nil || enc.WriteToken(tok) != nil {
			break
		}
	}
	// The Encoder holds what it writes until a value ends: the offsets are read, then every open
	// object and array is closed to have the bytes.
	before := enc.OutputOffset()
	off := before
	// A repeated name is reported where the previous member ends; other errors where their
	// value begins, after the comma or colon and the white space that would come before it.
	if !ve.Syntactic || ve.Err != jsontext.ErrDuplicateName {
		for _, tok := range []jsontext.Token{jsontext.Null, jsontext.String("")} {
			if enc.WriteToken(tok) == nil {
				// (At the top level, the Encoder ends the value with a newline.)
				off = enc.OutputOffset() - int64(len(tok.String())+2*btoi(tok.Kind() == '"')+btoi(enc.StackDepth() == 0))
				break
			}
		}
	}
	for d := enc.StackDepth(); d > 0; d-- {
		k, n := enc.StackIndex(d)
		if k == '{' && n%2 == 1 {
			enc.WriteToken(jsontext.Null)
		}
		if k == '{' {
			enc.WriteToken(jsontext.EndObject)
		} else {
			enc.WriteToken(jsontext.EndArray)
		}
	}
	return slices.Clone(out.Bytes()[base:min(before, int64(out.Len()))]), off - base
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// writeChunk is how much MarshalWrite gathers before it writes to its io.Writer.
const writeChunk = 32 << 10

// MarshalEncode writes the JSON encoding of in to enc as its next value, under enc's options
// with opts added for the call.
func MarshalEncode(out *jsontext.Encoder, in any, opts ...Options) error {
	e, s, o := newState(out.Options(), opts)
	defer e.Free()
	e.SetDepth(out.StackDepth())
	if asV1(s) {
		b, err := marshalV1(in)
		if err != nil {
			return placeV1Error(err, out, s)
		}
		return jsonexport.WriteMarshaled(out, b)
	}
	if err := e.MarshalV2(in, o); err != nil {
		if legacyErrors(s) {
			if err, done := legacyMarshalEncode(out, in, s); done {
				return err
			}
		}
		off, ptr := jsonexport.NextValue(out)
		if ve, ok := err.(*codec.V2Error); ok && spaced(s) && ve.Offset <= int64(len(e.Buf)) {
			_, rel := layOut(e.Buf[:ve.Offset], ve, s, out)
			off, ve.Offset = out.OutputOffset(), rel
		}
		return marshalError(err, off, jsontext.Pointer(ptr))
	}
	return jsonexport.WriteMarshaled(out, e.Buf)
}
