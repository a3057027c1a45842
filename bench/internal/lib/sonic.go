package lib

import (
	"io"

	"github.com/bytedance/sonic"
	"github.com/bytedance/sonic/encoder"
)

// sonicLib is github.com/bytedance/sonic under one of its two ready-made configurations.
type sonicLib struct {
	name string
	api  sonic.API
	opts encoder.Options // the encoder options api uses, for writing strings into a reused buffer
	html bool            // whether api escapes HTML
}

func init() {
	register(
		sonicLib{"sonic (ConfigDefault)", sonic.ConfigDefault, 0, false},
		sonicLib{"sonic (ConfigStd)", sonic.ConfigStd,
			encoder.EscapeHTML | encoder.SortMapKeys | encoder.CompactMarshaler | encoder.ValidateString, true},
	)
}

func (l sonicLib) Info() Info {
	return Info{Name: l.name, Module: "github.com/bytedance/sonic",
		Note: "API Marshal/Unmarshal; API NewDecoder(r).Decode from an io.Reader; strings written with encoder.EncodeInto into a reused buffer under the configuration's options, EscapeHTML toggled"}
}

func (l sonicLib) NewStringWriter(html bool) (func(string) ([]byte, error), bool) {
	opts := l.opts &^ encoder.EscapeHTML
	if html {
		opts |= encoder.EscapeHTML
	}
	var buf []byte
	return func(s string) ([]byte, error) {
		buf = buf[:0]
		err := encoder.EncodeInto(&buf, s, opts)
		return buf, err
	}, true
}

func (l sonicLib) NewStringReader() func([]byte) (string, error) {
	return func(lit []byte) (string, error) {
		var s string
		err := l.api.Unmarshal(lit, &s)
		return s, err
	}
}

func (l sonicLib) Unmarshal(data []byte, v any) error { return l.api.Unmarshal(data, v) }
func (l sonicLib) Marshal(v any) ([]byte, error)      { return l.api.Marshal(v) }
func (l sonicLib) MarshalEscapesHTML() bool           { return l.html }

func (l sonicLib) Decode(r io.Reader, v any) error { return l.api.NewDecoder(r).Decode(v) }
