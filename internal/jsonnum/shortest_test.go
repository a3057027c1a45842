package jsonnum

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// AppendFloat64 (shortest) against its reference, appendFloat64Strconv, which TestEdges and the
// others hold to encoding/json.

func checkShortest(t *testing.T, f float64) {
	t.Helper()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return
	}
	if got, want := string(AppendFloat64(nil, f)), string(appendFloat64Strconv(nil, f)); got != want {
		t.Fatalf("AppendFloat64(%v) (bits %#x) = %q, want %q", f, math.Float64bits(f), got, want)
	}
}

// TestShortestPowersOfTwo takes every normal exponent at the significands where the interval of a
// float64 is uneven (2^52: a power of two) or its ends are ties, and their neighbours.
func TestShortestPowersOfTwo(t *testing.T) {
	for bq := uint64(1); bq < 0x7ff; bq++ {
		for _, m := range []uint64{0, 1, 2, 3, 1<<52 - 1, 1<<52 - 2, 1 << 51, 1<<51 + 1} {
			f := math.Float64frombits(bq<<52 | m)
			checkShortest(t, f)
			checkShortest(t, -f)
		}
	}
}

// TestShortestRandom formats random float64s where documents have them: decimals of 1 to 17 digits
// read back (coordinates, prices, ratios), and random significands at exponents from 2^-70 to 2^80.
func TestShortestRandom(t *testing.T) {
	n := 300000
	if testing.Short() {
		n = 30000
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range n {
		digits := r.Uint64N(1 << 60)
		for range r.IntN(17) {
			digits /= 10
		}
		lit := strconv.FormatUint(digits, 10) + "e" + strconv.Itoa(r.IntN(60)-40)
		f, err := strconv.ParseFloat(lit, 64)
		if err != nil {
			t.Fatal(err)
		}
		checkShortest(t, f)
		bq := uint64(1023 - 70 + r.IntN(150))
		checkShortest(t, math.Float64frombits(bq<<52|r.Uint64N(1<<52)))
	}
}

func FuzzShortest(f *testing.F) {
	f.Add(math.Float64bits(-65.613616999999977))
	f.Add(math.Float64bits(0.0006988752666567719))
	f.Fuzz(func(t *testing.T, u uint64) { checkShortest(t, math.Float64frombits(u)) })
}

// BenchmarkAppendFloat64Digits formats floats with many digits (coordinates, ratios) and few, by
// AppendFloat64 and by strconv.
func BenchmarkAppendFloat64Digits(b *testing.B) {
	benchFormat(b, []float64{-65.613616999999977, 0.0006988752666567719, 44.95111099999993, 0.5, 123.25, 1.316289444e9})
}

// BenchmarkAppendFloat64Coords formats the coordinates of a geometry (canada.json's kind: 15 to 17
// significant digits, two or three before the point), by AppendFloat64 and by strconv.
func BenchmarkAppendFloat64Coords(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	vals := make([]float64, 256)
	for i := range vals {
		vals[i] = (r.Float64() - 0.5) * 360
	}
	benchFormat(b, vals)
}

// benchFormat formats vals by AppendFloat64 and by its strconv reference, a sub-benchmark each.
func benchFormat(b *testing.B, vals []float64) {
	for _, fn := range []struct {
		name string
		f    func([]byte, float64) []byte
	}{{"shortest", AppendFloat64}, {"strconv", appendFloat64Strconv}} {
		b.Run(fn.name, func(b *testing.B) {
			buf := make([]byte, 0, 64)
			b.ReportAllocs()
			for b.Loop() {
				for _, v := range vals {
					buf = fn.f(buf[:0], v)
				}
			}
		})
	}
}
