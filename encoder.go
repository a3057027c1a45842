package stride

import (
	"io"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonfmt"
	"github.com/stridejson/stride/stream"
)

// An Encoder writes JSON values to an output stream.
//
// Unlike encoding/json's, which builds each whole value in memory before writing it, an Encoder
// hands its output to the writer in chunks of about stream.DefaultChunkSize bytes: a chunk ends
// between members or elements, or inside a long string or byte slice, which are written piece by
// piece. Values smaller than a chunk are written with one Write, as encoding/json writes them; for
// a larger value that fails part way (an unsupported value, a failing MarshalJSON), the writer has
// received a prefix of it. An error of the writer, or a short write without one (reported as
// io.ErrShortWrite), stops the Encoder: nothing more is written, and every later Encode returns
// that error.
type Encoder struct {
	w          io.Writer
	err        error
	escapeHTML bool
	esc        *stream.Escaper // from SetOptions, or nil for escapeHTML's
	prefix     string
	indent     string
}

// NewEncoder returns a new encoder that writes to w.
func NewEncoder(w io.Writer) *Encoder {
	return &Encoder{w: w, escapeHTML: true}
}

// Encode writes the JSON encoding of v to the stream, followed by a newline character.
//
// See the documentation for Marshal for details about the conversion of Go values to JSON.
func (enc *Encoder) Encode(v any) error {
	if enc.err != nil {
		return enc.err
	}
	e := codec.NewState(enc.escapeHTML)
	defer e.Free()
	if enc.esc != nil {
		e.SetEscaper(enc.esc)
	}
	var ind *jsonfmt.Indenter
	if enc.prefix != "" || enc.indent != "" {
		ind = &jsonfmt.Indenter{Prefix: enc.prefix, Indent: enc.indent}
	}
	e.StreamTo(enc.w, stream.DefaultChunkSize, ind)
	err := e.MarshalValue(v)
	if err == nil {
		e.EndLine()
	}
	if e.Werr != nil { // the destination failed: nothing more can be written whole
		enc.err = e.Werr
		return enc.err
	}
	return err
}

// SetIndent instructs the encoder to format each subsequent encoded value as if indented by the
// package-level function Indent(dst, src, prefix, indent). Calling SetIndent("", "") disables
// indentation.
func (enc *Encoder) SetIndent(prefix, indent string) {
	enc.prefix, enc.indent = prefix, indent
}

// SetEscapeHTML specifies whether problematic HTML characters should be escaped inside JSON quoted
// strings. The default behavior is to escape &, <, and > to \u0026, \u003c, and \u003e to avoid
// certain safety problems that can arise when embedding JSON in HTML.
//
// In non-HTML settings where the escaping interferes with the readability of the output,
// SetEscapeHTML(false) disables this behavior.
func (enc *Encoder) SetEscapeHTML(on bool) {
	enc.escapeHTML, enc.esc = on, nil
}
