package jsontext

import (
	"math"
	"strconv"

	"github.com/stridejson/stride/internal/jsonnum"
)

// AppendFloat appends src to dst as a JSON number (ECMA-262, as RFC 8785 formats it): the
// shortest decimal that reads back as src at the given bits (32 or 64), in exponent notation
// below 1e-6 and from 1e21 up. With bits 32, src is first rounded to a float32. NaN and the
// infinities, which JSON cannot hold, are written as strconv writes them.
func AppendFloat(dst []byte, src float64, bits int) []byte {
	if bits == 32 {
		f := float32(src)
		if math.IsInf(float64(f), 0) || f != f {
			return strconv.AppendFloat(dst, float64(f), 'g', -1, 32)
		}
		return jsonnum.AppendFloat32(dst, f)
	}
	if math.IsInf(src, 0) || src != src {
		return strconv.AppendFloat(dst, src, 'g', -1, 64)
	}
	return jsonnum.AppendFloat64(dst, src)
}
