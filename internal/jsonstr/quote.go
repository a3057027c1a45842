package jsonstr

import (
	"slices"
	"unicode/utf16"
)

const hexDigits = "0123456789abcdef"

// AppendQuote appends src to dst as a JSON string literal, quotes included, escaped under policy p.
// On error (invalid UTF-8 under RejectInvalidUTF8) it returns dst unchanged and an *Error.
func AppendQuote[S ~string | ~[]byte](dst []byte, src S, p *Policy) ([]byte, error) {
	d0 := len(dst)
	dst = slices.Grow(dst, len(src)+2)
	dst = append(dst, '"')
	dst, err := AppendEscaped(dst, src, p)
	if err != nil {
		return dst[:d0], err
	}
	return append(dst, '"'), nil
}

// AppendEscaped appends the contents of the JSON string literal for src (without the quotes), escaped
// under policy p. Streaming writers call it on pieces of a long string cut at character boundaries.
// On error it returns dst unchanged and an *Error whose offset is relative to src.
func AppendEscaped[S ~string | ~[]byte](dst []byte, src S, p *Policy) ([]byte, error) {
	d0 := len(dst)
	i, start := 0, 0
	for {
		i = index(p, src, i)
		if i >= len(src) {
			break
		}
		c := src[i]
		if c < 0x80 {
			dst = append(dst, src[start:i]...)
			dst = appendEscapeASCII(dst, c, p)
			i++
			start = i
			continue
		}
		if p.flags&EscapeNonASCII == 0 {
			// Valid characters stay in the run; the scan resumes after them.
			if j := skipValid(src, i, p.dfa, p.flags&EscapeLineTerminators != 0); j > i {
				i = j
				continue
			}
		}
		// An invalid byte, U+2028/U+2029 under EscapeLineTerminators, or any character under
		// EscapeNonASCII.
		dst = append(dst, src[start:i]...)
		r, size := decodeRune(src, i)
		if size == 0 {
			if p.flags&RejectInvalidUTF8 != 0 {
				return dst[:d0], errAt(ErrInvalidUTF8, src, i)
			}
			dst = append(dst, `\ufffd`...)
			size = 1
		} else {
			dst = appendEscapeRune(dst, r)
		}
		i += size
		start = i
	}
	return append(dst, src[start:]...), nil
}

// appendEscapeASCII writes the escape of the ASCII stop byte c.
func appendEscapeASCII(dst []byte, c byte, p *Policy) []byte {
	if e := p.short[c]; e != 0 {
		return append(dst, '\\', e)
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}

// appendEscapeRune writes r as \uXXXX, or as a surrogate pair of them above the BMP.
func appendEscapeRune(dst []byte, r rune) []byte {
	if r > 0xFFFF {
		r1, r2 := utf16.EncodeRune(r)
		dst = appendU4(dst, r1)
		return appendU4(dst, r2)
	}
	return appendU4(dst, r)
}

func appendU4(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
}
