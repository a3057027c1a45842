package jsonstr

import (
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// AppendUnquote decodes src, one complete JSON string literal with its quotes and nothing after it,
// and appends its value to dst. Invalid UTF-8 and unpaired surrogate escapes become U+FFFD, as
// encoding/json decodes them, unless strict is set, when they are errors. On error it returns dst
// unchanged and an *Error with the offset in src.
//
// The loop mirrors AppendEscaped's: the first word after an escape is tested inline, a run of up to
// 8 bytes before an escape is copied with one 8-byte store, and the two-byte escapes are decoded
// through a table; \u escapes and text from 0x80 up take the slower paths beside.
func AppendUnquote[S ~string | ~[]byte](dst []byte, src S, strict bool) ([]byte, error) {
	d0 := len(dst)
	if len(src) == 0 || src[0] != '"' {
		return dst, errAt(ErrNotString, src, 0)
	}
	dst = slices.Grow(dst, len(src))
	i, start := 1, 1
	if useUnescape && len(src) >= unescapeMin {
		dst, i = appendUnescaped(dst, src, i, strict)
		start = i
	} else if useList && len(src) >= listMin {
		var err *Error
		if dst, i, start, err = unquoteListed(dst, src, strict); err != nil {
			return dst[:d0], err
		}
	}
	// NOTE: the word loop stays in this function, not in one it calls (see AppendEscaped).
	for {

		// c is the stop and next the byte after it (0 where that would take another load). In the
		// inline case both come out of the word already in a register, which saves two dependent
		// loads per escape.
		var c, next byte
		found := false
		if i+8 <= len(src) {
			w := load64(src, i)
			if m := Stops(w); m != 0 {
				k := FirstLane(m)
				i += k
				c, next, found = byte(w>>(8*k)), byte(w>>(8*k+8)), true
			} else {
				i = indexDefault(src, i+8)
			}
		} else {
			i = indexDefault(src, i)
		}
		if !found {
			if i >= len(src) {
				return dst[:d0], errAt(ErrUnterminated, src, len(src))
			}
			c = src[i]
			if i+1 < len(src) {
				next = src[i+1]
			}
		}
		if c == '\\' {
			if e := unescapeTable[next]; e != 0 {
				// NOTE: as in AppendEscaped, a short run is one 8-byte store into spare capacity.
				if cap(dst)-len(dst) < 16 {
					dst = slices.Grow(dst, 16+len(src)-i)
				}
				if n := i - start; n <= 8 && start+8 <= len(src) {
					l := len(dst)
					store64(dst[l:l+8], load64(src, start))
					dst = dst[:l+n]
				} else {
					dst = append(dst, src[start:i]...)
				}
				dst = append(dst, e)
				i += 2
				start = i
				continue
			}
		}
		switch {
		case c == '"':
			if i+1 < len(src) {
				return dst[:d0], errAt(ErrTrailing, src, i+1)
			}
			return append(dst, src[start:i]...), nil
		case c == '\\':
			dst = append(dst, src[start:i]...)
			var e *Error
			if dst, i, e = unescape(dst, src, i, strict); e != nil {
				return dst[:d0], e
			}
			start = i
		case c < 0x20:
			return dst[:d0], errAt(ErrControl, src, i)
		default:
			if j := skipValid(src, i, unquoteText); j > i {
				i = j
				continue
			}
			if strict {
				return dst[:d0], errAt(ErrInvalidUTF8, src, i)
			}
			dst = append(dst, src[start:i]...)
			dst = append(dst, "\uFFFD"...)
			i++
			start = i
		}
	}
}

// unquoteListed is AppendUnquote's start on long input: stop lists (unescapeListed) while at least
// listMin bytes are left, text from 0x80 up in bulk between them. It returns where the word loop
// goes on, and the start of the run pending there.
func unquoteListed[S ~string | ~[]byte](dst []byte, src S, strict bool) ([]byte, int, int, *Error) {
	i, start := 1, 1
	for tries := listTries; tries > 0 && len(src)-i >= listMin; tries-- {
		var stopped bool
		if dst, i, start, stopped = unescapeListed(dst, src, i, start, strict); !stopped || src[i] < 0x80 {
			break // fewer than 64 bytes left, or a stop for the word loop
		}
		if j := skipValid(src, i, unquoteText); j > i {
			i = j
			continue
		}
		if strict {
			return dst, i, start, errAt(ErrInvalidUTF8, src, i)
		}
		dst = append(dst, src[start:i]...)
		dst = append(dst, "\uFFFD"...)
		i++
		start = i
	}
	return dst, i, start, nil
}

// unescapeTable maps the letter after a backslash to the byte a two-byte escape stands for, or 0
// for 'u' and for letters that start no escape.
var unescapeTable = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// unescape decodes the escape sequence at src[i] (a '\\'), appends its value and returns the index
// after it.
func unescape[S ~string | ~[]byte](dst []byte, src S, i int, strict bool) ([]byte, int, *Error) {
	if i+1 >= len(src) {
		return dst, i, errAt(ErrUnterminated, src, len(src))
	}
	switch c := src[i+1]; c {
	case '"', '\\', '/':
		return append(dst, c), i + 2, nil
	case 'b':
		return append(dst, '\b'), i + 2, nil
	case 'f':
		return append(dst, '\f'), i + 2, nil
	case 'n':
		return append(dst, '\n'), i + 2, nil
	case 'r':
		return append(dst, '\r'), i + 2, nil
	case 't':
		return append(dst, '\t'), i + 2, nil
	case 'u':
		r, ok := hex4(src, i+2)
		if !ok {
			return dst, i, errAt(ErrBadHex, src, i)
		}
		if utf16.IsSurrogate(r) {
			if r2, ok := lowSurrogate(src, i+6); ok && r < 0xDC00 {
				return utf8.AppendRune(dst, utf16.DecodeRune(r, r2)), i + 12, nil
			}
			if strict {
				return dst, i, errAt(ErrLoneSurrogate, src, i)
			}
			r = utf8.RuneError
		}
		return utf8.AppendRune(dst, r), i + 6, nil
	}
	return dst, i, errAt(ErrBadEscape, src, i+1)
}

// lowSurrogate reports the low surrogate escaped at src[i:i+6], if there is one.
func lowSurrogate[S ~string | ~[]byte](src S, i int) (rune, bool) {
	if i+6 > len(src) || src[i] != '\\' || src[i+1] != 'u' {
		return 0, false
	}
	r, ok := hex4(src, i+2)
	return r, ok && r >= 0xDC00 && r < 0xE000
}

// hex4 parses the four hex digits at s[i:i+4].
func hex4[S ~string | ~[]byte](s S, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	a, ok1 := hexVal(s[i])
	b, ok2 := hexVal(s[i+1])
	c, ok3 := hexVal(s[i+2])
	d, ok4 := hexVal(s[i+3])
	return a<<12 | b<<8 | c<<4 | d, ok1 && ok2 && ok3 && ok4
}

// hexVal returns the value of the hex digit c.
func hexVal(c byte) (rune, bool) {
	switch {
	case '0' <= c && c <= '9':
		return rune(c - '0'), true
	case 'a' <= c && c <= 'f':
		return rune(c - 'a' + 10), true
	case 'A' <= c && c <= 'F':
		return rune(c - 'A' + 10), true
	}
	return 0, false
}

// ScanString finds the end of the JSON string literal that starts at s[i] (a '"') and checks its
// syntax without decoding it. It returns the index just past the closing quote, and plain = true when
// the literal has no escapes and no invalid UTF-8, so s[i+1:end-1] is already its value and a reader
// can hand out that view without copying. With strict set, invalid UTF-8 and unpaired surrogate
// escapes are errors. A literal cut short by the end of s gives ErrUnterminated at len(s).
func ScanString[S ~string | ~[]byte](s S, i int, strict bool) (end int, plain bool, err *Error) {
	return scanStringFrom(s, i+1, strict)
}

// scanStringFrom is ScanString from s[i], inside a literal, where nothing is pending.
func scanStringFrom[S ~string | ~[]byte](s S, i int, strict bool) (end int, plain bool, err *Error) {
	plain = true
	for {
		i = indexDefault(s, i)
		if i >= len(s) {
			return i, plain, errAt(ErrUnterminated, s, len(s))
		}
		switch c := s[i]; {
		case c == '"':
			return i + 1, plain, nil
		case c == '\\':
			plain = false
			if i, err = skipEscape(s, i, strict); err != nil {
				return i, plain, err
			}
		case c < 0x20:
			return i, plain, errAt(ErrControl, s, i)
		default:
			if j := skipValid(s, i, unquoteText); j > i {
				i = j
				continue
			}
			if strict {
				return i, plain, errAt(ErrInvalidUTF8, s, i)
			}
			plain = false
			i++
		}
	}
}

// skipEscape checks the escape sequence at s[i] (a '\\') and returns the index after it.
func skipEscape[S ~string | ~[]byte](s S, i int, strict bool) (int, *Error) {
	if i+1 >= len(s) {
		return len(s), errAt(ErrUnterminated, s, len(s))
	}
	switch s[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return i + 2, nil
	case 'u':
		r, ok := hex4(s, i+2)
		if !ok {
			if i+6 > len(s) {
				return len(s), errAt(ErrUnterminated, s, len(s))
			}
			return i, errAt(ErrBadHex, s, i)
		}
		if strict && utf16.IsSurrogate(r) {
			if _, ok := lowSurrogate(s, i+6); ok && r < 0xDC00 {
				return i + 12, nil
			}
			if r < 0xDC00 && cutEscape(s, i+6) {
				// NOTE: the low half may still come: a reader refills and scans again.
				return len(s), errAt(ErrUnterminated, s, len(s))
			}
			return i, errAt(ErrLoneSurrogate, s, i)
		}
		return i + 6, nil
	}
	return i, errAt(ErrBadEscape, s, i+1)
}

// cutEscape reports whether s[j:] is shorter than an escape \uXXXX and could be the start of one.
func cutEscape[S ~string | ~[]byte](s S, j int) bool {
	if len(s)-j >= 6 {
		return false
	}
	for k := j; k < len(s); k++ {
		c := s[k]
		switch k - j {
		case 0:
			if c != '\\' {
				return false
			}
		case 1:
			if c != 'u' {
				return false
			}
		default:
			if _, ok := hexVal(c); !ok {
				return false
			}
		}
	}
	return true
}
