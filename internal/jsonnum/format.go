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
func AppendFloat64(dst []byte, f float64) []byte {
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
