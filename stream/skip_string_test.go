package stream

import (
	"bytes"
	"testing"

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
