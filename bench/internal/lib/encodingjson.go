package lib

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/stridejson/stride/bench/internal/tokens"
)

// encodingJSON is the standard library, the reference for every check.
type encodingJSON struct{}

func init() { register(encodingJSON{}) }

func (encodingJSON) Info() Info {
	return Info{Name: EncodingJSON, Note: "documents decoded from an io.Reader with NewDecoder(r).Decode; strings written with an Encoder (SetEscapeHTML) into a reused bytes.Buffer, read with Unmarshal into a string; tokens read with Decoder.Token"}
}

func (encodingJSON) NewStringWriter(html bool) (func(string) ([]byte, error), bool) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	return func(s string) ([]byte, error) {
		buf.Reset()
		if err := enc.Encode(s); err != nil {
			return nil, err
		}
		b := buf.Bytes()
		return b[:len(b)-1], nil // Encode ends each value with a newline
	}, true
}

func (encodingJSON) NewStringReader() func([]byte) (string, error) {
	return func(lit []byte) (string, error) {
		var s string
		err := json.Unmarshal(lit, &s)
		return s, err
	}
}

func (encodingJSON) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (encodingJSON) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (encodingJSON) MarshalEscapesHTML() bool           { return true }

func (encodingJSON) Decode(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }

func (encodingJSON) NewTokenReader() func([]byte, *tokens.Hash) error {
	var r bytes.Reader
	return func(data []byte, h *tokens.Hash) error {
		r.Reset(data)
		dec := json.NewDecoder(&r)
		for {
			t, err := dec.Token()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			switch v := t.(type) {
			case json.Delim:
				h.Delim(byte(v))
			case string:
				h.Str(v)
			case float64:
				h.Float(v)
			case bool:
				h.Bool(v)
			case nil:
				h.Null()
			}
		}
	}
}
