package jsonstr

import "strconv"

// Code says what a kernel found wrong.
type Code uint8

const (
	ErrInvalidUTF8   Code = iota + 1 // a byte that is not part of valid UTF-8
	ErrNotString                     // a literal that does not start with '"'
	ErrUnterminated                  // no closing '"'
	ErrControl                       // a raw control byte inside a literal
	ErrBadEscape                     // '\\' followed by a byte that starts no escape
	ErrBadHex                        // \u not followed by four hex digits
	ErrLoneSurrogate                 // a \u escape of a surrogate that is not half of a pair (strict mode)
	ErrTrailing                      // bytes after the closing '"'
)

var codeText = [...]string{
	ErrInvalidUTF8:   "invalid UTF-8",
	ErrNotString:     "string literal must start with '\"'",
	ErrUnterminated:  "unterminated string literal",
	ErrControl:       "invalid control character in string literal",
	ErrBadEscape:     "invalid escape in string literal",
	ErrBadHex:        "invalid hexadecimal escape in string literal",
	ErrLoneSurrogate: "unpaired surrogate escape in string literal",
	ErrTrailing:      "invalid character after string literal",
}

func (c Code) String() string {
	if int(c) < len(codeText) && codeText[c] != "" {
		return codeText[c]
	}
	return "jsonstr error " + strconv.Itoa(int(c))
}

// Error is a kernel error: what went wrong and the byte offset in the input where it did. Kernels
// allocate one only on the error path.
type Error struct {
	Code   Code
	Offset int
	Byte   byte // the offending byte, where there is one
}

func (e *Error) Error() string {
	return e.Code.String() + " at offset " + strconv.Itoa(e.Offset)
}

func errAt[S ~string | ~[]byte](c Code, s S, i int) *Error {
	e := &Error{Code: c, Offset: i}
	if i < len(s) {
		e.Byte = s[i]
	}
	return e
}
