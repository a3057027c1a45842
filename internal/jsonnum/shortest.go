package jsonnum

import "math/bits"

// shortest returns d and k such that d·10^k is the decimal that encoding/json (strconv's shortest
// formatting) writes for the positive float64 c·2^q: of the decimals with the fewest digits that
// read back as that float64, the one nearest it, the even one of two as near. c is the significand
// with its hidden bit (2^52 <= c < 2^53), so the float64 is normal. d may end in zeros.
//
// The method is Raffaello Giulietti's Schubfach ("The Schubfach way to render doubles", 2020; the
// algorithm of Java's Double.toString since JDK 19): the float64, the two ends of the interval of
// reals that round to it, and 10^-k for the k that leaves 16 or 17 digits before the point, are
// multiplied out with 126 bits of 10^-k, rounded to odd so that ties and exact products stay
// distinguishable; of the two multiples of 10^k (or of 10^(k+1), one digit fewer) around the
// float64, the interval holds one or both, and the nearer is taken. Every float64 gives strconv's
// digits: FuzzShortest and TestShortestRandom compare them.
func shortest(c uint64, q int) (d uint64, k int) {
	out := c & 1 // the interval is closed (its ends round to c, ties to even) when c is even
	cb := c << 2
	cbr := cb + 2
	var cbl uint64
	if c != 1<<52 || q == -1074 {
		cbl = cb - 2
		k = flog10pow2(q)
	} else {
		// The lower neighbour of a power of two is half as far away: the interval is uneven.
		cbl = cb - 1
		k = flog10threeQuartersPow2(q)
	}
	h := q + flog2pow10(-k) + 2
	g1, g0 := pow10g(-k)
	vb := rop(g1, g0, cb<<h)
	vbl := rop(g1, g0, cbl<<h)
	vbr := rop(g1, g0, cbr<<h)

	s := vb >> 2 // the float64 times 10^-k, rounded down
	if s >= 100 {
		// One digit fewer: the multiples of 10 around s, sp10 = 10·floor(s/10).
		hi, _ := bits.Mul64(s, 115292150460684698<<4)
		sp10 := 10 * hi
		tp10 := sp10 + 10
		upin := vbl+out <= sp10<<2
		wpin := tp10<<2+out <= vbr
		if upin != wpin {
			if upin {
				return sp10, k
			}
			return tp10, k
		}
	}
	t := s + 1
	uin := vbl+out <= s<<2
	win := t<<2+out <= vbr
	if uin != win {
		if uin {
			return s, k
		}
		return t, k
	}
	// Both are in the interval: the nearer, or the even one.
	if cmp := int64(vb - (s+t)<<1); cmp < 0 || cmp == 0 && s&1 == 0 {
		return s, k
	}
	return t, k
}

// rop returns cp·g·2^-127 rounded to odd (the low bit set when anything was cut off), with
// g = g1·2^63 + g0 the 126 bits of a power of ten from pow10g.
func rop(g1, g0, cp uint64) uint64 {
	x1, _ := bits.Mul64(g0, cp)
	y1, y0 := bits.Mul64(g1, cp)
	z := y0>>1 + x1
	return (y1 + z>>63) | ((z&(1<<63-1))+(1<<63-1))>>63
}

// pow10g returns g = floor(10^e·2^r) + 1 for the r that puts g in [2^125, 2^126), as g1·2^63 + g0
// with g0 < 2^63. It is pow128's entry (the top 128 bits, rounded down) shifted down by two, plus one.
func pow10g(e int) (g1, g0 uint64) {
	p := &pow128[e-pow128Min]
	hi, lo := p[0]>>2, p[1]>>2|p[0]<<62
	lo, carry := bits.Add64(lo, 1, 0)
	hi += carry
	return hi<<1 | lo>>63, lo & (1<<63 - 1)
}

// flog10pow2 is floor(q·log10(2)), flog10threeQuartersPow2 floor(log10(3/4·2^q)) and flog2pow10
// floor(e·log2(10)), by fixed-point multiplication, exact over the float64 exponents.
func flog10pow2(q int) int { return int(int64(q) * 661971961083 >> 41) }

func flog10threeQuartersPow2(q int) int { return int((int64(q)*661971961083 - 274743187321) >> 41) }

func flog2pow10(e int) int { return int(int64(e) * 913124641741 >> 38) }
