package json

import (
	"bytes"
	"reflect"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/jsontext"
)

// Unmarshaler is implemented by types that decode themselves from JSON: UnmarshalJSON is given
// one whole JSON value.
type Unmarshaler interface {
	UnmarshalJSON([]byte) error
}

// UnmarshalerFrom is implemented by types that decode themselves from a Decoder:
// UnmarshalJSONFrom reads exactly one JSON value. Unmarshal calls it before UnmarshalJSON.
type UnmarshalerFrom interface {
	UnmarshalJSONFrom(*jsontext.Decoder) error
}

func init() {
	codec.RegisterUnquote(func(b []byte) ([]byte, error) { return jsontext.AppendUnquote(nil, b) })
	codec.RegisterUnmarshalerFrom(reflect.TypeFor[UnmarshalerFrom](), func(raw []byte, x any) error {
		err := fromDecoder(raw, nil, reflect.TypeOf(x).Elem(), x.(UnmarshalerFrom).UnmarshalJSONFrom)
		if fe, ok := err.(*codec.FuncError); ok {
			return fe.Err
		}
		return err
	})
}

// decodeOptions reads the decoders' options from s, with the caller's functions.
func decodeOptions(s *jsonopts.Struct) codec.V2DecodeOptions {
	o := codec.V2DecodeOptionsOf(s)
	if u, _ := s.Unmarshalers.(*Unmarshalers); u != nil {
		o.Funcs = func(t reflect.Type) func(raw []byte, addr reflect.Value) error { return u.lookup(t, s) }
	}
	return o
}

// Unmarshal decodes in, one JSON value (white space around it allowed), into out, a non-nil
// pointer, as encoding/json/v2's Unmarshal does under the same options: member names matched
// case-sensitively, unknown members skipped, duplicate names and invalid UTF-8 rejected, JSON null
// setting a value to its zero, and decoding stopped at the first error.
//
// NOTE: the values are decoded in one pass by the cursor, which checks the grammar as it reads
// and reads bad input harmlessly; where it met some, the syntax error is found by jsontext's
// Decoder, and of it and a semantic error the one encoding/json/v2 meets first is reported, at
// the same offset and pointer. Its words are those of jsontext's Decoder reading tokens, where encoding/json/v2 words
// an error inside a scalar it reads whole (into a scalar type) as its ReadValue does, which
// differs for some bad input.
func Unmarshal(in []byte, out any, opts ...Options) error {
	s := jsonopts.Join(opts...)
	if asV1(s) {
		return unmarshalV1(in, out)
	}
	if legacyErrors(s) {
		if err, done := legacyUnmarshal(in, out, s, func() error { return unmarshalV2(in, out, s) }); done {
			return err
		}
	}
	return unmarshalV2(in, out, s)
}

// unmarshalV2 is Unmarshal on the engine's v2 decoders.
func unmarshalV2(in []byte, out any, s *jsonopts.Struct) error {
	o := decodeOptions(s)
	checked, err := codec.UnmarshalV2(in, out, &o)
	if !checked {
		if serr := checkRead(bytes.NewReader(in), s); serr != nil && !before(err, serr) {
			return serr
		}
	}
	if err != nil {
		return marshalError(err, 0, "")
	}
	return nil
}

// before reports whether err, the decoders' error, comes before serr, the input's syntax error,
// as encoding/json/v2 meets them: it stops at the first, and reads a value whole before it
// finds fault with it (but for a kind the Go type does not take).
func before(err, serr error) bool {
	ve, ok := err.(*codec.V2Error)
	se, _ := serr.(*jsontext.SyntacticError)
	if !ok || se == nil {
		return false
	}
	if ve.Before {
		return se.ByteOffset >= ve.Offset
	}
	return se.ByteOffset >= ve.End
}

// UnmarshalDecode decodes the next value dec reads into out, under dec's options with opts
// added for the call.
func UnmarshalDecode(dec *jsontext.Decoder, out any, opts ...Options) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	s := jsonopts.Join(append([]Options{dec.Options()}, opts...)...)
	if s.Value&jsonopts.ReportErrorsWithLegacySemantics != 0 {
		if err, done := legacyUnmarshalDecode(dec, val, out, s); done {
			return err
		}
	}
	o := decodeOptions(s)
	if _, err := codec.UnmarshalV2(val, out, &o); err != nil { // val is checked
		return marshalError(err, dec.InputOffset()-int64(len(val)), dec.StackPointer())
	}
	return nil
}
