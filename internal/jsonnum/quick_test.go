package jsonnum

import (
	"math"
	"testing"
)

// checkQuick compares QuickFloat with its reference, Scan then ParseFloat64.
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
	want, c := ParseFloat64(s[:end])
	if c != OK || math.Float64bits(f) != math.Float64bits(want) {
		t.Fatalf("QuickFloat(%q) = %v; ParseFloat64 gives %v, %d", s, f, want, c)
	}
}

func TestQuickFloat(t *testing.T) {
	for _, lit := range numberCases {
		for _, after := range []string{"", ",", "]", " ", "x", ".", "e5", "5"} {
			checkQuick(t, []byte(lit+after))
		}
	}
	for _, lit := range []string{"0.313478,", "-0.056]", "123456789012345", "1234567890.12345}",
		"999999999999999", "0.00000000000001", "-0", "-0.0", "7", "12345678.9"} {
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
