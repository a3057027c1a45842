package jsonnum

import (
	"math"
	"strconv"

	"github.com/stridejson/stride/internal/jsonstr"
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
//
// Scan is Prefix, which holds the grammar, and the check of the byte after the literal.
//
// NOTE: Scan inlines (cost 79 of the inliner's 80 on Go 1.26 and 1.27, TestScanInlines), so it
// adds no call in front of the grammar; that is why it calls prefix, which returns a Code, and
// reads the table extends rather than calling continues.
func Scan(s []byte, i int) (end int, c Code) {
	if end, c = prefix(s, i); end < len(s) && extends[s[end]] {
		c = ErrSyntax
	}
	return
}

// Prefix follows the JSON number grammar (RFC 8259 section 6) from s[i] as far as s allows. It
// returns the end of the longest prefix of s[i:] that some number literal begins with, that is the
// index of the first byte that cannot continue the literal there (or len(s)), and ok when s[i:end]
// is a whole literal, so that a number may end there. Unlike Scan it does not look at the byte at
// end: "01" gives 1 and true (the literal "0", and a byte that cannot continue it), "2x" 1 and
// true, "1.e5" 2 and false, "-" 1 and false, "" 0 and false. A reader that ends a number the way
// encoding/json's Decoder does at the top level ("01" is two values there) takes s[i:end] as the
// number when ok and leaves what follows to the next value.
//
// When end == len(s) the literal may go on in bytes not read yet (DigitsExtend says whether digits
// would continue it), and the answer is final only at the end of the input.
func Prefix(s []byte, i int) (end int, ok bool) {
	end, c := prefix(s, i)
	return end, c == OK
}

// prefix is Prefix with ok as a Code: OK, or ErrSyntax.
func prefix(s []byte, i int) (end int, c Code) {
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
	return i, OK
}

// DigitsExtend reports whether ASCII digits appended to s would extend the number prefix s[i:end]
// that Prefix found running to the end of s (end == len(s)): they do everywhere in the grammar but
// after a leading zero ("0" or "-0", which a digit cannot follow). So a reader whose input stops
// inside a number, and which must see the byte that ends it before taking Prefix's answer, can step
// over digits as they arrive and run Prefix again only when another byte arrives, instead of
// running it from the number's start after every read.
func DigitsExtend(s []byte, i, end int) bool {
	if end > i && s[end-1] == '0' {
		return !(end-i == 1 || end-i == 2 && s[i] == '-')
	}
	return true
}

// digits returns the index of the first byte at or after i that is not an ASCII digit.
// NOTE: fractions in coordinate-heavy documents (canada.json) run to 15 digits, where the words
// (NonDigits) take two steps instead of fifteen.
func digits(s []byte, i int) int {
	for i+8 <= len(s) {
		if m := NonDigits(jsonstr.Load64(s, i)); m != 0 {
			return i + jsonstr.FirstLane(m)
		}
		i += 8
	}
	if i < len(s) && len(s) >= 8 {
		// The last bytes, fewer than eight (a literal that ends its slice, as ParseFloat64's and
		// the Writer's do): load the word that ends at len(s) and shift the bytes before i out.
		// The zero bytes shifted in are non-digits, so the lowest flagged lane is at most the end.
		w := jsonstr.Load64(s, len(s)-8) >> (8 * (i - (len(s) - 8)))
		return i + jsonstr.FirstLane(NonDigits(w))
	}
	for i < len(s) && s[i]-'0' < 10 {
		i++
	}
	return i
}

// appendDigits returns m·10^len(d) plus the value of the ASCII digits d; the caller makes sure it
// fits. Eight digits are converted at a time (DigitsValue). Fewer than eight digits left are
// converted the same way when d's capacity holds eight bytes (in a document, nearly always): the
// word is shifted up so that the bytes past the digits drop out and zeros, as leading zeros, come in
// below.
// NOTE: canada.json's 15-digit fractions convert in two steps, not fifteen; marine_ik.json's
// six-digit ones in one step instead of a chain of six multiply-adds.
func appendDigits(m uint64, d []byte) uint64 {
	for len(d) >= 8 {
		m = m*100000000 + DigitsValue(jsonstr.Load64(d, 0))
		d = d[8:]
	}
	if n := len(d); n > 0 && cap(d) >= 8 {
		return m*pow10u[n] + DigitsValue(jsonstr.Load64(d[:8], 0)<<(64-8*n))
	}
	for _, c := range d {
		m = m*10 + uint64(c-'0')
	}
	return m
}

// pow10u holds 10^n for the digit counts appendDigits converts in one word.
var pow10u = [8]uint64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000}

// continues reports whether c may not directly follow a number: it would extend a number or a name.
func continues(c byte) bool {
	return c-'0' < 10 || c == '.' || c == '+' || c == '-' || (c|0x20)-'a' < 26
}

// extends is continues as a table, which keeps Scan within the inliner's budget (see Scan).
var extends = func() (t [256]bool) {
	for c := range t {
		t[c] = continues(byte(c))
	}
	return
}()

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

// ShortEnd is Scan's fast path for the numbers of most documents: it returns the index just past
// the number literal at s[i] when the literal is valid, has no exponent and at most 15 digits
// before its point, and is followed within s by a byte that cannot extend it (Scan's end, with
// OK); 0 for anything else, and where s ends within 33 bytes of i or inside the word after the
// literal. Its caller then asks Scan or Prefix, which give the same answer wherever it gives one.
// Each part is read a word at a time (NonDigits): the integer part in two words at most, the
// fraction in as many as it takes.
//
// NOTE: for ids and timestamps, a positive integer alone validated golang_source.json (four
// integers in each node) 1.07x and citm_catalog.json 1.08x as fast; the sign and the fraction are
// for coordinates (canada.json: -65.613616999999977), which had been scanned up to the point and
// then again from the start by Scan: validating canada.json took 0.75x the time with them, mesh.json
// 0.81x, citm_catalog.json 1.03x. The words are read here, not by a function, which does not inline
// (cost 212) and would add a call per part.
func ShortEnd(s []byte, i int) int {
	if i+33 > len(s) {
		return 0
	}
	j := i
	if s[j] == '-' {
		j++
	}
	switch d := s[j]; {
	case d-'1' <= 8:
		y := NonDigits(jsonstr.Load64(s, j))
		if y == 0 {
			j += 8
			if y = NonDigits(jsonstr.Load64(s, j)); y == 0 {
				return 0
			}
		}
		j += jsonstr.FirstLane(y)
	case d == '0':
		j++ // a digit after it is caught below, as extending it
	default:
		return 0
	}
	if s[j] == '.' {
		k := j + 1
		y := NonDigits(jsonstr.Load64(s, k))
		for y == 0 { // fractions of 16 digits and more (golang_source.json: 0.008264462809917356)
			if k += 8; k+8 > len(s) {
				return 0
			}
			y = NonDigits(jsonstr.Load64(s, k))
		}
		if k += jsonstr.FirstLane(y); k == j+1 {
			return 0
		}
		j = k
	}
	if extends[s[j]] {
		return 0
	}
	return j
}
