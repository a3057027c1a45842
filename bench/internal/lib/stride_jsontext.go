package lib

import (
	"io"

	"github.com/stridejson/stride/bench/internal/tokens"
	"github.com/stridejson/stride/jsontext"
)

// strideText is Stride's jsontext package (github.com/stridejson/stride/jsontext), the
// encoding/json/jsontext API on Stride's token layer, beside the standard library's
// (stdjsonv2.go, Go 1.27) and the go-json-experiment module's.
type strideText struct{}

func init() { register(strideText{}) }

func (strideText) Info() Info {
	return Info{Name: "stride jsontext", Module: "github.com/stridejson/stride", Stride: true,
		Note: "jsontext.Encoder.WriteToken/WriteValue and Decoder.ReadToken, as the jsontext rows"}
}

func (strideText) NewTokenWriter() func([]tokens.Token) ([]byte, error) {
	return newTokenWriter(func(w io.Writer) (*textAPI[jsontext.Token], func(io.Writer)) {
		enc := jsontext.NewEncoder(w)
		return strideTextAPI(enc, nil), func(w io.Writer) { enc.Reset(w) }
	})
}

func (strideText) NewTokenReader() func([]byte, *tokens.Hash) error {
	return newTokenReader(func(r io.Reader) (*textAPI[jsontext.Token], func(io.Reader)) {
		dec := jsontext.NewDecoder(r)
		return strideTextAPI(nil, dec), func(r io.Reader) { dec.Reset(r) }
	})
}

// strideTextAPI is Stride's jsontext API, writing with enc and reading with dec.
func strideTextAPI(enc *jsontext.Encoder, dec *jsontext.Decoder) *textAPI[jsontext.Token] {
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
