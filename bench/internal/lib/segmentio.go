package lib

import (
	"io"

	"github.com/segmentio/encoding/json"
)

// segmentio is github.com/segmentio/encoding/json.
type segmentio struct{}

func init() { register(segmentio{}) }

func (segmentio) Info() Info {
	return Info{Name: "segmentio/encoding", Module: "github.com/segmentio/encoding",
		Note: "json.Marshal/Unmarshal; json.NewDecoder(r).Decode from an io.Reader; strings written with json.AppendEscape into a reused buffer, read with Unmarshal"}
}

func (segmentio) NewStringWriter(html bool) (func(string) ([]byte, error), bool) {
	var flags json.AppendFlags
	if html {
		flags = json.EscapeHTML
	}
	var buf []byte
	return func(s string) ([]byte, error) {
		buf = json.AppendEscape(buf[:0], s, flags)
		return buf, nil
	}, true
}

func (segmentio) NewStringReader() func([]byte) (string, error) {
	return func(lit []byte) (string, error) {
		var s string
		err := json.Unmarshal(lit, &s)
		return s, err
	}
}

func (segmentio) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (segmentio) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (segmentio) MarshalEscapesHTML() bool           { return true }

func (segmentio) Decode(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }
