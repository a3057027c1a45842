package jsonstr

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// The references of the word leaves: one byte at a time.

// refWord is the little-endian word of b[i:i+8], assembled one byte at a time.
func refWord(b []byte, i int) uint64 {
	var w uint64
	for k := 7; k >= 0; k-- {
		w = w<<8 | uint64(b[i+k])
	}
	return w
}

// isStop is the byte test Stops makes eight times; isQuoteStop QuoteStops'.
func isStop(c byte) bool      { return c < 0x20 || c == '"' || c == '\\' || c >= 0x80 }
func isQuoteStop(c byte) bool { return c < 0x20 || c == '"' || c == '\\' }

// checkLanes compares a word mask m with the byte test stop on the lanes of w: only bit 7 of a lane
// may be set, every lane that is a stop is flagged, and the lowest flagged lane is the first stop
// (lanes above a stop may be flagged too: callers use the lowest one only).
func checkLanes(t *testing.T, name string, w, m uint64, stop func(byte) bool) {
	t.Helper()
	if m&^msb != 0 {
		t.Fatalf("%s(%#016x) = %#016x: bits outside bit 7 of the lanes", name, w, m)
	}
	first := -1
	for k := 7; k >= 0; k-- {
		c := byte(w >> (8 * k))
		if stop(c) {
			first = k
			if m>>(8*k+7)&1 == 0 {
				t.Fatalf("%s(%#016x) = %#016x: lane %d (%#02x) not flagged", name, w, m, k, c)
			}
		}
	}
	switch {
	case first < 0 && m != 0:
		t.Fatalf("%s(%#016x) = %#016x, want 0", name, w, m)
	case first >= 0 && FirstLane(m) != first:
		t.Fatalf("%s(%#016x): first lane %d, want %d", name, w, FirstLane(m), first)
	}
}

func checkStops(t *testing.T, w uint64) {
	t.Helper()
	checkLanes(t, "Stops", w, Stops(w), isStop)
	checkLanes(t, "QuoteStops", w, QuoteStops(w), isQuoteStop)
}

// TestStopsLanes puts every byte value in every lane of words of plain bytes, of bytes next to the
// stops and of other stops (so that a borrow from a lane below meets every byte), and every pair of
// interesting bytes in every pair of lanes.
func TestStopsLanes(t *testing.T) {
	backgrounds := []byte{'a', ' ', '!', '#', '[', ']', 0x7f, 0x1f, 0x20, '"', '\\', 0x00, 0x80, 0xbf, 0xff}
	for _, bg := range backgrounds {
		for lane := range 8 {
			for c := range 256 {
				w := lsb * uint64(bg)
				w = w&^(0xff<<(8*lane)) | uint64(c)<<(8*lane)
				checkStops(t, w)
			}
		}
	}
	near := []byte{0x00, 0x01, 0x1f, 0x20, 0x21, '"', '#', '[', '\\', ']', 0x5d, 0x7e, 0x7f, 0x80, 0x81, 0xa2, 0xdc, 0xff}
	for _, bg := range []byte{'a', 0x20, 0x7f} {
		for l1 := range 8 {
			for l2 := range 8 {
				for _, c1 := range near {
					for _, c2 := range near {
						w := lsb * uint64(bg)
						w = w&^(0xff<<(8*l1)) | uint64(c1)<<(8*l1)
						w = w&^(0xff<<(8*l2)) | uint64(c2)<<(8*l2)
						checkStops(t, w)
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		checkStops(t, r.Uint64())
	}
}

// TestFirstLane compares FirstLane with the lowest lane whose bit 7 is set, for every lowest lane
// under every pattern of the lanes above it.
func TestFirstLane(t *testing.T) {
	for low := range 8 {
		for above := range 1 << (7 - low) {
			m := uint64(0x80)<<(8*low) | spread(uint64(above))<<(8*(low+1))
			if got := FirstLane(m); got != low {
				t.Fatalf("FirstLane(%#016x) = %d, want %d", m, got, low)
			}
		}
	}
}

// spread turns bits 0..7 of x into bit 7 of lanes 0..7.
func spread(x uint64) uint64 {
	var m uint64
	for k := range 8 {
		m |= (x >> k & 1) << (8*k + 7)
	}
	return m
}

// TestLoad64 compares Load64 with the byte-wise word and with encoding/binary at every offset, and
// checks that it panics rather than read past the capacity of its slice.
func TestLoad64(t *testing.T) {
	b := make([]byte, 40)
	for i := range b {
		b[i] = byte(i*37 + 11)
	}
	for i := 0; i+8 <= len(b); i++ {
		if got, want := Load64(b, i), refWord(b, i); got != want || got != binary.LittleEndian.Uint64(b[i:]) {
			t.Fatalf("Load64(b, %d) = %#x, want %#x", i, got, want)
		}
	}
	for _, i := range []int{len(b) - 7, len(b), -1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Load64 of %d bytes at %d did not panic", len(b), i)
				}
			}()
			Load64(b, i)
		}()
	}
}

// TestUTF8Lead compares the table with unicode/utf8 for every lead byte and every second byte: a
// sequence of the announced length whose later bytes are continuation bytes decodes whole exactly
// when the second byte is in the announced range, and a byte announced as no lead starts no
// multi-byte character.
func TestUTF8Lead(t *testing.T) {
	for c := range 256 {
		n, lo, hi := UTF8Lead(byte(c))
		for c1 := range 256 {
			for _, cont := range []byte{0x80, 0xbf} {
				seq := []byte{byte(c), byte(c1), cont, cont}
				_, size := utf8.DecodeRune(seq)
				valid := size > 1
				if n == 0 {
					if valid {
						t.Fatalf("UTF8Lead(%#02x) = no lead, but % x decodes", c, seq[:size])
					}
					continue
				}
				if want := lo <= byte(c1) && byte(c1) <= hi; valid != want || valid && size != n {
					t.Fatalf("UTF8Lead(%#02x) = %d, %#02x..%#02x; utf8.DecodeRune(% x) size %d", c, n, lo, hi, seq, size)
				}
			}
		}
	}
}

// refDecodeRune is decodeRune by unicode/utf8.
func refDecodeRune(s []byte) (rune, int) {
	r, size := utf8.DecodeRune(s)
	if size < 2 {
		return 0, 0
	}
	return r, size
}

func FuzzStops(f *testing.F) {
	f.Add(uint64(0x6162636465666768))
	f.Add(uint64(0x2261625c1f80ff20))
	f.Fuzz(func(t *testing.T, w uint64) {
		checkStops(t, w)
		if m := w & msb; m != 0 {
			want := 0
			for m>>(8*want+7)&1 == 0 {
				want++
			}
			if got := FirstLane(m); got != want {
				t.Fatalf("FirstLane(%#016x) = %d, want %d", m, got, want)
			}
		}
	})
}

func FuzzLoad64(f *testing.F) {
	f.Add([]byte("0123456789abcdef"), 3)
	f.Fuzz(func(t *testing.T, b []byte, i int) {
		if i < 0 || i+8 > len(b) {
			return
		}
		if got, want := Load64(b, i), refWord(b, i); got != want {
			t.Fatalf("Load64(% x, %d) = %#x, want %#x", b, i, got, want)
		}
	})
}

// FuzzUTF8Lead checks the table through decodeRune, which reads it, against unicode/utf8.
func FuzzUTF8Lead(f *testing.F) {
	for _, s := range []string{"é", "€", "𝄞", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe0\x9f\xbf", "\xc1\xbf", "\xf0\x8f\xbf\xbf"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 || b[0] < 0x80 {
			return
		}
		r, size := decodeRune(b, 0)
		wr, wsize := refDecodeRune(b)
		if r != wr || size != wsize {
			t.Fatalf("decodeRune(% x) = %U, %d; want %U, %d", b, r, size, wr, wsize)
		}
		if n, _, _ := UTF8Lead(b[0]); size > 0 && n != size {
			t.Fatalf("UTF8Lead(%#02x) = %d, decodes %d bytes", b[0], n, size)
		}
	})
}
