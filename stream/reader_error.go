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

// failKind records a value of another kind than the caller asked for.
func (r *Reader) failKind(c byte, want string) {
	k := kindOf[c]
	if k == KindNone {
		r.failChar(r.pos, c, "where a value should begin", "value")
		return
	}
	r.fail(r.pos, "expected "+want+", found "+k.String(), want)
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

// pointer returns the JSON Pointer (RFC 6901) of the value being read.
func (r *Reader) pointer() string {
	var b []byte
	for _, f := range r.stack {
		if f.n == 0 {
			break
		}
		b = append(b, '/')
		if !f.obj {
			b = strconv.AppendInt(b, int64(f.n-1), 10)
			continue
		}
		for _, c := range f.name {
			switch c {
			case '~':
				b = append(b, "~0"...)
			case '/':
				b = append(b, "~1"...)
			default:
				b = append(b, c)
			}
		}
	}
	return string(b)
}
