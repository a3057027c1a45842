package jsonnum

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

func checkInt(t testing.TB, n int64) {
	t.Helper()
	for _, pre := range [][]byte{nil, []byte("ab"), make([]byte, 3, 40)} {
		want := strconv.AppendInt(append([]byte(nil), pre...), n, 10)
		if got := AppendInt(append([]byte(nil), pre...), n); string(got) != string(want) {
			t.Fatalf("AppendInt(%q, %d) = %q, want %q", pre, n, got, want)
		}
		if got := AppendInt(pre[:len(pre):len(pre)], n); string(got) != string(want) {
			t.Fatalf("AppendInt(%q, %d) full = %q, want %q", pre, n, got, want)
		}
		if n >= 0 {
			continue
		}
		u := uint64(n)
		want = strconv.AppendUint(append([]byte(nil), pre...), u, 10)
		if got := AppendUint(append([]byte(nil), pre...), u); string(got) != string(want) {
			t.Fatalf("AppendUint(%q, %d) = %q, want %q", pre, u, got, want)
		}
	}
}

func TestAppendIntEdges(t *testing.T) {
	for _, n := range []int64{0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, math.MaxInt64, math.MinInt64,
		math.MaxInt32, math.MinInt32, 1e18 - 1, 1e18, -1e18} {
		checkInt(t, n)
	}
	for p := uint64(1); p <= 1e19; p *= 10 { // every length, at its edges
		for _, u := range []uint64{p - 1, p, p + 1} {
			checkInt(t, int64(u))
			checkInt(t, -int64(u))
		}
		if p == 1e19 {
			break
		}
	}
	checkInt(t, -1) // as uint64, the largest
}

func TestAppendIntRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		checkInt(t, int64(r.Uint64()>>r.IntN(64)))
	}
}

func TestDecimalLen(t *testing.T) {
	for u := uint64(1); u < 1<<20; u++ {
		if got, want := decimalLen(u), len(strconv.FormatUint(u, 10)); got != want {
			t.Fatalf("decimalLen(%d) = %d, want %d", u, got, want)
		}
	}
	for b := range 64 {
		for _, u := range []uint64{1<<b - 1, 1 << b, 1<<b + 1} {
			if got, want := decimalLen(max(u, 1)), len(strconv.FormatUint(max(u, 1), 10)); got != want {
				t.Fatalf("decimalLen(%d) = %d, want %d", u, got, want)
			}
		}
	}
}

func TestAppendIntNoAllocs(t *testing.T) {
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { buf = AppendInt(buf[:0], math.MinInt64) }); n != 0 {
		t.Errorf("AppendInt allocates %v times with room in dst", n)
	}
}

func FuzzAppendInt(f *testing.F) {
	f.Add(int64(0))
	f.Add(int64(math.MinInt64))
	f.Add(int64(1234567890123))
	f.Fuzz(func(t *testing.T, n int64) { checkInt(t, n) })
}

func BenchmarkAppendInt(b *testing.B) {
	ns := []int64{0, 7, 42, 1234, 339420802, 1380052800000, -17, math.MaxInt64}
	for _, impl := range []struct {
		name string
		f    func([]byte, int64) []byte
	}{{"stride", AppendInt}, {"strconv", func(d []byte, n int64) []byte { return strconv.AppendInt(d, n, 10) }}} {
		b.Run(impl.name, func(b *testing.B) {
			buf := make([]byte, 0, 256)
			b.ReportAllocs()
			for b.Loop() {
				buf = buf[:0]
				for _, n := range ns {
					buf = impl.f(buf, n)
				}
			}
		})
	}
}

func BenchmarkAppendIntSizes(b *testing.B) {
	for _, n := range []int64{42, 1234, 339420802, 1380052800000} {
		b.Run(strconv.FormatInt(n, 10), func(b *testing.B) {
			buf := make([]byte, 0, 1024)
			for b.Loop() {
				buf = buf[:0]
				for range 32 {
					buf = AppendInt(buf, n)
				}
			}
		})
		b.Run(strconv.FormatInt(n, 10)+"/strconv", func(b *testing.B) {
			buf := make([]byte, 0, 1024)
			for b.Loop() {
				buf = buf[:0]
				for range 32 {
					buf = strconv.AppendInt(buf, n, 10)
				}
			}
		})
	}
}

// TestDigits8 checks every value of each half of digits8's lanes against strconv, with the other
// half at values that test its carries and bounds.
func TestDigits8(t *testing.T) {
	check := func(x uint32) {
		var b [8]byte
		put64(b[:], digits8(x))
		if want := strconv.FormatUint(uint64(x)+1e8, 10)[1:]; string(b[:]) != want {
			t.Fatalf("digits8(%d) = %q, want %q", x, b[:], want)
		}
	}
	edges := []uint32{0, 1, 9, 10, 11, 19, 20, 50, 69, 79, 89, 90, 99, 100, 101, 999, 1000, 4999, 5000, 9990, 9999}
	for n := range uint32(10000) {
		for _, e := range edges {
			check(n*10000 + e)
			check(e*10000 + n)
		}
	}
}
