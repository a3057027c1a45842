package stream

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestScanNumber checks the number scanner against encoding/json on numbers and near-numbers with
// every run length of digits around the word size, and every kind of stray byte at every position.
func TestScanNumber(t *testing.T) {
	var cases []string
	for n := 0; n <= 20; n++ {
		d := strings.Repeat("7", n)
		cases = append(cases, d, "-"+d, "1"+d, "0."+d, "1"+d+"e"+d, "-9"+d+"E+"+d, "0"+d, "1."+d+"e-1")
	}
	cases = append(cases, "", "-", "+1", ".5", "1.", "1e", "1e+", "01", "-0", "0.0e0", "1E400")
	base := "-12345678901234.56789012345e+12345"
	for i := 0; i <= len(base); i++ {
		for _, bad := range []string{"/", ":", "a", "\x00", "\x80", "\xff", " ", "x", "e", "."} {
			cases = append(cases, base[:i]+bad+base[i:])
		}
	}
	for _, c := range cases {
		want := len(c) > 0 && json.Valid([]byte(c)) && c[0] != '"' && c[0] != ' ' && c[len(c)-1] != ' ' &&
			!strings.ContainsAny(c, "[{tfn\"")
		got := scanNumber(c, 0) == len(c)
		if got != want {
			t.Errorf("scanNumber(%q) = %d, json.Valid says %v", c, scanNumber(c, 0), want)
		}
		var w Writer
		if err := w.Number(c); (err == nil) != want {
			t.Errorf("Number(%q): %v", c, err)
		}
	}
}

func TestValidValueDeep(t *testing.T) {
	deep := strings.Repeat(`[{"a":`, 1000) + "1" + strings.Repeat("}]", 1000)
	if _, _, err := validValue([]byte(deep)); err != nil {
		t.Fatal(err)
	}
	bad := strings.Repeat(`[{"a":`, 1000) + "1" + strings.Repeat("]}", 1000)
	if _, _, err := validValue([]byte(bad)); err == nil {
		t.Fatal("mismatched closers accepted")
	}
}

func BenchmarkNumber(b *testing.B) {
	nums := []string{"-65.613616999999977", "43.420273000000009", "0", "123456", "1.5e-300"}
	var w Writer
	b.ReportAllocs()
	for b.Loop() {
		w.Reset(nil)
		w.BeginArray()
		for range 20 {
			for _, n := range nums {
				w.Number(n)
			}
		}
		w.EndArray()
	}
}
