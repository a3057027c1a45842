package stream

import (
	"strconv"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonstr"
)

// Null reads a null. It returns the sticky error.
func (r *Reader) Null() error {
	c := r.peek()
	if c <= ' ' {
		var ok bool
		if c, ok = r.value(); !ok {
			return r.err
		}
	}
	if c != 'n' {
		r.failKind(c, "null")
		return r.err
	}
	r.literal("null")
	return r.err
}

// Bool reads true or false.
func (r *Reader) Bool() bool {
	c := r.peek()
	if c <= ' ' {
		var ok bool
		if c, ok = r.value(); !ok {
			return false
		}
	}
	switch c {
	case 't':
		return r.literal("true")
	case 'f':
		r.literal("false")
		return false
	}
	r.failKind(c, "bool")
	return false
}

// literal reads the literal lit (null, true or false) at r.pos and reports whether it did.
func (r *Reader) literal(lit string) bool {
	// The common case, the literal and the byte after it in the buffer, in one comparison.
	if s := r.buf[r.pos:]; len(s) > len(lit) && string(s[:len(lit)]) == lit && !isNameByte(s[len(lit)]) {
		r.pos += len(lit)
		r.state = stAfter
		return true
	}
	return r.literalSlow(lit)
}

// literalSlow is literal where the buffer may need refilling or the bytes are wrong.
func (r *Reader) literalSlow(lit string) bool {
	n := len(lit)
	// NOTE: one byte past the literal is looked at, so "truex" fails here rather than as a value
	// with garbage after it; at the end of the input there is none.
	// More is read only while what has come is the literal's start: a wrong byte is the error
	// before a read that might fail, as jsontext has it.
	started := func() bool { s := r.buf[r.pos:]; return string(s[:min(len(s), n)]) == lit[:min(len(s), n)] }
	for len(r.buf)-r.pos <= n && started() {
		if _, ok := r.more(); !ok {
			break
		}
	}
	if _, syntax := r.err.(*SyntaxError); r.err != nil && (syntax || started()) {
		return false
	}
	r.err = nil // a read that failed after a wrong byte: the byte is the error
	s := r.buf[r.pos:]
	for i := 0; i < n; i++ {
		if i >= len(s) {
			r.failEnd("in literal "+lit, strconv.Quote(lit))
			return false
		}
		if s[i] != lit[i] {
			r.failChar(r.pos+i, s[i], "in literal "+lit, strconv.Quote(lit))
			return false
		}
	}
	if n < len(s) && isNameByte(s[n]) {
		r.failChar(r.pos+n, s[n], "after literal "+lit, "")
		return false
	}
	r.pos += n
	r.state = stAfter
	return true
}

// isNameByte reports whether c is an ASCII letter or digit, which may not follow a literal.
func isNameByte(c byte) bool { return c-'0' < 10 || (c|0x20)-'a' < 26 }

// Number reads a number and returns its literal text, checked against the JSON grammar.
func (r *Reader) Number() []byte {
	c, ok := r.value()
	if !ok {
		return nil
	}
	if kindOf(c) != KindNumber {
		r.failKind(c, "number")
		return nil
	}
	start, end, ok := r.scanNumber()
	if !ok {
		return nil
	}
	r.pos, r.state = end, stAfter
	return r.buf[start:end]
}

// scanNumber finds the number literal at r.pos, refilling as it needs.
func (r *Reader) scanNumber() (start, end int, ok bool) {
	end, code := jsonnum.Scan(r.buf, r.pos)
	if end == len(r.buf) && !r.eof {
		// Cut by the buffer's end: read on until the number has ended, then scan it once.
		if !r.moreNumber() {
			return 0, 0, false
		}
		end, code = jsonnum.Scan(r.buf, r.pos)
		r.scanned += int64(end - r.pos)
	}
	if code != jsonnum.OK {
		if end >= len(r.buf) {
			r.failEnd("in number", "digit")
		} else {
			r.failChar(end, r.buf[end], "in number", "")
		}
		return 0, 0, false
	}
	return r.pos, end, true
}

// moreNumber refills the buffer, whose end cuts the number at r.pos, until a byte that cannot be
// part of a number follows it, or the input ends. It looks at each byte that arrives once, so a
// long number arriving in small pieces costs time in proportion to its length (a rescan from the
// number's start after each refill made a 1,000,000-digit number read one byte per Read take
// minutes). jsonnum.Scan stops at or before that byte, so its answer is then final. It reports
// false with r.err set on a read error or at the token limit.
func (r *Reader) moreNumber() bool {
	from := len(r.buf) // buf[r.pos:from] holds only bytes a number may hold
	for {
		shift, ok := r.more()
		from -= shift
		if !ok {
			return r.err == nil // at the end of the input the number ends with it
		}
		r.scanned += int64(len(r.buf) - from)
		for from < len(r.buf) && inNumber[r.buf[from]] {
			from++
		}
		if from < len(r.buf) {
			return true
		}
	}
}

// inNumber holds the bytes jsonnum.Scan may step over in a number.
var inNumber = func() (t [256]bool) {
	for _, c := range []byte("0123456789+-.eE") {
		t[c] = true
	}
	return
}()

// Int64 reads a number as an int64: an integer literal (no fraction or exponent) in range.
func (r *Reader) Int64() int64 {
	lit, start := r.numberLit()
	if lit == nil {
		return 0
	}
	v, code := jsonnum.ParseInt64(lit)
	if code != jsonnum.OK {
		r.failNumber(start, lit, code, "int64")
	}
	return v
}

// Uint64 reads a number as a uint64: a non-negative integer literal (no fraction or exponent) in range.
func (r *Reader) Uint64() uint64 {
	lit, start := r.numberLit()
	if lit == nil {
		return 0
	}
	v, code := jsonnum.ParseUint64(lit)
	if code != jsonnum.OK {
		r.failNumber(start, lit, code, "uint64")
	}
	return v
}

// Float64 reads a number as the nearest float64. A number beyond the float64 range is an error.
func (r *Reader) Float64() float64 {
	c := r.peek()
	if c <= ' ' {
		var ok bool
		if c, ok = r.value(); !ok {
			return 0
		}
	}
	if kindOf(c) == KindNumber {
		// A short literal is scanned and converted in one pass; the end of the buffer is trusted
		// only at the end of the input.
		if end, f, ok := jsonnum.QuickFloat(r.buf, r.pos); ok && (end < len(r.buf) || r.eof) {
			r.pos, r.state = end, stAfter
			return f
		}
	}
	lit, start := r.numberLit()
	if lit == nil {
		return 0
	}
	v, code := jsonnum.ParseFloat64(lit)
	if code != jsonnum.OK {
		r.failNumber(start, lit, code, "float64")
	}
	return v
}

// numberLit reads a number literal and returns it with its index in buf.
func (r *Reader) numberLit() ([]byte, int) {
	lit := r.Number()
	return lit, r.pos - len(lit)
}

func (r *Reader) failNumber(i int, lit []byte, code jsonnum.Code, typ string) {
	msg, cause := "number "+string(lit)+" is out of the range of "+typ, error(strconv.ErrRange)
	switch code {
	case jsonnum.ErrNotInt:
		msg, cause = "number "+string(lit)+" is not an integer", strconv.ErrSyntax
	case jsonnum.ErrSign:
		msg = "number " + string(lit) + " is negative"
	}
	if r.err == nil {
		r.state = stValue // the number has been read, but the error is in it: name it
		r.err = r.syntaxError(i, msg, typ, cause)
	}
}

// StringBytes reads a string and returns its value: a view of the input when the literal has no
// escapes (and no invalid UTF-8 to replace), or else the value decoded into a buffer the Reader
// reuses. Either is valid until the next call on the Reader.
func (r *Reader) StringBytes() []byte {
	c := r.peek()
	if c <= ' ' {
		var ok bool
		if c, ok = r.value(); !ok {
			return nil
		}
	}
	if c != '"' {
		r.failKind(c, "string")
		return nil
	}
	end, to := plainEnd(r.buf, r.pos)
	if end > 0 {
		start := r.pos
		if r.src != nil {
			r.bufMax = max(r.bufMax, end-start) // as scanString keeps it
		}
		r.pos, r.state = end, stAfter
		return r.buf[start+1 : end-1]
	}
	if r.src != nil {
		return r.stringBytesStream()
	}
	// NOTE: the whole input is at hand, so one pass finds the end and decodes what needs it. (The
	// memory path is kept apart from the stream's: merged, the token benchmarks ran some 10% slower.)
	out, end, plain, e := jsonstr.DecodeStringFrom(r.str[:0], r.buf, r.pos, to, r.opts.StrictStrings)
	if e != nil {
		r.failString(e, "string literal")
		return nil
	}
	start := r.pos
	r.pos, r.state = end, stAfter
	if plain {
		return r.buf[start+1 : end-1]
	}
	r.str = out
	r.strMax = max(r.strMax, len(out))
	return out
}

// stringBytesStream is StringBytes for a stream reader. When the closing quote is in the buffer, as
// it nearly always is, one pass finds the end and decodes what needs it, as for a memory reader.
// Otherwise (or at an error, which must wait for the bytes that may follow) it scans the literal as
// it arrives, then decodes it.
func (r *Reader) stringBytesStream() []byte {
	if closes(r.buf, r.pos) {
		out, end, plain, e := jsonstr.DecodeString(r.str[:0], r.buf, r.pos, r.opts.StrictStrings)
		if e == nil {
			start := r.pos
			r.bufMax = max(r.bufMax, end-start) // as scanString keeps it
			r.pos, r.state = end, stAfter
			if plain {
				return r.buf[start+1 : end-1]
			}
			r.str = out
			r.strMax = max(r.strMax, len(out))
			return out
		}
	}
	return r.stringBytesSlow()
}

// stringBytesSlow is StringBytes for a stream reader: it scans the literal as it arrives, then
// decodes it.
func (r *Reader) stringBytesSlow() []byte {
	start, end, plain := r.scanString("string literal")
	if end == 0 {
		return nil
	}
	r.pos, r.state = end, stAfter
	if plain {
		return r.buf[start+1 : end-1]
	}
	r.str = r.decode(r.str[:0], start, end)
	r.strMax = max(r.strMax, len(r.str))
	return r.str
}

// String reads a string and returns its value.
func (r *Reader) String() string {
	return string(r.StringBytes())
}

// scanString finds the string literal at r.pos (a '"'), refilling as it needs; a long literal arriving
// in pieces is scanned once. It returns the literal's bounds in buf, end 0 on error.
func (r *Reader) scanString(where string) (start, end int, plain bool) {
	return r.scanStringFrom(where, r.pos+1, true)
}

// scanStringFrom is scanString for a literal whose bytes before from have been checked already and
// were plain (the value as written) when plainBefore is set.
func (r *Reader) scanStringFrom(where string, from int, plainBefore bool) (start, end int, plain bool) {
	for {
		r.scanned += int64(len(r.buf) - from)
		end, resume, plain, e := jsonstr.ScanStringFrom(r.buf, from, plainBefore, r.opts.StrictStrings, r.eof)
		if e != nil {
			r.failString(e, where)
			return 0, 0, false
		}
		if end >= 0 {
			// NOTE: one compare per string keeps the stream buffer's size policy honest about
			// tokens that happened to arrive whole.
			r.bufMax = max(r.bufMax, end-r.pos)
			return r.pos, end, plain
		}
		shift, ok := r.more()
		if !ok && r.err != nil {
			return 0, 0, false
		}
		// NOTE: at the end of the input r.eof is now set, and the next scan gives the final answer.
		from, plainBefore = resume-shift, plain
	}
}

// Raw reads the next value whole, validating it, and returns its exact bytes (without the white
// space around it). From an io.Reader the whole value must fit the token limit.
func (r *Reader) Raw() []byte {
	if _, ok := r.value(); !ok {
		return nil
	}
	start := r.pos
	if r.src != nil {
		r.pin = start
		r.skip()
		start, r.pin = r.pin, -1
		r.bufMax = max(r.bufMax, r.pos-start)
	} else {
		r.skip()
	}
	if r.err != nil {
		return nil
	}
	r.state = stAfter
	return r.buf[start:r.pos]
}

// SkipValue reads the next value without decoding it, validating it as fully as the other methods
// would (unless ReaderOptions.UncheckedSkip is set: then an array or object is not checked). It
// allocates nothing and uses constant stack space at any depth. It returns the sticky error.
func (r *Reader) SkipValue() error {
	c, ok := r.value()
	if !ok {
		return r.err
	}
	if r.opts.UncheckedSkip && (c == '[' || c == '{') {
		r.skipBrackets()
	} else {
		r.skip()
	}
	if r.err == nil {
		r.state = stAfter
	}
	return r.err
}
