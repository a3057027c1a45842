package jsonnum

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stridejson/stride/internal/jsonstr"
)

// The references of the digit leaves: one byte at a time.

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// refDigitsEnd is DigitsEnd byte by byte.
func refDigitsEnd(s []byte, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// refDigitsValue is the value of the decimal digits b (at most 19).
func refDigitsValue(b []byte) uint64 {
	var v uint64
	for _, c := range b {
		v = v*10 + uint64(c-'0')
	}
	return v
}

// wordOf returns the little-endian word of the eight bytes b.
func wordOf(b []byte) uint64 { return jsonstr.Load64(b, 0) }

// checkNonDigits compares NonDigits on w with the byte test: only bit 7 of a lane
// may be set, every non-digit lane is flagged, the lowest flagged lane is the first non-digit, and
// the mask is 0 exactly when all eight bytes are digits.
func checkNonDigits(t *testing.T, w uint64) {
	t.Helper()
	m := NonDigits(w)
	if m&^0x8080808080808080 != 0 {
		t.Fatalf("NonDigits(%#016x) = %#016x: bits outside bit 7 of the lanes", w, m)
	}
	first := -1
	for k := 7; k >= 0; k-- {
		if c := byte(w >> (8 * k)); !isDigit(c) {
			first = k
			if m>>(8*k+7)&1 == 0 {
				t.Fatalf("NonDigits(%#016x) = %#016x: lane %d (%#02x) not flagged", w, m, k, c)
			}
		}
	}
	switch {
	case first < 0 && m != 0:
		t.Fatalf("NonDigits(%#016x) = %#016x, want 0", w, m)
	case first >= 0 && jsonstr.FirstLane(m) != first:
		t.Fatalf("NonDigits(%#016x): first lane %d, want %d", w, jsonstr.FirstLane(m), first)
	}
}

// TestNonDigitsLanes puts every byte value in every lane of words of digits and of non-digits next
// to them (so that a borrow or carry from a lane below meets every byte).
func TestNonDigitsLanes(t *testing.T) {
	for _, bg := range []byte{'0', '5', '9', '/', ':', 0x00, 0x7f, 0x80, 0x89, 0x8a, 0xb0, 0xb9, 0xff} {
		for lane := range 8 {
			for c := range 256 {
				w := 0x0101010101010101 * uint64(bg)
				w = w&^(0xff<<(8*lane)) | uint64(c)<<(8*lane)
				checkNonDigits(t, w)
				// and the digits 0..7 around it
				v := wordOf([]byte("01234567"))
				checkNonDigits(t, v&^(0xff<<(8*lane))|uint64(c)<<(8*lane))
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		w := r.Uint64()
		checkNonDigits(t, w)
		checkNonDigits(t, w&0x0f0f0f0f0f0f0f0f|0x3030303030303030) // mostly digits
	}
}

// TestDigitsValue compares DigitsValue with the byte-wise value on eight digits, and on the first n
// digits of a word shifted left by 8-n bytes.
func TestDigitsValue(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	cases := []string{"00000000", "99999999", "12345678", "90817263", "00000001", "10000000"}
	for range 10000 {
		cases = append(cases, strconv.FormatUint(100000000+r.Uint64N(900000000), 10)[1:])
	}
	for _, s := range cases {
		b := []byte(s)
		if got, want := DigitsValue(wordOf(b)), refDigitsValue(b); got != want {
			t.Fatalf("DigitsValue(%q) = %d, want %d", s, got, want)
		}
		for n := 1; n < 8; n++ {
			if got, want := DigitsValue(wordOf(b)<<(64-8*n)), refDigitsValue(b[:n]); got != want {
				t.Fatalf("DigitsValue(%q shifted to %d digits) = %d, want %d", s, n, got, want)
			}
		}
	}
}

// TestDigitsEnd compares DigitsEnd with the byte loop for runs of every length from every start.
func TestDigitsEnd(t *testing.T) {
	for n := 0; n < 30; n++ {
		for _, stop := range []byte{'/', ':', '.', 'e', 0, 0xb0, '"'} {
			s := []byte{}
			for k := range n {
				s = append(s, '0'+byte(k%10))
			}
			s = append(s, stop, '1', '2')
			for i := 0; i <= len(s); i++ {
				if got, want := DigitsEnd(s, i), refDigitsEnd(s, i); got != want {
					t.Fatalf("DigitsEnd(%q, %d) = %d, want %d", s, i, got, want)
				}
			}
		}
	}
}

func FuzzDigitWords(f *testing.F) {
	f.Add(uint64(0x3837363534333231))
	f.Add(uint64(0x3a2f393030303030))
	f.Fuzz(func(t *testing.T, w uint64) {
		checkNonDigits(t, w)
		d := w&0x0f0f0f0f0f0f0f0f | 0x3030303030303030
		if NonDigits(d) == 0 {
			b := []byte{byte(d), byte(d >> 8), byte(d >> 16), byte(d >> 24), byte(d >> 32), byte(d >> 40), byte(d >> 48), byte(d >> 56)}
			if got, want := DigitsValue(d), refDigitsValue(b); got != want {
				t.Fatalf("DigitsValue(%q) = %d, want %d", b, got, want)
			}
		}
	})
}

func FuzzDigitsEnd(f *testing.F) {
	f.Add([]byte("1234567890123.5e7"), 0)
	f.Fuzz(func(t *testing.T, s []byte, i int) {
		if i < 0 || i > len(s) {
			return
		}
		if got, want := DigitsEnd(s, i), refDigitsEnd(s, i); got != want {
			t.Fatalf("DigitsEnd(%q, %d) = %d, want %d", s, i, got, want)
		}
	})
}
