package stream

import (
	"errors"
	"io"

	"github.com/stridejson/stride/internal/jsonstr"
)

// Strings too long to hold: the Reader's StringReader decodes one as it arrives, and the Writer's
// StringWriter escapes one as it is written, each in bounded memory and without the token limit.
// Both cost what the string kernels cost: in proportion to the escapes, wherever they are.

// StringReader returns an io.Reader of the decoded text of the next value, a string, read from the
// input as the returned reader is read: a string of any length passes through in bounded memory
// (no token limit applies), checked as String checks it. It returns io.EOF once the string has
// ended (r is then after it), or r's error. Until then, call no other method of r. Anything but a
// string is an error, which the returned reader reports.
func (r *Reader) StringReader() io.Reader {
	c := r.peek()
	if c <= ' ' {
		var ok bool
		if c, ok = r.value(); !ok {
			return &stringReader{r: r, done: true}
		}
	}
	if c != '"' {
		r.failKind(c, "string")
		return &stringReader{r: r, done: true}
	}
	return &stringReader{r: r, i: r.pos + 1, plain: true}
}

// A stringReader decodes a string literal piece by piece from its Reader's buffer.
type stringReader struct {
	r     *Reader
	i     int    // the index in r.buf of the next byte of the literal to decode
	plain bool   // the bytes before i had no escape or invalid UTF-8 (for ScanStringFrom)
	done  bool   // the literal has ended (or failed)
	out   []byte // decoded and not read yet
	buf   []byte // out's room
	lit   []byte // a piece of the literal, quoted, for the decoder
}

func (s *stringReader) Read(p []byte) (int, error) {
	for len(s.out) == 0 {
		if s.r.err != nil {
			return 0, s.r.err
		}
		if s.done {
			return 0, io.EOF
		}
		s.fill()
	}
	n := copy(p, s.out)
	s.out = s.out[n:]
	return n, nil
}

// fill decodes the next piece of the literal into out: what the buffer holds that no byte to come
// can change, reading more input (and dropping what has been decoded) when that is nothing.
func (s *stringReader) fill() {
	r := s.r
	for {
		end, resume, plain, e := jsonstr.ScanStringFrom(r.buf, s.i, s.plain, r.opts.StrictStrings, r.eof)
		if e != nil {
			r.failString(e, "string literal")
			s.done = true
			return
		}
		stop := resume
		if end >= 0 {
			stop = end - 1
		} else {
			stop = holdHighSurrogate(r.buf, s.i, stop)
		}
		if stop > s.i || end >= 0 {
			out := append(s.buf[:0], r.buf[s.i:stop]...)
			if !plain {
				// The piece has escapes or invalid UTF-8: the kernel decodes it as a literal.
				s.lit = append(append(append(s.lit[:0], '"'), r.buf[s.i:stop]...), '"')
				var lplain bool
				var e *jsonstr.Error
				if out, _, lplain, e = jsonstr.DecodeString(s.buf[:0], s.lit, 0, r.opts.StrictStrings); e != nil {
					// (A surrogate pair cut in two cannot reach here: see holdHighSurrogate.)
					e.Offset += s.i - 1
					r.failString(e, "string literal")
					s.done = true
					return
				} else if lplain {
					out = append(s.buf[:0], s.lit[1:len(s.lit)-1]...)
				}
			}
			s.buf, s.out = out, out
			if end >= 0 {
				r.pos, r.state, s.done = end, stAfter, true
			} else {
				s.i, s.plain = stop, plain
			}
			return
		}
		r.pos = s.i // what more may drop: decoded already
		shift, ok := r.more()
		s.i -= shift
		if !ok && r.err != nil {
			s.done = true
			return
		}
	}
}

// holdHighSurrogate returns stop, or the start of an escaped high surrogate (\uD800 to \uDBFF) that
// ends the checked bytes b[from:stop], so that it is decoded with the low surrogate after it.
func holdHighSurrogate(b []byte, from, stop int) int {
	k := stop - 6
	if k < from || b[k] != '\\' || b[k+1] != 'u' || b[k+2]|0x20 != 'd' || b[k+3] < '8' || (b[k+3]|0x20 > 'b' && b[k+3] > '9') {
		return stop
	}
	// The backslash escapes the 'u' only if the run of backslashes it ends is odd.
	n := 0
	for j := k; j >= from && b[j] == '\\'; j-- {
		n++
	}
	if n%2 == 1 {
		return k
	}
	return stop
}

// StringWriter begins a string value and returns an io.WriteCloser of its text: bytes written to
// it are escaped as String escapes them and streamed like every value (in chunks, in bounded
// memory, a UTF-8 character cut between two writes escaped whole), and Close ends the string. It
// writes nothing more after the Writer's first error, which Write and Close report. Until Close,
// call no other method of w.
func (w *Writer) StringWriter() io.WriteCloser {
	sw := &stringWriter{w: w, start: w.OutputOffset()}
	w.setMark(len(w.buf))
	if !w.value(1) || !w.need(1) {
		sw.closed = true
		return sw
	}
	w.buf = append(w.buf, '"')
	return sw
}

// A stringWriter escapes the text of one string value into its Writer.
type stringWriter struct {
	w      *Writer
	start  int64   // the output offset of the string, for errors
	n      int     // the bytes of text written before, for errors
	carry  [3]byte // the start of a UTF-8 character that the last Write cut
	nc     int
	closed bool
}

var errStringClosed = errors.New("stride: write to a closed StringWriter")

func (sw *stringWriter) Write(p []byte) (int, error) {
	w := sw.w
	if w.err != nil {
		return 0, w.err
	}
	if sw.closed {
		return 0, errStringClosed
	}
	n := len(p)
	for sw.nc > 0 {
		// The character the last Write cut, completed from p, or its bytes found invalid one
		// by one.
		var c [6]byte
		k := copy(c[:], sw.carry[:sw.nc])
		k += copy(c[k:], p[:min(len(p), 3)])
		m := charLen(c[:k])
		if m == 0 { // still cut: p is too short to complete it
			sw.nc = copy(sw.carry[:], c[:k])
			return n, nil
		}
		if err := sw.escape(c[:m]); err != nil {
			return 0, err
		}
		if m >= sw.nc {
			p, sw.nc = p[m-sw.nc:], 0
		} else {
			sw.nc = copy(sw.carry[:], sw.carry[m:sw.nc])
		}
	}
	t := len(p) - tailCut(p)
	if err := sw.escape(p[:t]); err != nil {
		return 0, err
	}
	sw.nc = copy(sw.carry[:], p[t:])
	return n, nil
}

// escape writes the escaped text of s, whole characters.
func (sw *stringWriter) escape(s []byte) error {
	if err := escapePieces(sw.w, s, sw.w.policy(), sw.start, sw.n); err != nil {
		return err
	}
	sw.n += len(s)
	return nil
}

// Close writes what the last Write cut (an invalid character, since no byte completes it) and the
// closing quote, and reports the Writer's error.
func (sw *stringWriter) Close() error {
	w := sw.w
	if sw.closed {
		return w.err
	}
	sw.closed = true
	if sw.nc > 0 {
		if err := sw.escape(sw.carry[:sw.nc]); err != nil {
			return err
		}
		sw.nc = 0
	}
	if !w.need(1) {
		return w.err
	}
	w.buf = append(w.buf, '"')
	return w.err
}

// charLen returns the length of the UTF-8 character (or invalid byte, 1) at the start of b, or 0
// when b is a valid start of a character that it cuts short.
func charLen(b []byte) int {
	n, lo, hi := jsonstr.UTF8Lead(b[0])
	if n == 0 {
		return 1
	}
	for j := 1; j < n; j++ {
		if j == len(b) {
			return 0
		}
		if c := b[j]; j == 1 && (c < lo || c > hi) || j > 1 && c&0xC0 != 0x80 {
			return 1 // invalid: the lead byte alone
		}
	}
	return n
}

// tailCut returns how many bytes at the end of p are the valid start of a UTF-8 character that p
// cuts short (0 to 3).
func tailCut(p []byte) int {
	for k := len(p) - 1; k >= 0 && k >= len(p)-3; k-- {
		if p[k]&0xC0 != 0x80 {
			if n, _, _ := jsonstr.UTF8Lead(p[k]); n > len(p)-k && charLen(p[k:]) == 0 {
				return len(p) - k
			}
			return 0
		}
	}
	return 0
}
