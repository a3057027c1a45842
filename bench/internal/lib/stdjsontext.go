//go:build go1.27 && goexperiment.jsonv2

package lib

import (
	"encoding/json/jsontext"
	"io"

	"github.com/stridejson/stride/bench/internal/tokens"
)

// stdText is the standard library's encoding/json/jsontext (Go 1.27).
type stdText struct{}

func init() { register(stdText{}) }

func (stdText) Info() Info {
	return Info{Name: "encoding/json/jsontext",
		Note: "jsontext.Encoder.WriteToken/WriteValue and Decoder.ReadToken, as the jsontext rows"}
}

func (stdText) NewTokenWriter() func([]tokens.Token) ([]byte, error) {
	return newTokenWriter(func(w io.Writer) (*textAPI[jsontext.Token], func(io.Writer)) {
		enc := jsontext.NewEncoder(w)
		return stdTextAPI(enc, nil), func(w io.Writer) { enc.Reset(w) }
	})
}

func (stdText) NewTokenReader() func([]byte, *tokens.Hash) error {
	return newTokenReader(func(r io.Reader) (*textAPI[jsontext.Token], func(io.Reader)) {
		dec := jsontext.NewDecoder(r)
		return stdTextAPI(nil, dec), func(r io.Reader) { dec.Reset(r) }
	})
}

// stdTextAPI is the standard library's jsontext API, writing with enc and reading with dec.
func stdTextAPI(enc *jsontext.Encoder, dec *jsontext.Decoder) *textAPI[jsontext.Token] {
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
