package jsontext

import (
	"bytes"
	"io"
	"slices"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/jsonstr"
)

// The escaping of AppendQuote and of an Encoder by default: only what JSON requires ('"', '\\'
// and control characters, \b, \t, \n, \f and \r in their short forms), invalid UTF-8 rejected
// (quoteReject) or, once found, each invalid byte written as U+FFFD (quoteReplace).
var (
	quoteReject  = jsonstr.NewPolicy(jsonstr.RejectInvalidUTF8, "")
	quoteReplace = jsonstr.NewPolicy(jsonstr.RawReplacement, "")
)

// AppendQuote appends src to dst as a JSON string literal, escaping only what JSON requires.
// Invalid UTF-8 is written as U+FFFD, and then the error is a *SyntacticError; the literal is
// appended either way.
//
// Like the other Append functions of Stride, it writes whole words and may overwrite the spare
// capacity of dst beyond the returned length (the standard package's does not).
func AppendQuote[Bytes ~[]byte | ~string](dst []byte, src Bytes) ([]byte, error) {
	out, err := jsonstr.AppendQuote(dst, src, quoteReject)
	if err == nil {
		return out, nil
	}
	out, _ = jsonstr.AppendQuote(dst, src, quoteReplace)
	return out, &SyntacticError{Err: errInvalidUTF8}
}

// AppendUnquote appends the value of src, one JSON string literal with nothing around it, to dst.
// Invalid UTF-8 becomes U+FFFD, and the error a *SyntacticError, after the rest has been
// decoded; on any other error, what was decoded before it is appended. Like AppendQuote, it may
// overwrite the spare capacity of dst.
func AppendUnquote[Bytes ~[]byte | ~string](dst []byte, src Bytes) ([]byte, error) {
	if out, err := jsonstr.AppendUnquote(dst, src, true); err == nil {
		return out, nil
	}
	out, err := unquoteSlow(dst, string(src))
	return out, &SyntacticError{Err: err}
}

// unquoteSlow is AppendUnquote for a literal the kernel has found bad: it decodes src byte by
// byte, as far as the error to report, and reports it.
func unquoteSlow(dst []byte, src string) ([]byte, error) {
	dst = slices.Grow(dst, len(src))
	if src == "" {
		return dst, io.ErrUnexpectedEOF
	}
	if src[0] != '"' {
		return dst, badChar(src, `at start of string (expecting '"')`)
	}
	var err error // invalid UTF-8, reported unless a worse error comes
	for i := 1; i < len(src); {
		c := src[i]
		switch {
		case c == '"':
			if i+1 < len(src) {
				return dst, badChar(src[i+1:], "after string value")
			}
			return dst, err
		case c == '\\':
			var e error
			var soft bool
			if dst, i, e, soft = unescapeOne(dst, src, i); soft {
				err = e
			} else if e != nil {
				return dst, e
			}
		case c < ' ':
			return dst, badChar(src[i:], "in string (expecting non-control character)")
		case c < utf8.RuneSelf:
			dst = append(dst, c)
			i++
		default:
			r, n := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && n == 1 {
				if !utf8.FullRuneInString(src[i:]) {
					return dst, io.ErrUnexpectedEOF
				}
				r, err = utf8.RuneError, errInvalidUTF8
			}
			dst = utf8.AppendRune(dst, r)
			i += n
		}
	}
	return dst, io.ErrUnexpectedEOF
}

// unescapeOne decodes the escape at src[i] (a '\\'), appending its value, and returns the index
// after it. A surrogate half takes the low half after it; without one its value is U+FFFD and
// the error, soft, is the pair's: decoding goes on, as after invalid UTF-8.
func unescapeOne(dst []byte, src string, i int) (_ []byte, _ int, _ error, soft bool) {
	if i+2 > len(src) {
		return dst, i, io.ErrUnexpectedEOF, false
	}
	if c := src[i+1]; c != 'u' {
		if v := shortEscape[c]; v != 0 {
			return append(dst, v), i + 2, nil, false
		}
		return dst, i, badEscape(src[i : i+2]), false
	}
	if i+6 > len(src) {
		if jsonread.MayBeEscape(src[i:], false) {
			return dst, i, io.ErrUnexpectedEOF, false
		}
		return dst, i, badEscape(src[i:]), false
	}
	v, ok := jsonread.Hex4(src[i+2 : i+6])
	if !ok {
		return dst, i, badEscape(src[i : i+6]), false
	}
	r := rune(v)
	if !utf16.IsSurrogate(r) {
		return utf8.AppendRune(dst, r), i + 6, nil, false
	}
	j := i + 6 // where the low half should be
	var err error
	switch {
	case j+6 > len(src):
		if jsonread.MayBeEscape(src[j:], true) {
			return utf8.AppendRune(dst, utf8.RuneError), j, io.ErrUnexpectedEOF, false
		}
		err = badEscape(src[i:])
	default:
		lo, ok := jsonread.Hex4(src[j+2 : j+6])
		if !ok || src[j] != '\\' || src[j+1] != 'u' {
			err = badEscape(src[i : j+6])
		} else if r = utf16.DecodeRune(r, rune(lo)); r == utf8.RuneError {
			err = badEscape(src[i : j+6])
		} else {
			j += 6
		}
	}
	if err != nil {
		r = utf8.RuneError
	}
	return utf8.AppendRune(dst, r), j, err, err != nil
}

// shortEscape is the value of each two-byte escape by its second byte (0 for none).
var shortEscape = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// canonical reports whether lit, a valid string literal read, is as AppendQuote writes its value:
// valid UTF-8, and each escape sequence one that AppendQuote writes (\" \\ \b \f \n \r \t, and
// \u00xx in lower-case hex for the other control characters). An Encoder then copies it as it is
// rather than decoding and quoting it again.
func canonical(lit []byte) bool {
	s := lit[1 : len(lit)-1]
	for i := 0; i < len(s); {
		j := bytes.IndexByte(s[i:], '\\')
		if j < 0 {
			break
		}
		i += j
		if i+1 >= len(s) {
			return false
		}
		switch s[i+1] {
		case '"', '\\', 'b', 'f', 'n', 'r', 't':
			i += 2
			continue
		case 'u':
			if i+6 > len(s) || s[i+2] != '0' || s[i+3] != '0' {
				return false
			}
			hi, lo := s[i+4], s[i+5]
			c := byte(0)
			switch {
			case hi == '0':
			case hi == '1':
				c = 0x10
			default:
				return false
			}
			switch {
			case '0' <= lo && lo <= '9':
				c |= lo - '0'
			case 'a' <= lo && lo <= 'f':
				c |= lo - 'a' + 10
			default:
				return false
			}
			if c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t' {
				return false // written in the short form
			}
			i += 6
			continue
		}
		return false
	}
	return utf8.Valid(s)
}
