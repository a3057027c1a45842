package jsontext

import (
	"errors"
	"strconv"

	"github.com/stridejson/stride/internal/jsonread"
)

const errorPrefix = "jsontext: "

// ErrDuplicateName is the error of a member name an object has already had (see
// AllowDuplicateNames). It is the Err of a SyntacticError whose JSONPointer names the member.
var ErrDuplicateName = jsonread.ErrDuplicateName

// ErrNonStringName is the error of an object member name that is not a string. It is the Err of a
// SyntacticError.
var ErrNonStringName = jsonread.ErrNonStringName

// The causes of the other syntactic errors.
var (
	errInvalidUTF8   = jsonread.ErrInvalidUTF8 // see AllowInvalidUTF8
	errMismatchDelim = jsonread.ErrMismatchDelim
	errMissingValue  = jsonread.ErrMissingValue
	errMaxDepth      = jsonread.ErrMaxDepth
	errInvalidToken  = errors.New("invalid jsontext.Token")
)

// A SyntacticError is a description of a syntactic error, with where it happened in the input
// or output.
type SyntacticError struct {
	_ [0]func() // not comparable, and made with keyed fields

	// ByteOffset is the offset at or after which the error happened.
	ByteOffset int64
	// JSONPointer names the JSON value that holds the error (RFC 6901).
	JSONPointer Pointer

	// Err is the error itself.
	Err error
}

// Error returns "jsontext: ", the error, and where it happened: the pointer (shortened when long)
// and the offset when not 0. A duplicate name is shown after the error, within the object.
func (e *SyntacticError) Error() string {
	ptr, off := e.JSONPointer, e.ByteOffset
	b := []byte(errorPrefix)
	switch {
	case e.Err == nil:
		b = append(b, "syntactic error"...)
	case e.Err == ErrDuplicateName:
		b = append(b, e.Err.Error()...)
		b = strconv.AppendQuote(append(b, ' '), ptr.LastToken())
		ptr, off = ptr.Parent(), 0 // the name says where
	default:
		b = append(b, e.Err.Error()...)
	}
	if ptr != "" {
		b = strconv.AppendQuote(append(b, " within "...), shortPointer(string(ptr), 100))
	}
	if off > 0 {
		b = strconv.AppendInt(append(b, " after offset "...), off, 10)
	}
	return string(b)
}

// Unwrap returns Err.
func (e *SyntacticError) Unwrap() error { return e.Err }

// The error texts are the token layer's (see jsonread.TextError).
var (
	badChar   = jsonread.BadChar[string]
	quoteChar = jsonread.QuoteChar
	quoteByte = jsonread.QuoteByte
)

// badEscape is jsonread.BadEscape of a string.
func badEscape(s string) error { return jsonread.BadEscape(s) }
