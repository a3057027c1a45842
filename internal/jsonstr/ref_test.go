package jsonstr

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The reference implementations: one byte or rune at a time, obviously correct, slow. Every kernel is
// compared with them by the matrix tests and the fuzz targets.

// refQuote quotes s under flags and extra the slow way. It returns an error naming the offset of the
// first invalid byte under RejectInvalidUTF8.
func refQuote(s string, flags Flags, extra string) (string, error) {
	var b strings.Builder
	b.WriteByte('"')
	u := func(r rune) { fmt.Fprintf(&b, `\u%04x`, r) }
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"':
				b.WriteString(`\"`)
			case c == '\\':
				b.WriteString(`\\`)
			case c == '\b':
				b.WriteString(`\b`)
			case c == '\f':
				b.WriteString(`\f`)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c == '\t':
				b.WriteString(`\t`)
			case c < 0x20:
				u(rune(c))
			case c == '/' && flags&EscapeSlash != 0:
				b.WriteString(`\/`)
			case (c == '<' || c == '>' || c == '&') && flags&EscapeHTML != 0:
				u(rune(c))
			case strings.IndexByte(extra, c) >= 0:
				u(rune(c))
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			if flags&RejectInvalidUTF8 != 0 {
				return "", fmt.Errorf("invalid UTF-8 at %d", i)
			}
			if flags&(RawReplacement|EscapeNonASCII) == RawReplacement {
				b.WriteRune(utf8.RuneError)
			} else {
				b.WriteString(`\ufffd`)
			}
		case flags&EscapeNonASCII != 0:
			if r > 0xFFFF {
				r1, r2 := utf16.EncodeRune(r)
				u(r1)
				u(r2)
			} else {
				u(r)
			}
		case (r == '\u2028' || r == '\u2029') && flags&EscapeLineTerminators != 0:
			u(r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String(), nil
}

// refUnquote decodes the literal s the slow way. On error it returns the offset and code the kernels
// must report.
func refUnquote(s string, strict bool) (string, int, Code) {
	if len(s) == 0 || s[0] != '"' {
		return "", 0, ErrNotString
	}
	var b strings.Builder
	for i := 1; ; {
		if i >= len(s) {
			return "", len(s), ErrUnterminated
		}
		c := s[i]
		switch {
		case c == '"':
			if i+1 != len(s) {
				return "", i + 1, ErrTrailing
			}
			return b.String(), -1, 0
		case c < 0x20:
			return "", i, ErrControl
		case c == '\\':
			if i+1 >= len(s) {
				return "", len(s), ErrUnterminated
			}
			switch e := s[i+1]; e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := refHex(s, i+2)
				if !ok {
					return "", i, ErrBadHex
				}
				if utf16.IsSurrogate(r) {
					r2, ok2 := refHex(s, i+8)
					if ok2 && i+7 < len(s) && s[i+6] == '\\' && s[i+7] == 'u' {
						if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
							b.WriteRune(d)
							i += 12
							continue
						}
					}
					if strict {
						return "", i, ErrLoneSurrogate
					}
					r = utf8.RuneError
				}
				b.WriteRune(r)
				i += 6
				continue
			default:
				return "", i + 1, ErrBadEscape
			}
			i += 2
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				if strict {
					return "", i, ErrInvalidUTF8
				}
				b.WriteRune(utf8.RuneError)
			} else {
				b.WriteString(s[i : i+size])
			}
			i += size
		}
	}
}

func refHex(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		var v byte
		switch {
		case '0' <= c && c <= '9':
			v = c - '0'
		case 'a' <= c && c <= 'f':
			v = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	return r, true
}
