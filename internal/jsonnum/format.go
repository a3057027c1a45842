package jsonnum

import (
	"math"
	"strconv"
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
// NOTE: the digits come from shortest (Schubfach) and are written eight at a time: a 17-digit
// coordinate (canada.json) takes about a third of strconv.AppendFloat's time. Zero and subnormals
// (rare in documents) go to strconv, as does every float64 in the tests' reference.
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
