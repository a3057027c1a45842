package jsonstr

// UTF8Lead returns, for the first byte c of a UTF-8 sequence, the sequence's length n and the range
// lo..hi that its second byte must lie in; every later byte is a continuation byte, 0x80..0xBF. n is
// 0 for a byte that cannot start a multi-byte sequence: ASCII, a continuation byte, C0 and C1 (they
// could only start overlong two-byte forms) and F5 to FF (beyond U+10FFFF). This is the module's one
// copy of the table of well-formed sequences (The Unicode Standard, section 3.9, table 3-7, which
// unicode/utf8 keeps as its first and acceptRanges tables).
func UTF8Lead(c byte) (n int, lo, hi byte) {
	l := &utf8Leads[c]
	return int(l.n), l.lo, l.hi
}

// A utf8Lead is an entry of the table UTF8Lead reads.
type utf8Lead struct{ n, lo, hi uint8 }

var utf8Leads = func() (t [256]utf8Lead) {
	for c := 0xC2; c <= 0xF4; c++ {
		l := utf8Lead{n: 2, lo: 0x80, hi: 0xBF}
		if c >= 0xF0 {
			l.n = 4
		} else if c >= 0xE0 {
			l.n = 3
		}
		switch c {
		case 0xE0:
			l.lo = 0xA0 // no overlong three-byte forms
		case 0xED:
			l.hi = 0x9F // no surrogates (U+D800 to U+DFFF)
		case 0xF0:
			l.lo = 0x90 // no overlong four-byte forms
		case 0xF4:
			l.hi = 0x8F // nothing above U+10FFFF
		}
		t[c] = l
	}
	return
}()

// decodeRune decodes the multi-byte UTF-8 sequence starting at s[i] (s[i] >= 0x80). It returns size 0
// when the bytes there are not valid UTF-8; the caller then treats the single byte s[i] as invalid,
// exactly as utf8.DecodeRune's (RuneError, 1) does, so output matches encoding/json byte for byte.
func decodeRune[S ~string | ~[]byte](s S, i int) (r rune, size int) {
	c0 := s[i]
	n, lo, hi := UTF8Lead(c0)
	if n == 0 || len(s)-i < n {
		return 0, 0
	}
	c1 := s[i+1]
	if c1 < lo || c1 > hi {
		return 0, 0
	}
	switch n {
	case 2:
		return rune(c0&0x1F)<<6 | rune(c1&0x3F), 2
	case 3:
		c2 := s[i+2]
		if c2&0xC0 != 0x80 {
			return 0, 0
		}
		return rune(c0&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(c2&0x3F), 3
	}
	c2, c3 := s[i+2], s[i+3]
	if c2&0xC0 != 0x80 || c3&0xC0 != 0x80 {
		return 0, 0
	}
	return rune(c0&0x07)<<18 | rune(c1&0x3F)<<12 | rune(c2&0x3F)<<6 | rune(c3&0x3F), 4
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
