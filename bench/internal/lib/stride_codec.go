package lib

import root "github.com/stridejson/stride"

// Stride's document rows: the root package's Marshal (encoding/json's output, HTML-safe) and
// Unmarshal.

func (stride) Marshal(v any) ([]byte, error)      { return root.Marshal(v) }
func (stride) MarshalEscapesHTML() bool           { return true }
func (stride) Unmarshal(data []byte, v any) error { return root.Unmarshal(data, v) }
