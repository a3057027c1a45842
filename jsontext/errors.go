package jsontext

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

const errorPrefix = "jsontext: "

// ErrDuplicateName is the error of a member name an object has already had (see
// AllowDuplicateNames). It is the Err of a SyntacticError whose JSONPointer names the member.
var ErrDuplicateName = errors.New("duplicate object member name")

// ErrNonStringName is the error of an object member name that is not a string. It is the Err of a
// SyntacticError.
var ErrNonStringName = errors.New("object member name must be a string")

// errInvalidUTF8 is the error of invalid UTF-8 (see AllowInvalidUTF8).
var errInvalidUTF8 = errors.New("invalid UTF-8")

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

// A textError is the error of invalid text: "invalid LABEL WHAT WHERE", WHAT being the text,
// quoted.
type textError struct {
	label string // "character", "escape sequence" or "surrogate pair"
	what  string // the text, as it is in the input
	where string // "in string", "at start of value", ...
}

func (e *textError) Error() string {
	var what string
	switch {
	case utf8.RuneCountInString(e.what) == 1:
		what = quoteChar(e.what)
	case strings.ContainsFunc(e.what, func(r rune) bool {
		return r == '`' || r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r)
	}):
		what = strconv.Quote(e.what)
	default:
		what = "`" + e.what + "`"
	}
	return strings.TrimSuffix("invalid "+e.label+" "+what+" "+e.where, " ")
}

// quoteChar quotes the first character of s (a lone byte as '\xNN').
func quoteChar(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 {
		return quoteByte(s[0])
	}
	return strconv.QuoteRune(r)
}

// badChar is the error of the character that begins s, where it is not allowed.
func badChar[S ~string | ~[]byte](s S, where string) error {
	_, n := utf8.DecodeRuneInString(string(s))
	return &textError{"character", string(s[:n]), where}
}

// badEscape is the error of the escape sequence s: a surrogate pair when longer than one escape.
func badEscape[S ~string | ~[]byte](s S) error {
	if len(s) > 6 {
		return &textError{"surrogate pair", string(s), "in string"}
	}
	return &textError{"escape sequence", string(s), "in string"}
}
