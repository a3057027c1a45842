package jsonstr

// decodeRune decodes the multi-byte UTF-8 sequence starting at s[i] (s[i] >= 0x80). It returns size 0
// when the bytes there are not valid UTF-8; the caller then treats the single byte s[i] as invalid,
// exactly as utf8.DecodeRune's (RuneError, 1) does, so output matches encoding/json byte for byte.
func decodeRune[S ~string | ~[]byte](s S, i int) (r rune, size int) {
	n := len(s) - i
	c0 := s[i]
	switch {
	case c0 < 0xC2: // a continuation byte, or an overlong 2-byte lead
		return 0, 0
	case c0 < 0xE0:
		if n < 2 || s[i+1]&0xC0 != 0x80 {
			return 0, 0
		}
		return rune(c0&0x1F)<<6 | rune(s[i+1]&0x3F), 2
	case c0 < 0xF0:
		if n < 3 {
			return 0, 0
		}
		c1, c2 := s[i+1], s[i+2]
		lo, hi := byte(0x80), byte(0xBF)
		if c0 == 0xE0 {
			lo = 0xA0 // no overlong forms
		} else if c0 == 0xED {
			hi = 0x9F // no surrogates
		}
		if c1 < lo || c1 > hi || c2&0xC0 != 0x80 {
			return 0, 0
		}
		return rune(c0&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(c2&0x3F), 3
	case c0 < 0xF5:
		if n < 4 {
			return 0, 0
		}
		c1, c2, c3 := s[i+1], s[i+2], s[i+3]
		lo, hi := byte(0x80), byte(0xBF)
		if c0 == 0xF0 {
			lo = 0x90 // no overlong forms
		} else if c0 == 0xF4 {
			hi = 0x8F // nothing above U+10FFFF
		}
		if c1 < lo || c1 > hi || c2&0xC0 != 0x80 || c3&0xC0 != 0x80 {
			return 0, 0
		}
		return rune(c0&0x07)<<18 | rune(c1&0x3F)<<12 | rune(c2&0x3F)<<6 | rune(c3&0x3F), 4
	}
	return 0, 0
}

// skipUTF8 steps over valid multi-byte characters from s[i] and returns the index of the first byte
// that is ASCII, not valid UTF-8, or (when lineTerms is set) the start of U+2028 or U+2029. The run it
// steps over needs no change, so callers copy it with the plain run around it.
func skipUTF8[S ~string | ~[]byte](s S, i int, lineTerms bool) int {
	for i < len(s) && s[i] >= 0x80 {
		r, size := decodeRune(s, i)
		if size == 0 || lineTerms && (r == '\u2028' || r == '\u2029') {
			break
		}
		i += size
	}
	return i
}
