package stream

import (
	"bytes"
	"testing"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonstr"
)

// TestPlainEnd holds plainEnd to the kernel: whenever it answers, the kernel must find the same end
// and a plain literal; and it must answer for short plain ASCII in a buffer with room after it.
func TestPlainEnd(t *testing.T) {
	stops := []string{`"`, `\n"`, "\x01\"", "\x7f\"", "\xc3\xa9\"", "\xff\"", `\`, ""}
	for _, stop := range stops {
		for n := 0; n <= 72; n++ {
			for after := 0; after <= 9; after++ {
				b := append([]byte{'"'}, bytes.Repeat([]byte{'a'}, n)...)
				b = append(b, stop...)
				b = append(b, bytes.Repeat([]byte{'x'}, after)...)
				end, to := plainEnd(b, 0)
				kEnd, plain, err := jsonstr.ScanString(b, 0, true)
				if end > 0 && (err != nil || !plain || kEnd != end) {
					t.Fatalf("plainEnd(%q) = %d; kernel %d, plain %v, %v", b, end, kEnd, plain, err)
				}
				checkPlainTo(t, b, end, to)
				// It must not give up on what it is for: the quote within 64 bytes, 8 readable.
				if stop == `"` && n < 64 && len(b) >= n+1+8-n%8 && end == 0 {
					t.Errorf("plainEnd(%q) gave up", b)
				}
			}
		}
	}
}

// checkPlainTo holds plainEnd's hand-on point to its promise: when it gives up, b[1:to] is ASCII
// with no quote, backslash or control byte, and decoding from there gives what decoding from the
// start gives.
func checkPlainTo(t *testing.T, b []byte, end, to int) {
	t.Helper()
	if end > 0 {
		return
	}
	if to < 1 || to > len(b) {
		t.Fatalf("plainEnd(%q) gave up at %d", b, to)
	}
	for _, c := range b[1:to] {
		if c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			t.Fatalf("plainEnd(%q) gave up at %d, past %q", b, to, c)
		}
	}
	for _, strict := range []bool{false, true} {
		o1, e1, p1, err1 := jsonstr.DecodeString([]byte("x"), b, 0, strict)
		o2, e2, p2, err2 := jsonstr.DecodeStringFrom([]byte("x"), b, 0, to, strict)
		if string(o1) != string(o2) || e1 != e2 || p1 != p2 || (err1 == nil) != (err2 == nil) {
			t.Fatalf("DecodeStringFrom(%q, from %d) = %q %d %v %v; from the start %q %d %v %v", b, to, o2, e2, p2, err2, o1, e1, p1, err1)
		}
	}
}

func FuzzPlainEnd(f *testing.F) {
	f.Add([]byte(`abc"xxxxxxxx`))
	f.Fuzz(func(t *testing.T, b []byte) {
		b = append([]byte{'"'}, b...)
		end, to := plainEnd(b, 0)
		checkPlainTo(t, b, end, to)
		if end > 0 {
			kEnd, plain, err := jsonstr.ScanString(b, 0, true)
			if err != nil || !plain || kEnd != end {
				t.Fatalf("plainEnd(%q) = %d; kernel %d, plain %v, %v", b, end, kEnd, plain, err)
			}
		}
	})
}

// checkNumberEnd holds numberEnd to the number scan of internal/jsonnum: when it answers, the scan
// must accept the literal and end at the same index, before the end of buf.
func checkNumberEnd(t *testing.T, b []byte) {
	t.Helper()
	end := numberEnd(b, 0)
	kEnd, code := jsonnum.Scan(b, 0)
	if end > 0 && (code != jsonnum.OK || kEnd != end || end >= len(b)) {
		t.Fatalf("numberEnd(%q) = %d; jsonnum.Scan %d, %v", b, end, kEnd, code)
	}
	if end == 0 && code == jsonnum.OK && kEnd < len(b) {
		t.Fatalf("numberEnd(%q) gave up on a number that ends at %d", b, kEnd)
	}
	if s := shortIntEnd(b, 0); s > 0 && s != end { // the fast path answers as numberEnd, or not at all
		t.Fatalf("shortIntEnd(%q) = %d, numberEnd %d", b, s, end)
	}
}

func TestNumberEnd(t *testing.T) {
	lits := []string{"0", "-0", "7", "-12", "123456789012345678901", "0.5", "1.25", "-3.14159265358979",
		"1e5", "1E+5", "2e-05", "6.02e23", "00", "01", "-", "1.", ".5", "1e", "1e+", "--1", "+1", "0x1F",
		"1.2.3", "1ee5", "9" + string(bytes.Repeat([]byte("0"), 40)), "1316289444", "12345678", "123456789012345",
		"1234567890123456", "10", "19.5", "1234567e3"}
	for _, lit := range lits {
		for _, after := range []string{"", ",", "]", "}", " ", "\n", "x", "0", ".", "e", "-", "+", "\"", "é"} {
			checkNumberEnd(t, []byte(lit+after))
			checkNumberEnd(t, []byte(lit+after+"        "))
		}
	}
}

// TestShortIntEnd checks that the fast path answers where it should (checkNumberEnd checks what
// it answers).
func TestShortIntEnd(t *testing.T) {
	for in, want := range map[string]int{"7,              ": 1, "1316289444}     ": 10,
		"123456789012345 ": 15, "12345678]       ": 8, "1234567890123456,       ": 0, "0,              ": 0,
		"-1,             ": 0, "1.5,            ": 0, "1,": 0} {
		if got := shortIntEnd([]byte(in), 0); got != want {
			t.Errorf("shortIntEnd(%q) = %d, want %d", in, got, want)
		}
	}
}

func FuzzNumberEnd(f *testing.F) {
	f.Add([]byte("-12.5e+3,"))
	f.Fuzz(func(t *testing.T, b []byte) { checkNumberEnd(t, b) })
}
