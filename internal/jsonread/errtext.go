package jsonread

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The causes and texts of encoding/json/v2's syntax errors: the token layer's token reading
// (stream.Reader.ReadToken and ReadValue) reports them, and the jsontext package wraps them in
// its SyntacticError, whose Err they are.
var (
	ErrDuplicateName = errors.New("duplicate object member name")
	ErrNonStringName = errors.New("object member name must be a string")
	ErrInvalidUTF8   = errors.New("invalid UTF-8")
	ErrMissingValue  = errors.New("missing value after object name")
	ErrMaxDepth      = errors.New("exceeded max depth")
	ErrMismatchDelim = errors.New("mismatching structural token for object or array")
)

// A TextError is the error of invalid text: "invalid LABEL WHAT WHERE", WHAT being the text,
// quoted.
type TextError struct {
	Label string // "character", "escape sequence" or "surrogate pair"
	What  string // the text, as it is in the input
	Where string // "in string", "at start of value", ...
}

func (e *TextError) Error() string {
	var what string
	switch {
	case utf8.RuneCountInString(e.What) == 1:
		what = QuoteChar(e.What)
	case strings.ContainsFunc(e.What, func(r rune) bool {
		return r == '`' || r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r)
	}):
		what = strconv.Quote(e.What)
	default:
		what = "`" + e.What + "`"
	}
	return strings.TrimSuffix("invalid "+e.Label+" "+what+" "+e.Where, " ")
}

// QuoteChar quotes the first character of s (a lone byte as '\xNN').
func QuoteChar(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 {
		return QuoteByte(s[0])
	}
	return strconv.QuoteRune(r)
}

// QuoteByte quotes one byte as the error texts show a character: a Go rune literal, or '\xNN'
// for a byte that is not a character by itself (from 0x80 up).
func QuoteByte(c byte) string {
	if c >= 0x80 {
		return `'\x` + strconv.FormatUint(uint64(c), 16) + `'`
	}
	return strconv.QuoteRune(rune(c))
}

// BadChar is the error of the character that begins s, where it is not allowed.
func BadChar[S ~string | ~[]byte](s S, where string) error {
	_, n := utf8.DecodeRuneInString(string(s))
	return &TextError{"character", string(s[:n]), where}
}

// BadEscape is the error of the escape sequence s: a surrogate pair when longer than one escape.
func BadEscape[S ~string | ~[]byte](s S) error {
	if len(s) > 6 {
		return &TextError{"surrogate pair", string(s), "in string"}
	}
	return &TextError{"escape sequence", string(s), "in string"}
}

// Hex4 reads the four hex digits that begin s.
func Hex4[S ~string | ~[]byte](s S) (v uint16, ok bool) {
	for i := range 4 {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		v = v<<4 | uint16(c)
	}
	return v, true
}

// MayBeEscape reports whether s, cut short, may be the start of a \uXXXX escape (of a low
// surrogate, \uDC00 to \uDFFF, if low): whether more input could still make it one.
func MayBeEscape[S ~string | ~[]byte](s S, low bool) bool {
	for i := 0; i < len(s) && i < 6; i++ {
		c := s[i]
		ok := true
		switch {
		case i == 0:
			ok = c == '\\'
		case i == 1:
			ok = c == 'u'
		default:
			ok = '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
			if low && i == 2 {
				ok = c|0x20 == 'd'
			} else if low && i == 3 {
				ok = 'c' <= c|0x20 && c|0x20 <= 'f'
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// ShortPointer returns p as an error message shows it: whole up to n bytes, else its two ends
// around an ellipsis that stands for the tokens left out ("…" inside a token, "…/…" or
// "/…/…/" across tokens), with the cuts at a '/' where one is in reach and never inside a
// UTF-8 character.
func ShortPointer(p string, n int) string {
	if len(p) <= n {
		return p
	}
	i, j := n/2, len(p)-n/2
	if k := strings.LastIndexByte(p[:i], '/'); k > 0 {
		i = k
	}
	if k := strings.IndexByte(p[j:], '/'); k >= 0 {
		j += k + 1
	}
	for i > 0 && cutsRune(utf8.DecodeLastRuneInString(p[:i])) {
		i--
	}
	for j < len(p) && cutsRune(utf8.DecodeRuneInString(p[j:])) {
		j++
	}
	mid := p[i:j]
	var dots string
	switch strings.Count(mid, "/") {
	case 0:
		dots = "…"
	case 1:
		dots = "…/…"
	default:
		dots = "…/…/…"
	}
	if dots != "…" {
		// A slash at either edge of what is left out stays, in place of the ellipsis there.
		if strings.HasPrefix(mid, "/") {
			dots = strings.TrimPrefix(dots, "…")
		}
		if strings.HasSuffix(mid, "/") {
			dots = strings.TrimSuffix(dots, "…")
		}
	}
	return p[:i] + dots + p[j:]
}

// cutsRune reports whether a decoded rune is a lone byte, not a whole character.
func cutsRune(r rune, n int) bool { return r == utf8.RuneError && n == 1 }
