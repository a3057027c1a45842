package lib

import (
	"bytes"
	"io"

	"github.com/goccy/go-json"
)

// goccy is github.com/goccy/go-json.
type goccy struct{}

func init() { register(goccy{}) }

func (goccy) Info() Info {
	return Info{Name: "goccy/go-json", Module: "github.com/goccy/go-json",
		Note: "Marshal/Unmarshal; NewDecoder(r).Decode from an io.Reader; strings written with an Encoder (SetEscapeHTML) into a reused bytes.Buffer, read with Unmarshal"}
}

func (goccy) NewStringWriter(html bool) (func(string) ([]byte, error), bool) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	return func(s string) ([]byte, error) {
		buf.Reset()
		if err := enc.Encode(s); err != nil {
			return nil, err
		}
		return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
	}, true
}

func (goccy) NewStringReader() func([]byte) (string, error) {
	return func(lit []byte) (string, error) {
		var s string
		err := json.Unmarshal(lit, &s)
		return s, err
	}
}

func (goccy) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (goccy) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (goccy) MarshalEscapesHTML() bool           { return true }

func (goccy) Decode(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
