package stream

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonstr"
)

// A SyntaxError reports malformed JSON text, a value of another kind than the one asked for, a number
// out of range, or input beyond a limit, with where it was found.
//
// Errors from the Reader carry the line, the column and a JSON Pointer; errors from the string
// functions (AppendUnquote) carry only the offset in their argument.
//
// The Pointer follows encoding/json/v2's jsontext: it names the innermost value that holds the
// error. A member begins with its name and an element with its first byte, so an error where a
// name is expected, or after a value where ',' or the end of the container is expected, names the
// container: {"a":2,} gives "" (the object), {"a" 1} gives /a, [1 2] gives "", [1,x] gives /1.
// SkipValue and Raw name the value they read whole (Offset, Line and Column say where in it).
type SyntaxError struct {
	Offset int64  // byte offset in the input where the error was found
	Msg    string // what is wrong, without the "stride: " prefix or position

	Line     int    // 1-based line of Offset; 0 when unknown
	Column   int    // 1-based column of Offset, in bytes; 0 when unknown
	Pointer  string // RFC 6901 JSON Pointer of the innermost value holding the error, as jsontext has it; "" for the top level
	Expected string // what the reader expected there (e.g. "':'", "value", "',' or '}'"); may be ""
	Err      error  // the underlying cause, such as strconv.ErrRange; may be nil
}

// Error formats the error as "stride: MSG at line L, column C (offset O), within POINTER". A
// Pointer longer than 100 bytes is shown with its middle elided, as jsontext shows it
// (/0/0/0/…/0/0 for an error 10,000 arrays deep); the Pointer field keeps all of it.
func (e *SyntaxError) Error() string {
	ptr := elidePointer(e.Pointer)
	b := make([]byte, 0, 64+len(e.Msg)+len(ptr))
	b = append(b, "stride: "...)
	b = append(b, e.Msg...)
	if e.Line > 0 {
		b = append(b, " at line "...)
		b = strconv.AppendInt(b, int64(e.Line), 10)
		b = append(b, ", column "...)
		b = strconv.AppendInt(b, int64(e.Column), 10)
	}
	b = append(b, " (offset "...)
	b = strconv.AppendInt(b, e.Offset, 10)
	b = append(b, ')')
	if ptr != "" {
		b = append(b, ", within "...)
		b = append(b, ptr...)
	}
	return string(b)
}

// ShortPointer returns Pointer as the message shows it: whole, or when longer than about 100
// bytes, its two ends with "…" between them.
func (e *SyntaxError) ShortPointer() string { return elidePointer(e.Pointer) }

// maxShownPointer is about the longest JSON Pointer an error message shows whole, jsontext's limit.
const maxShownPointer = 100

// elidePointer returns p, or when p is longer than maxShownPointer, its first and last 50 bytes or
// so with "…" between them. The cuts fall after a '/' (before one, at the end), so that "…" stands
// for whole reference tokens, where there is one within reach, and never inside a UTF-8 character.
func elidePointer(p string) string {
	if len(p) <= maxShownPointer {
		return p
	}
	i := maxShownPointer / 2
	if k := strings.LastIndexByte(p[:i], '/'); k > 0 {
		i = k + 1
	} else {
		for i > 0 && !utf8.RuneStart(p[i]) {
			i--
		}
	}
	j := len(p) - maxShownPointer/2
	if k := strings.IndexByte(p[j:], '/'); k >= 0 {
		j += k
	} else {
		for j < len(p) && !utf8.RuneStart(p[j]) {
			j++
		}
	}
	return p[:i] + "…" + p[j:]
}

// Unwrap returns the underlying cause, if any.
func (e *SyntaxError) Unwrap() error { return e.Err }

// An InvalidUTF8Error reports invalid UTF-8 under a policy that rejects it.
type InvalidUTF8Error struct {
	Offset int64 // byte offset of the first invalid byte
}

// Error formats the error as "stride: invalid UTF-8 at offset O".
func (e *InvalidUTF8Error) Error() string {
	return "stride: invalid UTF-8 at offset " + strconv.FormatInt(e.Offset, 10)
}

// wrapError turns a kernel error into the package's error types.
func wrapError(err error) error {
	e, ok := err.(*jsonstr.Error)
	if !ok {
		return err
	}
	off := int64(e.Offset)
	if e.Code == jsonstr.ErrInvalidUTF8 {
		return &InvalidUTF8Error{Offset: off}
	}
	return &SyntaxError{Offset: off, Msg: kernelMsg(e)}
}

// kernelMsg describes a string kernel error.
func kernelMsg(e *jsonstr.Error) string {
	switch e.Code {
	case jsonstr.ErrControl:
		return "invalid control character " + strconv.QuoteRune(rune(e.Byte)) + " in string literal"
	case jsonstr.ErrBadEscape:
		return "invalid character " + strconv.QuoteRune(rune(e.Byte)) + " in string escape"
	}
	return e.Code.String()
}
