package stream

import (
	"io"
	"strconv"

	"github.com/stridejson/stride/internal/jsonstr"
)

// A Writer writes JSON one token at a time, inserting commas, colons and (when asked) indentation,
// and checking the grammar as it goes: a token that would make the output invalid JSON is an error,
// never invalid output.
//
// A Writer works in one of two modes. In memory (a zero Writer, or NewWriter(nil)) it appends the
// document to a buffer, returned by Bytes, that grows by at least doubling. Streaming
// (NewWriter(dst)) it hands the output to dst in chunks of at most the chunk size (DefaultChunkSize
// unless SetChunkSize says otherwise) and holds no more than that plus a small constant, even
// inside a string of any length; call Close at the end (Flush hands over what is buffered).
//
// Errors are sticky: the first error (a *WriteError from the destination or a *TokenError from the
// caller) is returned by the call that hit it, by every later call, and by Flush and Err. After an
// error nothing more reaches the destination, so what it received is always a prefix of the output
// the calls up to the failed one would have made.
//
// Several top-level values are written with Newline between them (newline-delimited JSON): a second
// value right after the first is an error.
//
// A Writer is not safe for concurrent use. Reset readies one for a new document and keeps its buffer
// and settings, so a Writer taken from a sync.Pool writes without allocating.
type Writer struct {
	buf     []byte // output not yet handed to dst; in memory, the whole document
	limit   int    // buf may grow to limit bytes with one check per token (writer_room.go)
	state   uint8  // what the grammar allows next (the st constants)
	next    uint8  // the state after a complete value in the innermost container
	pretty  bool   // any white space (the layout's fields below): tokens take the cold paths
	lines   bool   // Layout.Multiline
	spColon bool   // Layout.SpaceAfterColon
	spComma bool   // Layout.SpaceAfterComma
	soft    bool   // SetSoftErrors
	dst     io.Writer
	esc     *jsonstr.Policy // nil means EncodingJSON
	chunk   int
	stack   []byte // open containers, innermost last: '{' or '['
	prefix  string
	indent  string
	flushed int64 // bytes the destination accepted
	err     error
	mark    struct { // the Writer before the string being written (setMark)
		n       int
		flushed int64
		state   uint8
	}
	check *Reader // reads Raw's argument to check it (rawValue); made at the first Raw, kept by Reset
}

// DefaultChunkSize is a streaming Writer's chunk size unless SetChunkSize changes it.
const DefaultChunkSize = 8 << 10

// MinChunkSize is the smallest chunk size SetChunkSize accepts; smaller sizes are raised to it.
const MinChunkSize = 256

// slack is the room kept past limit: the string kernel needs 72 bytes of spare capacity for its
// word-at-a-time expansion, and never reallocates a buffer that has them, so the buffer's size
// stays the Writer's decision.
const slack = 128

// NewWriter returns a Writer that streams to dst, or one that writes in memory if dst is nil. It
// escapes strings as EncodingJSON does and writes compact JSON.
func NewWriter(dst io.Writer) *Writer {
	w := &Writer{}
	w.Reset(dst)
	return w
}

// Reset discards the Writer's state and any error, and readies it to write a new document to dst
// (in memory if dst is nil). Buffered output not yet flushed is dropped. The buffer and the
// settings (escaper, indentation, chunk size) are kept.
func (w *Writer) Reset(dst io.Writer) {
	w.dst = dst
	w.buf = w.buf[:0]
	w.err = nil
	w.flushed = 0
	w.stack = w.stack[:0]
	w.state, w.next = stNone, stTopDone
	if w.chunk == 0 {
		w.chunk = DefaultChunkSize
	}
	w.setLimit()
}

// setLimit sets limit from the buffer and the mode. A limit below the mode's target sends the next
// token to the cold path, which sizes the buffer.
func (w *Writer) setLimit() {
	w.limit = max(cap(w.buf)-slack, 0)
	if w.dst != nil {
		w.limit = min(w.limit, w.chunk)
	}
}

// SetEscaper sets how strings and names are escaped; nil restores the default, EncodingJSON.
func (w *Writer) SetEscaper(e *Escaper) {
	if e == nil {
		w.esc = nil
		return
	}
	w.esc = e.p
}

// SetIndent makes the Writer indent as json.MarshalIndent does: each element and member on its own
// line, starting with prefix and one indent per level of nesting, and a space after each colon.
// SetIndent("", "") restores compact output, as with json.Encoder. prefix and indent are written
// as they are, as json.Indent writes them: anything but JSON whitespace in them makes the output
// something other than JSON. SetIndent must be called between top-level values; inside one it is
// a *TokenError.
func (w *Writer) SetIndent(prefix, indent string) {
	on := prefix != "" || indent != ""
	w.SetLayout(Layout{Multiline: on, Prefix: prefix, Indent: indent, SpaceAfterColon: on})
}

// A Layout is where a Writer puts white space: the layouts of encoding/json/jsontext's options
// (Multiline, WithIndentPrefix, WithIndent, SpaceAfterColon, SpaceAfterComma). The zero Layout
// is compact.
type Layout struct {
	// Multiline puts each element and member on its own line, after Prefix and one Indent per
	// level of nesting. Empty objects and arrays stay "{}" and "[]"; top-level values are not
	// indented.
	Multiline      bool
	Prefix, Indent string
	// SpaceAfterColon writes a space after each colon, SpaceAfterComma after each comma (before
	// the line break of Multiline).
	SpaceAfterColon, SpaceAfterComma bool
}

// SetLayout sets where the Writer puts white space (SetIndent is one layout). Like SetIndent, it
// must be called between top-level values; inside one it is a *TokenError. Prefix and Indent are
// written as they are.
func (w *Writer) SetLayout(l Layout) {
	if len(w.stack) > 0 {
		w.fail(w.OutputOffset(), "SetIndent inside a value", nil)
		return
	}
	w.prefix, w.indent = l.Prefix, l.Indent
	w.lines, w.spColon, w.spComma = l.Multiline, l.SpaceAfterColon, l.SpaceAfterComma
	w.pretty = l.Multiline || l.SpaceAfterColon || l.SpaceAfterComma
}

// SetSoftErrors makes the errors of a string's text recoverable: when a string or name is invalid
// (invalid UTF-8 under an Escaper with RejectInvalidUTF8) and none of it has reached the
// destination yet, the *TokenError is returned but not kept, and the Writer is as it was before
// the call. It is how encoding/json/jsontext's Encoder treats a token it refuses. Every other
// error stays sticky.
func (w *Writer) SetSoftErrors(on bool) { w.soft = on }

// SetChunkSize sets the size of the chunks a streaming Writer hands to its destination (sizes below
// MinChunkSize are raised to it). No Write is larger than the chunk size; output already buffered
// when the size shrinks is handed over as it is, at the next flush.
func (w *Writer) SetChunkSize(n int) {
	w.chunk = max(n, MinChunkSize)
	w.setLimit()
}

// Bytes returns the output not yet handed to the destination: in memory, the whole document so far
// (after an error, the part before the failed token). The slice is valid until the next call.
func (w *Writer) Bytes() []byte { return w.buf }

// Err returns the sticky error, if any.
func (w *Writer) Err() error { return w.err }

// OutputOffset returns the number of bytes written so far: handed to the destination plus buffered.
func (w *Writer) OutputOffset() int64 { return w.flushed + int64(len(w.buf)) }

// Depth returns the number of open objects and arrays.
func (w *Writer) Depth() int { return len(w.stack) }

// Flush hands the buffered output to the destination and reports how the stream ended: nil, or the
// sticky error. In memory it only reports the error.
func (w *Writer) Flush() error {
	if w.err == nil && w.dst != nil {
		w.flush()
	}
	return w.err
}

// Close finishes the document: it reports a value left unfinished (an object or array still open,
// or a member name without its value) as a *TokenError, and otherwise hands the buffered output to
// the destination, as Flush does, and returns the sticky error or nil. Flush writes out part of a
// document while streaming; Close is the one call that says the document is complete. A Writer
// that has written no value closes without error (an empty stream of newline-delimited JSON).
//
// Close does not close the destination. After it, any token (and Newline) is a *TokenError until
// Reset; Close again returns what the first Close did.
func (w *Writer) Close() error {
	if w.state == stErr || w.state == stClosed {
		return w.err
	}
	if n := len(w.stack); n > 0 {
		where := "inside an array"
		if w.stack[n-1] == '{' {
			where = "inside an object"
			if w.state == stNone {
				where = "after an object member name, before its value"
			}
		}
		return w.fail(w.OutputOffset(), "Close with the document unfinished: "+where+" (depth "+strconv.Itoa(n)+")", nil)
	}
	if w.dst != nil && !w.flush() {
		return w.err
	}
	w.state = stClosed
	return nil
}

// failClosed records a token written after Close.
func (w *Writer) failClosed() error {
	return w.fail(w.OutputOffset(), "token written after Close", nil)
}

// policy returns the escaping policy in use.
func (w *Writer) policy() *jsonstr.Policy {
	if p := w.esc; p != nil {
		return p
	}
	return EncodingJSON.p
}
