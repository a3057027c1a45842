package jsonnum

import (
	"math"
	"math/bits"
)

//go:generate go run gen_pow128.go

const (
	pow128Min = -348 // the powers of ten in pow128
	pow128Max = 347
)

// lemire returns the float64 nearest to m·10^e (m > 0), rounding half to even, by the Eisel-Lemire
// method (Daniel Lemire, "Number parsing at a gigabyte per second", 2021; Nigel Tao's write-up at
// nigeltao.github.io/blog/2020/eisel-lemire.html). It reports false where it cannot be sure of the
// rounding from 128 bits of the power of ten, and where the result is subnormal, zero or infinite;
// the caller then asks strconv, which always knows. The reference it is fuzzed against is
// strconv.ParseFloat (FuzzParseFloat64).
func lemire(m uint64, e int, neg bool) (float64, bool) {
	if e < pow128Min || e > pow128Max {
		return 0, false
	}
	p := &pow128[e-pow128Min]
	// Shift m up so its top bit is set; the product of two such numbers has its top bit in one of
	// the two highest places.
	z := bits.LeadingZeros64(m)
	m <<= uint(z)
	// The binary exponent of the result, before the product's top bit is known: floor(e·log2(10))
	// + 1 is the exponent of the power's mantissa (108853/2^15 approximates log2(10) closely
	// enough over the table's range), plus 63 for the normalised m, plus the float64 bias.
	exp := uint64((e*108853)>>15+1+63+1023) - uint64(z)

	hi, lo := bits.Mul64(m, p[0])
	// The power's mantissa is truncated, so the true product lies a little above hi:lo. When the
	// nine bits below the 54 kept are all ones, that little could carry into them: add the product
	// with the power's low word, and give up if it still might.
	if hi&0x1ff == 0x1ff && lo+m < lo {
		h2, l2 := bits.Mul64(m, p[1])
		mhi, mlo := hi, lo+h2
		if mlo < lo {
			mhi++
		}
		if mhi&0x1ff == 0x1ff && mlo+1 == 0 && l2+m < l2 {
			return 0, false
		}
		hi, lo = mhi, mlo
	}
	// Keep 54 bits: the 53 of the result and one to round with.
	top := hi >> 63
	mant := hi >> (top + 9)
	exp -= 1 ^ top
	// Exactly half way between two float64 values (nothing below the rounding bit, and the bit
	// above it even): the truncated power cannot tell which way the true value lies.
	if lo == 0 && hi&0x1ff == 0 && mant&3 == 1 {
		return 0, false
	}
	mant += mant & 1 // round half up on the 54th bit, then drop it
	mant >>= 1
	if mant>>53 != 0 { // rounding carried into a new top bit
		mant >>= 1
		exp++
	}
	// exp 0 is the subnormal range and 0x7ff infinity: both are left to strconv.
	if exp-1 >= 0x7ff-1 {
		return 0, false
	}
	b := exp<<52 | mant&(1<<52-1)
	if neg {
		b |= 1 << 63
	}
	return math.Float64frombits(b), true
}
