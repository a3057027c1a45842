package lib

import (
	"io"

	root "github.com/stridejson/stride"
)

// Stride's document rows: the root package's Marshal (encoding/json's output, HTML-safe),
// Unmarshal, and a Decoder's Decode from an io.Reader.

func (stride) Marshal(v any) ([]byte, error)      { return root.Marshal(v) }
func (stride) MarshalEscapesHTML() bool           { return true }
func (stride) Unmarshal(data []byte, v any) error { return root.Unmarshal(data, v) }
func (stride) Decode(r io.Reader, v any) error    { return root.NewDecoder(r).Decode(v) }
