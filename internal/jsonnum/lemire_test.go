package jsonnum

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestPow128 recomputes the table with math/big: 10^e scaled to 128 bits, top bit set, rounded down.
func TestPow128(t *testing.T) {
	ten := big.NewInt(10)
	for e := pow128Min; e <= pow128Max; e++ {
		var m *big.Int
		if e >= 0 {
			m = new(big.Int).Exp(ten, big.NewInt(int64(e)), nil)
			if n := m.BitLen(); n > 128 {
				m.Rsh(m, uint(n-128))
			} else {
				m.Lsh(m, uint(128-n))
			}
		} else {
			d := new(big.Int).Exp(ten, big.NewInt(int64(-e)), nil)
			for k := d.BitLen() + 126; ; k++ {
				m = new(big.Int).Lsh(big.NewInt(1), uint(k))
				if m.Quo(m, d); m.BitLen() == 128 {
					break
				}
			}
		}
		lo := new(big.Int).And(m, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
		hi := new(big.Int).Rsh(m, 64).Uint64()
		if p := pow128[e-pow128Min]; p != [2]uint64{hi, lo} {
			t.Fatalf("pow128 for 1e%d = %#x, want %#x %#x", e, p, hi, lo)
		}
	}
}

// floatLit writes the literal of m·10^exp with the decimal point point digits from the right of m
// (no point when point is 0 or past m's digits), in e notation unless exp is 0.
func floatLit(neg bool, m uint64, point int, exp int) string {
	s := strconv.FormatUint(m, 10)
	if point > 0 && point < len(s) {
		s = s[:len(s)-point] + "." + s[len(s)-point:]
	}
	if point >= len(s) && point < 30 {
		s = "0." + strings.Repeat("0", point-len(s)) + s
	}
	if exp != 0 {
		s += "e" + strconv.Itoa(exp)
	}
	if neg {
		s = "-" + s
	}
	return s
}

// checkFloat compares ParseFloat64 with strconv.ParseFloat, the reference, bit for bit.
func checkFloat(t *testing.T, lit string) {
	t.Helper()
	if end, c := Scan([]byte(lit), 0); c != OK || end != len(lit) {
		t.Fatalf("bad test literal %q", lit)
	}
	want, err := strconv.ParseFloat(lit, 64)
	got, c := ParseFloat64([]byte(lit))
	if (c == OK) != (err == nil) || err == nil && math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("ParseFloat64(%q) = %v (%#x), %d; strconv gives %v (%#x), %v",
			lit, got, math.Float64bits(got), c, want, math.Float64bits(want), err)
	}
}

// TestParseFloat64Exponents sends mantissas of every length through every exponent of the table and
// past it, and the halfway cases between neighbouring float64 values.
func TestParseFloat64Exponents(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for exp := -360; exp <= 360; exp++ {
		for n := 1; n <= 20; n++ {
			m := rng.Uint64()
			if n < 20 {
				m %= uint64(math.Pow10(n))
			}
			checkFloat(t, floatLit(rng.IntN(2) == 0, m, rng.IntN(n+2), exp))
		}
	}
	for range 20000 {
		// A float64, printed with 17 digits, and the decimal half way to its neighbour above,
		// rounded and truncated: the hardest inputs for a correct rounding.
		f := math.Float64frombits(rng.Uint64() &^ (1 << 63))
		if math.IsInf(f, 0) || math.IsNaN(f) {
			continue
		}
		checkFloat(t, strconv.FormatFloat(f, 'e', -1, 64))
		checkFloat(t, strconv.FormatFloat(f, 'e', 16, 64))
		next := math.Nextafter(f, math.Inf(1))
		if math.IsInf(next, 0) {
			continue
		}
		half := new(big.Float).SetPrec(2000).Add(new(big.Float).SetFloat64(f), new(big.Float).SetFloat64(next))
		half.Quo(half, big.NewFloat(2))
		for _, d := range []int{17, 18, 19, 20, 25} {
			s := half.Text('e', d)
			s = strings.Replace(s, "e+", "e", 1)
			checkFloat(t, s)
		}
	}
	for _, lit := range []string{"0e400", "-0.0e-400", "1e-400", "2.2250738585072011e-308",
		"2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308", "1.7976931348623159e308",
		"9007199254740993", "9007199254740993.0", "0.00000000000000000000123456789012345678",
		"18446744073709551615", "18446744073709551616", "10000000000000000000000000", "1e23", "8.41e21"} {
		checkFloat(t, lit)
	}
}

// FuzzParseFloat64 builds literals from their parts and compares ParseFloat64 with strconv.
func FuzzParseFloat64(f *testing.F) {
	f.Add(false, uint64(65613616999999977), uint8(15), int16(0))
	f.Add(true, uint64(1), uint8(0), int16(23))
	f.Add(false, uint64(17976931348623157), uint8(16), int16(308))
	f.Fuzz(func(t *testing.T, neg bool, m uint64, point uint8, exp int16) {
		checkFloat(t, floatLit(neg, m, int(point%40), int(exp%500)))
	})
}
