package jsonstr

import (
	"math/rand/v2"
	"testing"
)

// refIndexQuote is IndexQuote byte by byte.
func refIndexQuote(s []byte, i int) int {
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			return i
		}
	}
	return len(s)
}

func checkIndexQuote(t *testing.T, s []byte, i int) {
	t.Helper()
	want := refIndexQuote(s, i)
	got := [...]int{IndexQuote(s, i), indexQuoteGeneric(s, i), want}
	if useVector && len(s)-i >= 32 {
		got[2] = i + vecQuote(s[i:])
	}
	for k, g := range got {
		if g != want {
			t.Fatalf("scan %d of %q from %d = %d, want %d", k, s, i, g, want)
		}
	}
}

func TestIndexQuote(t *testing.T) {
	near := []byte{0x00, 0x1f, 0x20, 0x21, '"', '#', '\\', ']', 0x7f, 0x80, 0x9f, 0xa0, 0xc3, 0xe2, 0xff}
	buf := make([]byte, 64+200)
	for n := 0; n <= 200; n++ {
		for _, align := range []int{0, 13} {
			s := buf[align : align+n]
			for k := range s {
				s[k] = "é"[k%2] // non-ASCII text: never a stop
			}
			checkIndexQuote(t, s, 0)
			for pos := 0; pos < n; pos++ {
				for _, c := range near {
					old := s[pos]
					s[pos] = c
					checkIndexQuote(t, s, 0)
					checkIndexQuote(t, s, pos/2)
					s[pos] = old
				}
			}
		}
	}
}

func FuzzIndexQuote(f *testing.F) {
	f.Add([]byte("caf\xc3\xa9 \xe2\x80\xa8 and a long run of text before the quote\""), uint8(0))
	f.Fuzz(func(t *testing.T, s []byte, start uint8) {
		checkIndexQuote(t, s, min(int(start), len(s)))
	})
}

func TestIndexQuoteRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for iter := 0; iter < 2000; iter++ {
		s := make([]byte, r.IntN(3000))
		for k := range s {
			s[k] = byte(0x20 + r.IntN(0xe0))
			if s[k] == '"' || s[k] == '\\' {
				s[k] = 'a'
			}
		}
		if len(s) > 0 && r.IntN(2) == 0 {
			s[r.IntN(len(s))] = []byte{'"', '\\', 0x01}[r.IntN(3)]
		}
		checkIndexQuote(t, s, r.IntN(len(s)+1))
	}
}
