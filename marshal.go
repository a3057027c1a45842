package stride

import (
	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonfmt"
)

// Marshal returns the JSON encoding of v, byte for byte as encoding/json's Marshal writes it:
// HTML-safe string escaping, map members sorted by key, the struct tags and the Marshaler and
// encoding.TextMarshaler methods honoured in the same way. See encoding/json for the rules.
func Marshal(v any) ([]byte, error) {
	e := codec.NewState(true)
	defer e.Free()
	if err := e.MarshalValue(v); err != nil {
		return nil, err
	}
	return append([]byte(nil), e.Buf...), nil
}

// MarshalIndent is like Marshal but applies Indent to format the output. Each JSON element in the
// output will begin on a new line beginning with prefix followed by one or more copies of indent
// according to the indentation nesting.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	e := codec.NewState(true)
	defer e.Free()
	if err := e.MarshalValue(v); err != nil {
		return nil, err
	}
	d := jsonfmt.Indenter{Prefix: prefix, Indent: indent, Out: make([]byte, 0, len(e.Buf)+len(e.Buf)/4)}
	return d.Feed(e.Buf), nil
}
