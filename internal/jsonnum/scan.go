package jsonnum

import (
	"math"
	"math/bits"
	"strconv"
)

// Code says what is wrong with a number literal. The kernels return codes, never allocate; the
// public packages turn a code into a rich error once, at their boundary.
type Code uint8

const (
	OK        Code = iota // the literal is valid and its value fits
	ErrSyntax             // the bytes at the returned index cannot continue or end the literal
	ErrRange              // the value does not fit the type
	ErrNotInt             // a fraction or exponent where an integer is wanted
	ErrSign               // a minus sign where an unsigned integer is wanted
)

// Scan finds the end of the JSON number literal (RFC 8259 section 6) that starts at s[i]. It returns
// the index just past the literal and OK, or the index of the first byte that breaks the grammar and
// ErrSyntax. A literal may not be followed directly by a byte that could extend a number or a
// literal name ('.', '+', '-', a digit or a letter): "01", "1.e5" and "2x" are errors.
//
// When end == len(s) the literal may continue in bytes not yet read (or, with ErrSyntax, may still
// become valid: "1." or "-"); a streaming reader refills and scans again, and only at the end of the
// input takes the answer as final.
func Scan(s []byte, i int) (end int, c Code) {
	if i < len(s) && s[i] == '-' {
		i++
	}
	if i >= len(s) {
		return i, ErrSyntax
	}
	switch d := s[i]; {
	case d == '0':
		i++
	case '1' <= d && d <= '9':
		i = digits(s, i+1)
	default:
		return i, ErrSyntax
	}
	if i < len(s) && s[i] == '.' {
		j := digits(s, i+1)
		if j == i+1 {
			return j, ErrSyntax
		}
		i = j
	}
	if i < len(s) && s[i]|0x20 == 'e' {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digits(s, i)
		if j == i {
			return j, ErrSyntax
		}
		i = j
	}
	if i < len(s) && continues(s[i]) {
		return i, ErrSyntax
	}
	return i, OK
}

// digits returns the index of the first byte at or after i that is not an ASCII digit.
func digits(s []byte, i int) int {
	// Eight bytes at a time: with x = w - 0x30 in every lane, a lane holds a digit when x < 10, that
	// is when neither x nor x + 0x76 has bit 7 set. A lane below '0' borrows from the lanes above it
	// and one from 0x8a up carries into them, but both are non-digits themselves, so the lowest
	// flagged lane is always the first non-digit (the has-less-than trick of jsonstr/swar.go).
	// NOTE: fractions in coordinate-heavy documents (canada.json) run to 15 digits, where this
	// takes two steps instead of fifteen.
	for i+8 <= len(s) {
		x := load64(s, i) - 0x3030303030303030
		if y := (x | (x + 0x7676767676767676)) & 0x8080808080808080; y != 0 {
			return i + bits.TrailingZeros64(y)>>3
		}
		i += 8
	}
	for i < len(s) && s[i]-'0' < 10 {
		i++
	}
	return i
}

// load64 returns s[i:i+8] as a little-endian word, in one load.
func load64(s []byte, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// appendDigits returns m·10^len(d) plus the value of the ASCII digits d; the caller makes sure it
// fits. Eight digits are converted at a time: subtracting '0' from every lane leaves the digits in
// bytes, lowest address (the leading digit) in the low byte; then neighbouring lanes are paired
// three times, each time multiplying the more significant lane (the lower one) by 10, 100 and
// 10000 and adding the other, the masks dropping what the shift left between the pairs.
// Fewer than eight digits left are converted the same way when d's capacity holds eight bytes (in a
// document, nearly always): the word is shifted up so that the bytes past the digits drop out and
// zeros, as leading zeros, come in below. (A lane past the digits may borrow from the lane above it
// when subtracting '0', but never from a digit's lane below it.)
// NOTE: canada.json's 15-digit fractions convert in two steps, not fifteen; marine_ik.json's
// six-digit ones in one step instead of a chain of six multiply-adds.
func appendDigits(m uint64, d []byte) uint64 {
	for len(d) >= 8 {
		m = m*100000000 + eight(load64(d, 0)-0x3030303030303030)
		d = d[8:]
	}
	if n := len(d); n > 0 && cap(d) >= 8 {
		return m*pow10u[n] + eight((load64(d[:8], 0)-0x3030303030303030)<<(64-8*n))
	}
	for _, c := range d {
		m = m*10 + uint64(c-'0')
	}
	return m
}

// eight returns the value of eight decimal digits, one per byte of x, the most significant in the
// lowest byte.
func eight(x uint64) uint64 {
	x = (x*10 + x>>8) & 0x00ff00ff00ff00ff
	x = (x*100 + x>>16) & 0x0000ffff0000ffff
	return (x*10000 + x>>32) & 0xffffffff
}

// pow10u holds 10^n for the digit counts appendDigits converts in one word.
var pow10u = [8]uint64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000}

// continues reports whether c may not directly follow a number: it would extend a number or a name.
func continues(c byte) bool {
	return c-'0' < 10 || c == '.' || c == '+' || c == '-' || (c|0x20)-'a' < 26
}

// IsInt reports whether lit, a valid literal, has no fraction and no exponent.
func IsInt(lit []byte) bool {
	for _, c := range lit {
		if c == '.' || c == 'e' || c == 'E' {
			return false
		}
	}
	return true
}

// ParseUint64 parses lit, a valid literal, exactly as a uint64.
func ParseUint64(lit []byte) (uint64, Code) {
	if len(lit) > 0 && lit[0] == '-' {
		if !IsInt(lit) {
			return 0, ErrNotInt
		}
		if isZero(lit[1:]) {
			return 0, OK // -0 is zero
		}
		return 0, ErrSign
	}
	return parseMagnitude(lit)
}

// ParseInt64 parses lit, a valid literal, exactly as an int64.
func ParseInt64(lit []byte) (int64, Code) {
	neg := len(lit) > 0 && lit[0] == '-'
	if neg {
		lit = lit[1:]
	}
	u, c := parseMagnitude(lit)
	if c != OK {
		return 0, c
	}
	if neg {
		if u > 1<<63 {
			return 0, ErrRange
		}
		return -int64(u), OK // NOTE: -int64(1<<63) wraps to math.MinInt64, which is the wanted value.
	}
	if u > math.MaxInt64 {
		return 0, ErrRange
	}
	return int64(u), OK
}

// parseMagnitude parses the digits of an unsigned integer literal, with overflow checks.
func parseMagnitude(lit []byte) (uint64, Code) {
	if !IsInt(lit) {
		return 0, ErrNotInt
	}
	// NOTE: 19 decimal digits always fit a uint64 (10^19-1 < 2^64), so the common case needs no
	// overflow test inside the loop.
	if len(lit) <= 19 {
		var u uint64
		for _, c := range lit {
			u = u*10 + uint64(c-'0')
		}
		return u, OK
	}
	var u uint64
	for _, c := range lit {
		d := uint64(c - '0')
		if u > (math.MaxUint64-d)/10 {
			return 0, ErrRange
		}
		u = u*10 + d
	}
	return u, OK
}

func isZero(lit []byte) bool {
	return len(lit) == 1 && lit[0] == '0'
}

// ParseFloat64 parses lit, a valid literal, as the nearest float64. A literal beyond the float64
// range gives ErrRange (encoding/json rejects those too).
//
// NOTE: QuickFloat converts nearly every literal of documents (Clinger's path, else Eisel-Lemire's:
// canada.json's 17-digit coordinates took strconv's slow path before); strconv reads the rest.
func ParseFloat64(lit []byte) (float64, Code) {
	if end, f, ok := QuickFloat(lit, 0); ok && end == len(lit) {
		return f, OK
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil {
		return 0, ErrRange // lit is valid JSON, so the only possible failure is range
	}
	return f, OK
}

// pow10 holds the powers of ten that a float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
	1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}
