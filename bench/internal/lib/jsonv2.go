package lib

import (
	"bytes"
	"io"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"

	"github.com/stridejson/stride/bench/internal/tokens"
)

// jsonV2 is github.com/go-json-experiment/json, the encoding/json/v2 proposal. Marshal is told to
// write nil slices and maps as null and to read omitempty as encoding/json does, so that it writes
// the same values; otherwise it runs with its own defaults (no HTML escaping, map keys unsorted).
type jsonV2 struct{}

// jsontextLib is its token layer, github.com/go-json-experiment/json/jsontext.
type jsontextLib struct{}

func init() { register(jsonV2{}, jsontextLib{}) }

var v2Opts = json.JoinOptions(json.FormatNilSliceAsNull(true), json.FormatNilMapAsNull(true),
	jsonv1.OmitEmptyWithLegacySemantics(true))

func (jsonV2) Info() Info {
	return Info{Name: "json/v2 (experiment)", Module: "github.com/go-json-experiment/json",
		Note: "json.Marshal with FormatNilSliceAsNull, FormatNilMapAsNull and v1.OmitEmptyWithLegacySemantics; json.Unmarshal with its defaults; json.UnmarshalRead with its defaults from an io.Reader"}
}

func (jsonV2) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (jsonV2) Marshal(v any) ([]byte, error)      { return json.Marshal(v, v2Opts) }
func (jsonV2) MarshalEscapesHTML() bool           { return false }

func (jsonV2) Decode(r io.Reader, v any) error { return json.UnmarshalRead(r, v) }

func (jsontextLib) Info() Info {
	return Info{Name: "jsontext", Module: "github.com/go-json-experiment/json",
		Note: "jsontext.AppendQuote (HTML off) or an Encoder with EscapeForHTML(true) into a reused buffer; jsontext.AppendUnquote into a reused buffer; Encoder.WriteToken/WriteValue and Decoder.ReadToken"}
}

func (jsontextLib) NewStringWriter(html bool) (func(string) ([]byte, error), bool) {
	if !html {
		var buf []byte
		return func(s string) (out []byte, err error) {
			buf, err = jsontext.AppendQuote(buf[:0], s)
			return buf, err
		}, true
	}
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf, jsontext.EscapeForHTML(true))
	return func(s string) ([]byte, error) {
		buf.Reset()
		enc.Reset(&buf, jsontext.EscapeForHTML(true))
		if err := enc.WriteToken(jsontext.String(s)); err != nil {
			return nil, err
		}
		return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
	}, true
}

func (jsontextLib) NewStringReader() func([]byte) (string, error) {
	var buf []byte
	return func(lit []byte) (s string, err error) {
		buf, err = jsontext.AppendUnquote(buf[:0], lit)
		return view(buf), err
	}
}

func (jsontextLib) NewTokenWriter() func([]tokens.Token) ([]byte, error) {
	return newTokenWriter(func(w io.Writer) (*textAPI[jsontext.Token], func(io.Writer)) {
		enc := jsontext.NewEncoder(w)
		return experimentText(enc, nil), func(w io.Writer) { enc.Reset(w) }
	})
}

func (jsontextLib) NewTokenReader() func([]byte, *tokens.Hash) error {
	return newTokenReader(func(r io.Reader) (*textAPI[jsontext.Token], func(io.Reader)) {
		dec := jsontext.NewDecoder(r)
		return experimentText(nil, dec), func(r io.Reader) { dec.Reset(r) }
	})
}

// experimentText is the module's jsontext API, writing with enc and reading with dec.
func experimentText(enc *jsontext.Encoder, dec *jsontext.Decoder) *textAPI[jsontext.Token] {
	return &textAPI[jsontext.Token]{
		beginObject: jsontext.BeginObject, endObject: jsontext.EndObject,
		beginArray: jsontext.BeginArray, endArray: jsontext.EndArray,
		true_: jsontext.True, false_: jsontext.False, null: jsontext.Null, str: jsontext.String,
		writeToken: func(t jsontext.Token) error { return enc.WriteToken(t) },
		writeValue: func(b []byte) error { return enc.WriteValue(jsontext.Value(b)) },
		readToken:  func() (jsontext.Token, error) { return dec.ReadToken() },
		kind:       func(t jsontext.Token) byte { return byte(t.Kind()) },
		text:       jsontext.Token.String,
		float:      jsontext.Token.Float,
		boolean:    jsontext.Token.Bool,
	}
}
