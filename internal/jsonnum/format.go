package jsonnum

import (
	"math"
	"math/bits"
	"slices"
	"strconv"

	"github.com/stridejson/stride/internal/jsonstr"
)

// encoding/json writes a float in the shortest decimal form that reads back as the same value, in
// plain notation when its magnitude is in [1e-6, 1e21) (or zero), and in exponent notation outside
// that range, with a negative exponent shortened to at least one digit (1e-7, not 1e-07). A float32
// is formatted with 32-bit precision and its range test is made in float32, so a float32 just below
// 1e21 by float64 measure but equal to float32(1e21) takes exponent notation as encoding/json does.

// Bounds of plain notation. A magnitude below lo or from hi up is written with an exponent.
const (
	lo = 1e-6
	hi = 1e21
)

// AppendFloat64 appends f as encoding/json formats a float64. f must be finite: JSON has no NaN or
// infinity, and callers reject them before formatting.
//
// NOTE: the digits come from shortest (Schubfach) and are written eight at a time: random
// coordinates (canada.json's kind) take 0.47 of Go 1.26's strconv.AppendFloat's time and 0.7 of
// Go 1.27's (BenchmarkAppendFloat64Coords). Zero and subnormals (rare in documents) go to
// strconv, as does every float64 in the tests' reference.
func AppendFloat64(dst []byte, f float64) []byte {
	b := math.Float64bits(f)
	bq := int(b>>52) & 0x7ff
	if bq == 0 {
		return appendFloat64Strconv(dst, f)
	}
	if b>>63 != 0 {
		dst = append(dst, '-')
	}
	c, q := b&(1<<52-1)|1<<52, bq-1075
	if 0 < -q && -q < 53 && c>>-q<<-q == c {
		return AppendUint(dst, c>>-q) // an integer below 2^53: its digits are the shortest
	}
	d, k := shortest(c, q)
	if a := math.Abs(f); 1e15 <= d && d < 1e17 && lo <= a && a < hi {
		return appendPlain17(dst, d, k)
	}
	return appendDecimal(dst, d, k, f)
}

// appendPlain17 appends d·10^k in plain notation, d of 16 or 17 digits that may end in zeros.
//
// NOTE: the path of nearly every float64 of a document (the shortest digits of a coordinate, a
// ratio, a price come out of shortest as 16 or 17 digits with the zeros at the end). The digits
// are made as three words (the first digit, then two words of eight), their trailing zeros counted
// in a word rather than divided off, and the text is written with 8-byte stores that run past its
// end into room made first (at most 48 bytes), overlapping where the point goes in: no memmove and
// no scratch copy. appendDecimal, the general layout, is the reference of the tests.
func appendPlain17(dst []byte, d uint64, k int) []byte {
	top := d / 1e16
	r := d - top*1e16
	h := r / 1e8
	var buf [40]byte // the 17 digit places at buf[0:17], then zeros the stores may read
	buf[0] = byte('0' + top)
	w1, w2 := digits8(uint32(h)), digits8(uint32(r-h*1e8))
	put64(buf[1:9], w1)
	put64(buf[9:17], w2)
	from := 1 - int(top+9)/10 // the first digit: buf[1] when d has 16 digits
	// Trailing zero digits: a '0' is a zero byte once zeros8 is taken off, and the last digit is
	// the word's highest byte.
	var tz int
	switch {
	case w2 != zeros8:
		tz = bits.LeadingZeros64(w2^zeros8) / 8
	case w1 != zeros8:
		tz = 8 + bits.LeadingZeros64(w1^zeros8)/8
	default:
		tz = 16 // the first digit is not zero: d >= 1e15
	}
	n := 17 - tz - from // significant digits
	p := 17 - from + k  // digits before the point; 1e-6 <= d·10^k < 1e21 puts it in [-5, 21]
	if cap(dst)-len(dst) < 48 {
		dst = slices.Grow(dst, 48)
	}
	l := len(dst)
	out := dst[:l+48]
	switch {
	case p <= 0: // 0.000ddd
		put64(out[l:], zeros8&^0xff00|'.'<<8) // "0.000000"
		l += 2 - p
		put64(out[l:], load64(buf[from:]))
		put64(out[l+8:], load64(buf[from+8:]))
		put64(out[l+16:], load64(buf[from+16:]))
		return out[:l+n]
	case p >= n: // ddd000: an integer of 2^52 or more (below that, AppendFloat64 wrote it)
		put64(out[l:], load64(buf[from:]))
		put64(out[l+8:], load64(buf[from+8:]))
		put64(out[l+16:], load64(buf[from+16:]))
		put64(out[l+n:], zeros8)
		put64(out[l+n+8:], zeros8)
		put64(out[l+n+16:], zeros8)
		return out[:l+p]
	default: // ddd.ddd, p < n <= 17 digits, so at most 16 on either side of the point
		put64(out[l:], load64(buf[from:]))
		put64(out[l+8:], load64(buf[from+8:]))
		out[l+p] = '.'
		put64(out[l+p+1:], load64(buf[from+p:]))
		put64(out[l+p+9:], load64(buf[from+p+8:]))
		return out[:l+n+1]
	}
}

// zeros8 is eight '0' digits as one word.
const zeros8 = 0x3030303030303030

// load64 is the little-endian word of b[:8] (jsonstr.Load64's, at index 0).
func load64(b []byte) uint64 { return jsonstr.Load64(b, 0) }

// appendDecimal appends d·10^k, the shortest decimal of f, in encoding/json's layout: plain
// notation when |f| is in [1e-6, 1e21), exponent notation outside.
func appendDecimal(dst []byte, d uint64, k int, f float64) []byte {
	// Trailing zeros off (0.5 comes as 5000000000000000·10^-16), in four steps at most.
	for d%1e8 == 0 {
		d /= 1e8
		k += 8
	}
	if d%1e4 == 0 {
		d /= 1e4
		k += 4
	}
	if d%100 == 0 {
		d /= 100
		k += 2
	}
	if d%10 == 0 {
		d /= 10
		k++
	}
	var buf [24]byte
	digits := AppendUint(buf[:0], d)
	n := len(digits)
	if a := math.Abs(f); a < lo || a >= hi {
		dst = append(dst, digits[0])
		if n > 1 {
			dst = append(dst, '.')
			dst = append(dst, digits[1:]...)
		}
		x := n - 1 + k // d.ddd·10^x
		if x < 0 {
			dst = append(dst, 'e', '-')
			return AppendUint(dst, uint64(-x))
		}
		dst = append(dst, 'e', '+')
		return AppendUint(dst, uint64(x)) // x >= 21: two digits or three, as strconv writes it
	}
	switch p := n + k; { // digits before the point
	case p <= 0:
		dst = append(dst, "0.000000"[:2-p]...) // p >= -5 here: |f| >= 1e-6
		return append(dst, digits...)
	case p >= n:
		dst = append(dst, digits...)
		return append(dst, "000000000000000000000"[:p-n]...) // p <= 21 here: |f| < 1e21
	default:
		dst = append(dst, digits[:p]...)
		dst = append(dst, '.')
		return append(dst, digits[p:]...)
	}
}

// appendFloat64Strconv is AppendFloat64 by strconv: the path of zero and subnormals, and the
// reference of the tests.
func appendFloat64Strconv(dst []byte, f float64) []byte {
	if a := math.Abs(f); a != 0 && (a < lo || a >= hi) {
		return trimExponent(strconv.AppendFloat(dst, f, 'e', -1, 64))
	}
	return strconv.AppendFloat(dst, f, 'f', -1, 64)
}

// AppendFloat32 appends f as encoding/json formats a float32: the shortest decimal that reads back
// as the same float32. f must be finite.
func AppendFloat32(dst []byte, f float32) []byte {
	if a := float32(math.Abs(float64(f))); a != 0 && (a < float32(lo) || a >= float32(hi)) {
		return trimExponent(strconv.AppendFloat(dst, float64(f), 'e', -1, 32))
	}
	return strconv.AppendFloat(dst, float64(f), 'f', -1, 32)
}

// trimExponent turns strconv's two-digit negative exponent with a leading zero ("e-07") into
// encoding/json's "e-7". Positive exponents here are at least 21, so they never have one.
func trimExponent(b []byte) []byte {
	n := len(b)
	if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b
}
