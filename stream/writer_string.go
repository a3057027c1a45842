package stream

import (
	"github.com/stridejson/stride/internal/jsonstr"
)

// String writes s as a JSON string escaped under the Writer's Escaper. Invalid UTF-8 is written as
// the Escaper spells it (\ufffd, or U+FFFD under RawReplacement), or is a *TokenError under an
// Escaper with RejectInvalidUTF8.
func (w *Writer) String(s string) error { return writeString(w, s) }

// StringBytes is String for a []byte.
func (w *Writer) StringBytes(s []byte) error { return writeString(w, s) }

// Name writes s as an object member name, escaped as String escapes, and the colon after it.
// Outside an object, or where a value is due, it is a *TokenError.
func (w *Writer) Name(s string) error { return writeName(w, s) }

// NameBytes is Name for a []byte.
func (w *Writer) NameBytes(s []byte) error { return writeName(w, s) }

func writeString[S ~string | ~[]byte](w *Writer, s S) error {
	// NOTE: six output bytes per input byte is the most any policy writes (\u00XX for an ASCII
	// byte, \ufffd for an invalid one; a 4-byte character becomes a 12-byte surrogate pair), so a
	// string that passes this test cannot overrun the room, quotes, comma and colon included
	// (len < room/6 gives 6*len+6 <= room). The test is a multiply, a shift and a compare.
	if w.state <= stComma && len(s) < (w.limit-len(w.buf))/6 {
		start := len(w.buf)
		if w.state == stComma {
			w.buf = append(w.buf, ',')
		}
		var err error
		if w.buf, err = jsonstr.AppendQuote(w.buf, s, w.policy()); err != nil {
			w.setMark(start)
			return w.stringError(w.flushed+int64(start), err, 0)
		}
		w.state = w.next
		return nil
	}
	return stringSlow(w, s)
}

func writeName[S ~string | ~[]byte](w *Writer, s S) error {
	if (w.state == stObjFirst || w.state == stObjNext) && !w.pretty && len(s) < (w.limit-len(w.buf))/6 {
		start := len(w.buf)
		if w.state == stObjNext {
			w.buf = append(w.buf, ',')
		}
		var err error
		if w.buf, err = jsonstr.AppendQuote(w.buf, s, w.policy()); err != nil {
			w.setMark(start)
			return w.stringError(w.flushed+int64(start), err, 0)
		}
		w.buf = append(w.buf, ':')
		w.state = stNone
		return nil
	}
	return nameSlow(w, s)
}

func stringSlow[S ~string | ~[]byte](w *Writer, s S) error {
	start := w.OutputOffset()
	w.setMark(len(w.buf))
	if !w.value(1) {
		return w.err
	}
	return quoted(w, s, start)
}

func nameSlow[S ~string | ~[]byte](w *Writer, s S) error {
	start := w.OutputOffset()
	w.setMark(len(w.buf))
	if !w.name() {
		return w.err
	}
	if err := quoted(w, s, start); err != nil {
		return err
	}
	if !w.need(2) {
		return w.err
	}
	w.buf = append(w.buf, ':')
	if w.spColon {
		w.buf = append(w.buf, ' ')
	}
	return nil
}

// quoted writes s as a string literal after its separator, in one piece when it fits the room and
// in pieces otherwise. start is the output offset where the token began.
func quoted[S ~string | ~[]byte](w *Writer, s S, start int64) error {
	p := w.policy()
	if !w.need(1) {
		return w.err
	}
	w.buf = append(w.buf, '"')
	if err := escapePieces(w, s, p, start, 0); err != nil {
		return err
	}
	if !w.need(1) {
		return w.err
	}
	w.buf = append(w.buf, '"')
	return nil
}

// escapePieces writes s escaped under p, in pieces the room takes: the text of a string literal
// that began at output offset start, of which s begins at offset at of its text (for errors).
func escapePieces[S ~string | ~[]byte](w *Writer, s S, p *jsonstr.Policy, start int64, at int) error {
	for i := 0; i < len(s); {
		// One check per piece. A piece is as much of the rest as fits the room at six output
		// bytes per input byte; when it would be short, flush or grow first (see refill).
		room := w.limit - len(w.buf)
		if rest := len(s) - i; rest > room/6 && room < w.refill() {
			if !w.makeRoom(6 * min(rest, w.refill()/6)) {
				return w.err
			}
			room = w.limit - len(w.buf)
		}
		e := i + min(len(s)-i, room/6)
		if e < len(s) {
			e = cut(s, i, e)
		}
		var err error
		if w.buf, err = jsonstr.AppendEscaped(w.buf, s[i:e], p); err != nil {
			return w.stringError(start, err, at+i)
		}
		i = e
	}
	return nil
}

// stringError records a kernel error (invalid UTF-8 under RejectInvalidUTF8) in a string that
// began at output offset start; at is the offset in the string of the piece given to the kernel.
func (w *Writer) stringError(start int64, err error, at int) error {
	if e, ok := err.(*jsonstr.Error); ok {
		e.Offset += at
	}
	if w.soft && w.flushed == w.mark.flushed && w.err == nil {
		w.buf, w.state = w.buf[:w.mark.n], w.mark.state
		return &TokenError{Offset: start, Msg: "invalid string", Err: wrapError(err)}
	}
	return w.fail(start, "invalid string", wrapError(err))
}

// setMark notes the Writer as it is before a string whose output begins at buf index n, for
// SetSoftErrors.
func (w *Writer) setMark(n int) {
	w.mark.n, w.mark.flushed, w.mark.state = n, w.flushed, w.state
}

// cut returns where to end a piece of s that starts at i and would end at e (i+4 <= e < len(s)):
// e itself, or the start of the valid UTF-8 character that e would split. The kernel escapes a
// string cut there exactly as it escapes the whole, since it decodes each valid character whole and
// each invalid byte alone.
func cut[S ~string | ~[]byte](s S, i, e int) int {
	if s[e]&0xC0 != 0x80 {
		return e // e starts a character (or is ASCII, or an invalid lead byte)
	}
	for k := e - 1; k >= e-3 && k > i; k-- {
		c := s[k]
		if c&0xC0 == 0x80 {
			continue
		}
		if n, _, _ := jsonstr.UTF8Lead(c); n > 0 && k+n > e && validChar(s, k) {
			return k
		}
		return e
	}
	return e
}

// validChar reports whether a complete, valid multi-byte UTF-8 character starts at s[k].
func validChar[S ~string | ~[]byte](s S, k int) bool {
	n, lo, hi := jsonstr.UTF8Lead(s[k])
	if n == 0 || k+n > len(s) || s[k+1] < lo || s[k+1] > hi {
		return false
	}
	for j := k + 2; j < k+n; j++ {
		if s[j]&0xC0 != 0x80 {
			return false
		}
	}
	return true
}

// RawNameUnchecked writes b, a string literal (quotes and escapes included) that the caller has
// checked, as an object member name, and the colon after it. It is Name for a name already
// quoted; if b is not a valid string literal, the output is not JSON.
func (w *Writer) RawNameUnchecked(b []byte) error {
	if !w.name() || !appendLong(w, b) || !w.need(2) {
		return w.err
	}
	w.buf = append(w.buf, ':')
	if w.spColon {
		w.buf = append(w.buf, ' ')
	}
	return nil
}
