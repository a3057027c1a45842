package stream

import (
	"bytes"
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonstr"
)

// The Reader's errors are built here, off the hot paths: a token scan that fails returns at once and
// these functions work out the line, the column and the JSON Pointer.

// errUsage reports a value read inside an array or object without a call of Next before it: the
// caller read two values in a row, or read before the first Next.
var errUsage = errors.New("stride: Reader: value read inside an array or object without calling Next first")

func (r *Reader) failUsage() {
	if r.err == nil {
		r.err = errUsage
	}
}

// fail records a *SyntaxError at buf index i, unless an error is already recorded.
func (r *Reader) fail(i int, msg, expected string) {
	if r.err != nil {
		return
	}
	r.err = r.syntaxError(i, msg, expected, nil)
}

func (r *Reader) syntaxError(i int, msg, expected string, cause error) *SyntaxError {
	i = max(0, min(i, len(r.buf)))
	off := r.base + int64(i)
	line := r.lines + int64(bytes.Count(r.buf[:i], nlByte)) + 1
	lineOff := r.lineOff
	if j := bytes.LastIndexByte(r.buf[:i], '\n'); j >= 0 {
		lineOff = r.base + int64(j) + 1
	}
	return &SyntaxError{Offset: off, Msg: msg, Line: int(line), Column: int(off-lineOff) + 1,
		Pointer: r.pointer(), Expected: expected, Err: cause}
}

// failChar records an unexpected byte c at buf index i: "invalid character 'c' CONTEXT".
func (r *Reader) failChar(i int, c byte, context, expected string) {
	if r.err != nil {
		return
	}
	r.fail(i, "invalid "+describe(c)+" "+context, expected)
}

// describe names the byte c: "character 'x'", or "byte 0xe2" outside ASCII. (A stream reader may not
// yet hold the rest of a multi-byte character, and both readers must say the same.)
func describe(c byte) string {
	if c < utf8.RuneSelf {
		return "character " + strconv.QuoteRune(rune(c))
	}
	return "byte 0x" + strconv.FormatUint(uint64(c), 16)
}

// failEnd records the end of the input where more was needed, unless a read error is recorded.
func (r *Reader) failEnd(what, expected string) {
	msg := "unexpected end of input"
	if what != "" {
		msg += " " + what
	}
	r.fail(len(r.buf), msg, expected)
}

// failKind records a value of another kind than the caller asked for. A scalar that is not valid
// JSON (tru, nul, 1., an unterminated string) is a syntax error, reported as SkipValue reports it,
// not a mismatch of kinds: it is scanned first, without being read. (A container is not: its
// kind is known from its first byte, and the caller did not ask to read it.)
func (r *Reader) failKind(c byte, want string) {
	k := kindOf(c)
	if k == KindNone {
		r.failValueStart(c)
		return
	}
	if !r.scalarValid(c) {
		return
	}
	r.fail(r.pos, "expected "+want+", found "+k.String(), want)
}

// scalarValid checks the literal, number or string that starts with c at r.pos, refilling as it
// needs but reading nothing: r.pos stays at its first byte. It reports false with the syntax error
// recorded when the value is not valid JSON, and true for any other value.
func (r *Reader) scalarValid(c byte) bool {
	state := r.state
	switch c {
	case 't', 'f', 'n':
		lit := "null"
		if c == 't' {
			lit = "true"
		} else if c == 'f' {
			lit = "false"
		}
		if !r.literal(lit) {
			return false
		}
		r.pos -= len(lit)
	case '"':
		if _, end, _ := r.scanString("string literal"); end == 0 {
			return false
		}
	default:
		if kindOf(c) == KindNumber {
			if _, _, ok := r.scanNumber(); !ok {
				return false
			}
		}
	}
	r.state = state
	return true
}

// failValueStart records the byte c at r.pos, where a value should begin but c begins none.
func (r *Reader) failValueStart(c byte) {
	if r.err == nil {
		r.noElement(c, false)
	}
	r.failChar(r.pos, c, "where a value should begin", "value")
}

// failString records a string kernel error e, whose offset is an index in buf.
func (r *Reader) failString(e *jsonstr.Error, where string) {
	switch e.Code {
	case jsonstr.ErrUnterminated:
		r.failEnd("in "+where, "'\"'")
	case jsonstr.ErrInvalidUTF8:
		r.fail(e.Offset, "invalid UTF-8 in "+where, "")
	default:
		r.fail(e.Offset, kernelMsg(e), "")
	}
}

func (r *Reader) containerName() string {
	if len(r.stack) > 0 && r.stack[len(r.stack)-1].obj {
		return "object"
	}
	return "array"
}

// pointer returns the JSON Pointer (RFC 6901) of where the reader is, with the convention of
// encoding/json/v2's jsontext: the innermost value that holds the error.
//
//   - In a value (at its first byte, inside a literal, number or string, or at the end of the input
//     within one), the pointer names the value: /a for {"a":tru, /1 for [1,x].
//   - A member begins with its name: from the byte after the name on (the ':', the value), errors
//     name the member, /a for {"a" 1} and {"a":}. Where a name is expected and inside the name,
//     they name the object: "" for {"a":2,} and {1:2}.
//   - An element begins with its first byte: where one should begin, the end of the input and a
//     delimiter (',' ':' ']' '}') name the array: "" for [1, and [1,].
//   - After a value, where ',' or the end of the container is expected, errors name the container:
//     "" for [1 2] and {"a":1 "b":2}.
//
// SkipValue and Raw (and Next, which skips what the caller left unread) report the pointer of the
// value they read as a whole; Offset, Line and Column say where in it the error is. (Tracking names
// and indexes inside a skipped value would cost the skip on every value, not only on errors.)
func (r *Reader) pointer() string {
	var b []byte
	for i, f := range r.stack {
		if f.n == 0 || i == len(r.stack)-1 && r.state != stValue {
			break
		}
		b = append(b, '/')
		if !f.obj {
			b = strconv.AppendInt(b, int64(f.n-1), 10)
			continue
		}
		b = appendPointerName(b, f.name) // names are valid UTF-8 once decoded
	}
	return string(b)
}

// noElement marks the array element the reader expected as not begun, so that the error about to be
// recorded names the array: the input ended, or a delimiter came, where the element should begin.
func (r *Reader) noElement(c byte, atEnd bool) {
	if n := len(r.stack); n > 0 && !r.stack[n-1].obj && r.state == stValue &&
		(atEnd || c == ',' || c == ':' || c == ']' || c == '}') {
		r.state = stAfter
	}
}
