package stream

import (
	"bytes"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonstr"
)

// A skip steps over a string literal with jsonstr.SkipString, which checks only what a skip outside
// StrictStrings must (see internal/jsonstr/skip.go), and hands over to the string kernel's scan
// under StrictStrings and the Reader's rawUTF8 mode (which Writer.Raw reads with), for errors, and
// where the buffer ends.

// skipStr steps over the string literal at r.pos (a '"'), refilling as it needs, and reports whether
// it is valid; where is "string literal" or "object key", for errors.
func (r *Reader) skipStr(where string) bool {
	from := r.pos + 1
	if !r.opts.StrictStrings && !r.rawUTF8 {
		end, f := jsonstr.SkipString(r.buf, r.pos)
		if end > 0 {
			r.bufMax = max(r.bufMax, end-r.pos) // as scanString keeps it
			r.pos = end
			return true
		}
		from = f
	}
	if r.src != nil && r.pin < 0 && !r.rawUTF8 {
		return r.skipStrStream(where, from, from == r.pos+1)
	}
	start, end, plain := r.scanStringFrom(where, from, from == r.pos+1)
	if end == 0 || !plain && !r.literalUTF8(start, end, where) {
		return false
	}
	r.pos = end
	return true
}

// skipStrStream is skipStr from an io.Reader where nothing needs the literal's bytes (no Raw holds
// the value): once it has read strDropFrom bytes of a string, the part the string kernel has
// checked is dropped as more arrives, so a string of any length is skipped in bounded room, and no
// token limit applies to it. After an error in a string so long, InputOffset is where the Reader
// got to in it rather than its start.
func (r *Reader) skipStrStream(where string, from int, plainBefore bool) bool {
	start := r.base + int64(r.pos)
	for {
		r.scanned += int64(len(r.buf) - from)
		end, resume, plain, e := jsonstr.ScanStringFrom(r.buf, from, plainBefore, r.opts.StrictStrings, r.eof)
		if e != nil {
			r.failString(e, where)
			r.backTo(start)
			return false
		}
		if end >= 0 {
			r.pos = end
			return true
		}
		if resume-r.pos >= strDropFrom {
			r.pos = resume // what more may drop
		}
		shift, ok := r.more()
		if !ok && r.err != nil {
			r.backTo(start)
			return false
		}
		from, plainBefore = resume-shift, plain
	}
}

// strDropFrom is how long a string skipStrStream skips grows in the buffer before what has been
// checked of it is dropped.
//
// NOTE: below it the string stays whole, so that an error leaves InputOffset at its start, as a
// memory Reader does; above it the buffer stays at about this size, not the string's.
const strDropFrom = 64 << 10

// backTo moves r back to the input offset off, where an error leaves it, if that is still in the
// buffer.
func (r *Reader) backTo(off int64) {
	if i := off - r.base; i >= 0 {
		r.pos = int(i)
	}
}

// literalUTF8 checks, under rawUTF8, that the string literal buf[start:end], which the string kernel
// has scanned outside strict mode and did not find plain (it holds an escape or invalid UTF-8), is
// valid UTF-8. An invalid byte is the error StrictStrings reports for it, at the same offset. It
// reports true outside rawUTF8, and under StrictStrings, whose scan has checked the UTF-8 already.
//
// NOTE: the kernel validates UTF-8 as it scans and says plain only for a literal without escapes
// and with valid UTF-8, so only literals with escapes (or invalid bytes) are read twice; the
// escapes themselves are ASCII, so the literal's bytes are valid UTF-8 exactly when its text is.
func (r *Reader) literalUTF8(start, end int, where string) bool {
	if !r.rawUTF8 || r.opts.StrictStrings {
		return true
	}
	lit := r.buf[start:end]
	if utf8.Valid(lit) {
		return true
	}
	i := 0
	for i < len(lit) {
		c, size := utf8.DecodeRune(lit[i:])
		if c == utf8.RuneError && size == 1 {
			break
		}
		i += size
	}
	r.fail(start+i, "invalid UTF-8 in "+where, "")
	return false
}

// plainEnd returns the index after the closing quote of the string literal that starts at buf[i] (a
// '"') when the literal is short plain ASCII: no escape, control byte or byte from 0x80 up before
// its closing quote, within the first 64 bytes. Its value is then buf[i+1:end-1]. Otherwise it
// returns 0 and to, the index up to which the literal is plain ASCII: the string kernel reads the
// literal from there (jsonstr.DecodeStringFrom).
//
// NOTE: names and most values in real documents are short ASCII; a direct call and a word test or
// two cost less than the kernel's generic call, which goes through a dictionary. Handing on to
// spares a second scan of a longer literal's first 64 bytes (a 64-byte string read 1.4x slower).
func plainEnd(buf []byte, i int) (end, to int) {
	j := i + 1
	for end := j + 64; j+8 <= len(buf) && j < end; j += 8 {
		if m := jsonstr.Stops(jsonstr.Load64(buf, j)); m != 0 {
			j += jsonstr.FirstLane(m)
			if buf[j] == '"' {
				return j + 1, 0
			}
			return 0, j
		}
	}
	return 0, j
}

// closes reports whether the string literal at buf[i] (a '"') can end within buf: a '"' that no
// backslash precedes comes after it. When none does, the kernel's one-pass DecodeString would only
// fail for want of bytes (and an error costs an allocation), so a stream reader scans as the bytes
// arrive instead. A true answer is a hint, not a promise (the literal may be invalid before it).
func closes(buf []byte, i int) bool {
	for j := i + 1; j < len(buf); j++ {
		q := bytes.IndexByte(buf[j:], '"')
		if q < 0 {
			return false
		}
		if j += q; buf[j-1] != '\\' {
			return true
		}
	}
	return false
}
