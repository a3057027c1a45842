package lib

import (
	"io"

	root "github.com/stridejson/stride"
	"github.com/stridejson/stride/stream"
)

// Stride's document rows: the root package's Marshal (encoding/json's output, HTML-safe),
// Unmarshal, and a Decoder's Decode from an io.Reader.

func (stride) Marshal(v any) ([]byte, error)      { return root.Marshal(v) }
func (stride) MarshalEscapesHTML() bool           { return true }
func (stride) Unmarshal(data []byte, v any) error { return root.Unmarshal(data, v) }
func (stride) Decode(r io.Reader, v any) error    { return root.NewDecoder(r).Decode(v) }

// strideMinimal is the row beside sonic's ConfigDefault, which escapes no HTML and checks no
// UTF-8: Marshal with MarshalOptions{Escaper: stream.Minimal}, which escapes only what JSON
// requires (and writes invalid UTF-8 as U+FFFD).
type strideMinimal struct{}

func init() { register(strideMinimal{}) }

func (strideMinimal) Info() Info {
	return Info{Name: "stride (Minimal)", Module: "github.com/stridejson/stride", Stride: true,
		Note: "MarshalOptions{Escaper: stream.Minimal}.Marshal: no HTML escaping, like sonic's ConfigDefault"}
}

var minimalOptions = root.MarshalOptions{Escaper: stream.Minimal}

func (strideMinimal) Marshal(v any) ([]byte, error) { return minimalOptions.Marshal(v) }
func (strideMinimal) MarshalEscapesHTML() bool      { return false }
