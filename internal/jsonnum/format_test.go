package jsonnum

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// edges are values around the notation bounds, the float limits and the precision edges.
var edges = []float64{
	0, math.Copysign(0, -1), 1, -1, 0.1, 1.5, 100, 123456789, 1e20, 1e21, 1e21 - 65536*2, 1e22, 1e-6,
	1e-7, 9.999999e-7, 1.0000001e-6, 0.000001, 0.0000001, 1e-10, 1e-100, 1e100, 1e300, 1e308,
	math.MaxFloat64, math.SmallestNonzeroFloat64, math.MaxFloat32, math.SmallestNonzeroFloat32,
	1 << 53, 1<<53 + 1, 1 << 63, 1 << 64, math.Pi, math.E, 5e-324, 2.2250738585072014e-308,
	float64(float32(1e21)), float64(math.Nextafter32(float32(1e21), 0)), float64(float32(1e-6)),
	float64(math.Nextafter32(float32(1e-6), 0)), float64(math.Nextafter32(float32(1e-6), 1)),
	math.Nextafter(1e21, 0), math.Nextafter(1e-6, 0), 1e-5, 1e-9, 12e-8, 3.4e38,
}

func want64(t testing.TB, f float64) string {
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func want32(t testing.TB, f float32) string {
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func check64(t testing.TB, f float64) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return
	}
	if got, want := string(AppendFloat64([]byte("x"), f)), "x"+want64(t, f); got != want {
		t.Fatalf("AppendFloat64(%b) = %q, want %q", f, got, want)
	}
}

func check32(t testing.TB, f float32) {
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return
	}
	if got, want := string(AppendFloat32([]byte("x"), f)), "x"+want32(t, f); got != want {
		t.Fatalf("AppendFloat32(%b) = %q, want %q", f, got, want)
	}
}

func TestEdges(t *testing.T) {
	for _, f := range edges {
		for _, g := range []float64{f, -f, math.Nextafter(f, math.Inf(1)), math.Nextafter(f, math.Inf(-1))} {
			check64(t, g)
			check32(t, float32(g))
			check32(t, math.Nextafter32(float32(g), float32(math.Inf(1))))
		}
	}
}

// TestPowersOfTen walks every power of ten and its neighbours: the notation switches there.
func TestPowersOfTen(t *testing.T) {
	for e := -325; e <= 309; e++ {
		f := math.Pow10(e)
		for _, g := range []float64{f, math.Nextafter(f, 0), math.Nextafter(f, math.Inf(1)), 3 * f, 9.5 * f} {
			check64(t, g)
			check64(t, -g)
			check32(t, float32(g))
		}
	}
}

// TestRandomBits formats random bit patterns (every exponent, every sign) as float64 and float32.
func TestRandomBits(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 20000
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range n {
		u := r.Uint64()
		check64(t, math.Float64frombits(u))
		check32(t, math.Float32frombits(uint32(u)))
	}
}

func TestNoAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() {
		buf = AppendFloat64(buf[:0], 1.2345e-300)
		buf = AppendFloat32(buf[:0], 1.5e30)
		buf = AppendFloat64(buf[:0], 12345.678)
		// appendPlain17's three layouts, into a buffer with the room its stores need
		buf = AppendFloat64(buf[:0], -65.613616999999977)
		buf = AppendFloat64(buf[:0], 0.000123456789)
		buf = AppendFloat64(buf[:0], 1.5e20)
	}); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

func FuzzFormat(f *testing.F) {
	for _, e := range edges {
		f.Add(math.Float64bits(e))
	}
	f.Fuzz(func(t *testing.T, u uint64) {
		check64(t, math.Float64frombits(u))
		check32(t, math.Float32frombits(uint32(u)))
		check32(t, math.Float32frombits(uint32(u>>32)))
	})
}

func BenchmarkAppendFloat64(b *testing.B) {
	buf := make([]byte, 0, 64)
	vals := []float64{0, 1, 3.25, 123456.789, 1e-9, 6.02214076e23, -0.1}
	b.ReportAllocs()
	for b.Loop() {
		for _, v := range vals {
			buf = AppendFloat64(buf[:0], v)
		}
	}
}

// TestShortDecimals formats the floats nearest decimals of 1 to 17 digits at every position of
// the point in plain notation and around its bounds, which random bits seldom give (their
// shortest forms have 16 or 17 digits): each digit count and point position is its own case of
// the output's layout, written into a buffer with room and into one without.
func TestShortDecimals(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	roomy := make([]byte, 1, 128)
	for digits := 1; digits <= 17; digits++ {
		for e := -26; e <= 22; e++ {
			for range 20 {
				d := r.Uint64N(uint64(math.Pow10(digits-1))*9) + uint64(math.Pow10(digits-1))
				f, err := strconv.ParseFloat(strconv.FormatUint(d, 10)+"e"+strconv.Itoa(e-digits), 64)
				if err != nil {
					t.Fatal(err)
				}
				check64(t, f)
				check64(t, -f)
				roomy[0] = 'x'
				if got, want := string(AppendFloat64(roomy[:1], f)), "x"+want64(t, f); got != want {
					t.Fatalf("AppendFloat64(%b) with room = %q, want %q", f, got, want)
				}
			}
		}
	}
}
