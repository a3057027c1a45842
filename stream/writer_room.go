package stream

import "io"

// Room in the buffer. Every token makes one check, len(buf)+n <= limit, before it appends at most
// n bytes; long strings and raw values make one per piece. In memory, limit is cap(buf)-slack and a
// failed check grows the buffer; streaming, limit is the chunk size and a failed check flushes.

// need makes room for n more bytes (n small: at most a token's worth) and reports false after an
// error.
func (w *Writer) need(n int) bool {
	if len(w.buf)+n <= w.limit {
		return true
	}
	return w.makeRoom(n)
}

// makeRoom flushes (streaming) or grows (in memory) so that n more bytes fit below limit.
func (w *Writer) makeRoom(n int) bool {
	if w.err != nil {
		return false
	}
	if w.dst == nil {
		w.grow(n)
		return true
	}
	if !w.flush() {
		return false
	}
	if cap(w.buf)-slack < max(w.chunk, n) {
		w.buf = make([]byte, 0, max(w.chunk, n)+slack)
	}
	w.limit = w.chunk
	return true
}

// grow reallocates the in-memory buffer with room for n more bytes, at least doubling it.
func (w *Writer) grow(n int) {
	c := max(2*cap(w.buf), len(w.buf)+n+slack, 512)
	b := make([]byte, len(w.buf), c)
	copy(b, w.buf)
	w.buf = b
	w.limit = c - slack
}

// flush hands the buffer to the destination. On failure it drops the buffer, records a sticky
// *WriteError and returns false.
func (w *Writer) flush() bool {
	if len(w.buf) == 0 {
		return true
	}
	n, err := w.dst.Write(w.buf)
	if n < 0 || n > len(w.buf) {
		n = 0 // a broken io.Writer: count nothing as delivered
		if err == nil {
			err = errBadWriteCount
		}
	}
	w.flushed += int64(n)
	if err == nil && n < len(w.buf) {
		err = io.ErrShortWrite
	}
	w.buf = w.buf[:0]
	if err != nil {
		w.err = &WriteError{Offset: w.flushed, Err: err}
		w.state = stErr
		return false
	}
	return true
}

// appendLong appends s, which may be longer than a chunk, in pieces that each fit the room left;
// it is the cold path of raw values, numbers and indentation.
func appendLong[S ~string | ~[]byte](w *Writer, s S) bool {
	for len(s) > 0 {
		room := w.limit - len(w.buf)
		if room < len(s) && room < w.refill() {
			if !w.makeRoom(min(len(s), w.refill())) {
				return false
			}
			room = w.limit - len(w.buf)
		}
		n := min(len(s), room)
		w.buf = append(w.buf, s[:n]...)
		s = s[n:]
	}
	return true
}

// refill is the room below which a long string or raw value makes room before its next piece: a
// quarter chunk streaming (so each Write carries at least three quarters of a chunk), and 24 KiB in
// memory (so that a piece of escaped string is at least 4 KiB of input).
//
// NOTE: measured streaming 20 KB VAST-like strings through an 8 KiB chunk to io.Discard, refilling
// below a half, a quarter or an eighth of the chunk ran within noise of each other and of the
// kernel's in-memory speed: the pieces (at least a sixth of the room each) are long enough that the
// per-piece cost does not show.
func (w *Writer) refill() int {
	if w.dst == nil {
		return 6 << 12
	}
	return w.chunk / 4
}
