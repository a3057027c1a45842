package stream

import (
	"errors"
	"strconv"
)

// A WriteError reports that a Writer's destination failed: its Write returned an error, or wrote
// fewer bytes than it was given without one (Err is then io.ErrShortWrite). The error is sticky:
// the call that hit it and every later call return it, and the bytes the destination did not take
// are dropped, never written later into the middle of the stream.
type WriteError struct {
	Offset int64 // bytes the destination accepted in all, the failed write included
	Err    error // what the destination returned
}

func (e *WriteError) Error() string {
	return "stride: writing JSON: " + e.Err.Error() + " (after " + strconv.FormatInt(e.Offset, 10) + " bytes)"
}

// Unwrap returns the destination's error, so errors.Is(err, io.ErrShortWrite) works.
func (e *WriteError) Unwrap() error { return e.Err }

// A TokenError reports a Writer call that would have made the output invalid JSON: a token where
// the grammar allows none (a name outside an object, a value where a name is due, an unbalanced
// end, a second top-level value without Newline), NaN or an infinity, a string that is not valid
// UTF-8 under an Escaper that rejects it, or Raw or Number text that is not valid JSON. Nothing of
// the token is written, and the error is sticky like a WriteError.
type TokenError struct {
	Offset int64  // output offset where the token would have started
	Msg    string // what is wrong, without the "stride: " prefix or position
	Err    error  // the cause, when there is one: an *InvalidUTF8Error or a *SyntaxError
}

func (e *TokenError) Error() string {
	s := "stride: " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s + " (output offset " + strconv.FormatInt(e.Offset, 10) + ")"
}

// Unwrap returns the cause, if any.
func (e *TokenError) Unwrap() error { return e.Err }

// errBadWriteCount is the WriteError cause when a destination's Write returns a count below zero or
// above the length it was given.
var errBadWriteCount = errors.New("io.Writer returned an invalid count")

// quoteChar spells a byte for an error message: 'x', and a control or non-ASCII byte in hex ('\x0a').
func quoteChar(c byte) string {
	switch {
	case c == '\'':
		return `'\''`
	case c == '"':
		return `'"'`
	case c < 0x20 || c >= 0x7f:
		const hex = "0123456789abcdef"
		return `'\x` + string(hex[c>>4]) + string(hex[c&0xF]) + `'`
	}
	return "'" + string(c) + "'"
}
