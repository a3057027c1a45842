package jsonnum

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// checkQuick compares QuickFloat with its reference, Scan then strconv.ParseFloat (not ParseFloat64,
// which is built on QuickFloat).
func checkQuick(t *testing.T, s []byte) {
	t.Helper()
	end, f, ok := QuickFloat(s, 0)
	if !ok {
		return
	}
	wantEnd, c := Scan(s, 0)
	if c != OK || end != wantEnd {
		t.Fatalf("QuickFloat(%q) ends at %d; Scan gives %d, %d", s, end, wantEnd, c)
	}
	want, err := strconv.ParseFloat(string(s[:end]), 64)
	if err != nil || math.Float64bits(f) != math.Float64bits(want) {
		t.Fatalf("QuickFloat(%q) = %v; strconv gives %v, %v", s, f, want, err)
	}
}

func TestQuickFloat(t *testing.T) {
	for _, lit := range numberCases {
		for _, after := range []string{"", ",", "]", " ", "x", ".", "e5", "5"} {
			checkQuick(t, []byte(lit+after))
		}
	}
	for _, lit := range []string{"0.313478,", "-0.056]", "123456789012345", "1234567890.12345}",
		"999999999999999", "0.00000000000001", "-0", "-0.0", "7", "12345678.9",
		"0.0006988752666567719", "-65.613616999999977", "0.14285714285714285", "12345678901234567",
		"9999999999999999999", "1e22", "1.5E-300", "-2.5e+10", "0e5", "123456789012.3456789"} {
		checkQuick(t, []byte(lit))
		if _, _, ok := QuickFloat([]byte(lit), 0); !ok {
			t.Errorf("QuickFloat(%q) declined", lit)
		}
	}
}

func FuzzQuickFloat(f *testing.F) {
	for _, lit := range numberCases {
		f.Add([]byte(lit + ","))
	}
	f.Fuzz(func(t *testing.T, s []byte) { checkQuick(t, s) })
}

// TestQuickFloatRandom compares QuickFloat with strconv.ParseFloat on random literals of up to 19
// significant digits with fractions and exponents, and requires it to take nearly all of them.
func TestQuickFloatRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	taken := 0
	const total = 200000
	for range total {
		var b []byte
		if r.IntN(2) == 0 {
			b = append(b, '-')
		}
		b = strconv.AppendUint(b, r.Uint64N(1e9), 10)
		if r.IntN(4) > 0 {
			b = append(b, '.')
			for range 1 + r.IntN(10) {
				b = append(b, byte('0'+r.IntN(10)))
			}
		}
		if r.IntN(3) == 0 {
			b = append(b, "eE"[r.IntN(2)])
			b = strconv.AppendInt(b, int64(r.IntN(600)-300), 10)
		}
		end, f, ok := QuickFloat(b, 0)
		if !ok {
			continue
		}
		taken++
		want, err := strconv.ParseFloat(string(b), 64)
		if end != len(b) || err != nil || math.Float64bits(f) != math.Float64bits(want) {
			t.Fatalf("QuickFloat(%q) = %d, %v; strconv gives %v, %v", b, end, f, want, err)
		}
	}
	if taken < total*99/100 {
		t.Errorf("QuickFloat took %d of %d literals, want at least 99%%", taken, total)
	}
}

// digitRunRef is DigitRun a byte at a time.
func digitRunRef(s []byte, i int, m uint64) (int, uint64) {
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		m = m*10 + uint64(s[i]-'0')
		i++
	}
	return i, m
}

// TestDigitRun puts each kind of byte after runs of 0 to 20 digits, at every lane of a word, with
// 0 to 8 bytes after it, onto a value carried in, and compares DigitRun with the byte loop.
func TestDigitRun(t *testing.T) {
	for _, stop := range []byte{'.', 'e', 'E', '-', '+', ',', ']', ' ', '/', ':', 0, 0xff} {
		for n := range 21 {
			for after := range 9 {
				b := []byte(strings.Repeat("7", n) + string(stop) + strings.Repeat("9", after))
				for from := 0; from <= min(n, 3); from++ {
					for _, m := range []uint64{0, 3, 12345} {
						gi, gv := DigitRun(b, from, m)
						wi, wv := digitRunRef(b, from, m)
						if gi != wi || gv != wv {
							t.Fatalf("DigitRun(%q, %d, %d) = %d, %d; want %d, %d", b, from, m, gi, gv, wi, wv)
						}
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 50000 {
		b := make([]byte, r.IntN(30))
		for i := range b {
			if r.IntN(8) == 0 {
				b[i] = ".e-+ ,x"[r.IntN(7)]
			} else {
				b[i] = '0' + byte(r.IntN(10))
			}
		}
		from := r.IntN(len(b) + 1)
		gi, gv := DigitRun(b, from, 0)
		wi, wv := digitRunRef(b, from, 0)
		if gi != wi || gv != wv {
			t.Fatalf("DigitRun(%q, %d) = %d, %d; want %d, %d", b, from, gi, gv, wi, wv)
		}
	}
}

// BenchmarkQuickFloat reads literals of the shapes documents hold: canada.json's coordinates (15
// to 17 digits), short prices, and integers.
func BenchmarkQuickFloat(b *testing.B) {
	for _, c := range []struct{ name, lits string }{
		{"coordinates", "[-65.613616999999977,43.420273000000009,-65.619720000000029,43.418052999999986]"},
		{"prices", "[1.25,0.5,19.99,3.0,120.75,0.01]"},
		{"integers", "[1,42,1024,65536,1234567,987654321]"},
	} {
		var lits [][]byte
		for _, l := range strings.Split(strings.Trim(c.lits, "[]"), ",") {
			lits = append(lits, []byte(l+","))
		}
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.lits)))
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lits {
					if _, _, ok := QuickFloat(l, 0); !ok {
						b.Fatal("declined", string(l))
					}
				}
			}
		})
	}
}
