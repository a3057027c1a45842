package stream

import (
	"strconv"

	"github.com/stridejson/stride/internal/jsonstr"
)

// A SyntaxError reports malformed JSON text and the byte offset where it was found.
type SyntaxError struct {
	Offset int64  // byte offset in the input where the error was found
	Msg    string // what is wrong, without the "stride: " prefix or position
}

func (e *SyntaxError) Error() string {
	return "stride: " + e.Msg + " (offset " + strconv.FormatInt(e.Offset, 10) + ")"
}

// An InvalidUTF8Error reports invalid UTF-8 under a policy that rejects it.
type InvalidUTF8Error struct {
	Offset int64 // byte offset of the first invalid byte
}

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
	switch e.Code {
	case jsonstr.ErrInvalidUTF8:
		return &InvalidUTF8Error{Offset: off}
	case jsonstr.ErrControl:
		return &SyntaxError{Offset: off, Msg: "invalid control character " + strconv.QuoteRune(rune(e.Byte)) + " in string literal"}
	case jsonstr.ErrBadEscape:
		return &SyntaxError{Offset: off, Msg: "invalid character " + strconv.QuoteRune(rune(e.Byte)) + " in string escape"}
	}
	return &SyntaxError{Offset: off, Msg: e.Code.String()}
}
