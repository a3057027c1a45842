// Package lib holds one adapter per JSON library. Each adapter file registers one or more
// Libraries in an init function; a Library implements the interfaces of the workload kinds it
// supports, and the suite asks for them with type assertions. Adding a library, or adding a kind to
// one, touches only its file.
package lib

import (
	"io"
	"sort"
	"unsafe"

	"github.com/stridejson/stride/bench/internal/tokens"
)

// Info names a library row.
type Info struct {
	Name   string // the row label, e.g. "sonic (ConfigStd)"
	Module string // the module path whose version the report prints; "" for the standard library
	Stride bool   // Stride's own rows, highlighted in the report
	Note   string // how the adapter uses the library, for the report's footnotes
}

// A Library is anything with an Info; what else it can do is told by the interfaces below.
type Library interface {
	Info() Info
}

// StringWriter writes one Go string as a JSON string literal.
type StringWriter interface {
	// NewStringWriter returns a function that writes s as a JSON string literal into a buffer it
	// reuses from call to call; the result is valid until the next call. html asks for '<', '>' and
	// '&' to be escaped as encoding/json does by default. ok is false when the library cannot write
	// in that mode.
	NewStringWriter(html bool) (write func(s string) ([]byte, error), ok bool)
}

// StringReader decodes one JSON string literal.
type StringReader interface {
	// NewStringReader returns a function that decodes lit, one complete JSON string literal. The
	// result may alias a buffer the function reuses; it is valid until the next call.
	NewStringReader() func(lit []byte) (string, error)
}

// Unmarshaler decodes a whole document into a Go value (a pointer to a struct, or a *any).
type Unmarshaler interface {
	Unmarshal(data []byte, v any) error
}

// StreamDecoder decodes a whole document read from an io.Reader into a Go value (a pointer to a
// struct), as a server reads a request body.
type StreamDecoder interface {
	// Decode decodes the first JSON value read from r into v with the library's streaming decoder.
	Decode(r io.Reader, v any) error
}

// Marshaler encodes a Go value as a whole document.
type Marshaler interface {
	Marshal(v any) ([]byte, error)
	// MarshalEscapesHTML reports whether Marshal escapes '<', '>' and '&', which decides the
	// encoding/json settings its output is compared with.
	MarshalEscapesHTML() bool
}

// TokenWriter writes a document token by token.
type TokenWriter interface {
	// NewTokenWriter returns a function that writes toks as one compact JSON document, numbers
	// copied as they are. The result is valid until the next call.
	NewTokenWriter() func(toks []tokens.Token) ([]byte, error)
}

// TokenReader reads a document token by token.
type TokenReader interface {
	// NewTokenReader returns a function that reads every token of data in order and records it in
	// h: names and strings by value, numbers as float64.
	NewTokenReader() func(data []byte, h *tokens.Hash) error
}

var registry []Library

func register(l ...Library) { registry = append(registry, l...) }

// All returns every registered library: encoding/json first, then Stride's rows, then the peers
// by name.
func All() []Library {
	out := append([]Library(nil), registry...)
	rank := func(l Library) int {
		switch i := l.Info(); {
		case i.Name == EncodingJSON:
			return 0
		case i.Stride:
			return 1
		}
		return 2
	}
	sort.SliceStable(out, func(a, b int) bool {
		ra, rb := rank(out[a]), rank(out[b])
		if ra != rb {
			return ra < rb
		}
		return out[a].Info().Name < out[b].Info().Name
	})
	return out
}

// EncodingJSON is the name of the reference row, against which every output is checked and every
// ratio is taken.
const EncodingJSON = "encoding/json"

// view returns b as a string without copying; the string is valid while b is not modified.
func view(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
