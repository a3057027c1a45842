package jsonstr

import (
	"math/rand/v2"
	"slices"
	"strings"
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

// refSkipEscaped is SkipEscaped's answer byte by byte: the first stop that does not start a valid
// escape, or len(s).
func refSkipEscaped(s []byte, i int) int {
	for i < len(s) {
		c := s[i]
		if c == '"' || c < 0x20 {
			return i
		}
		if c != '\\' {
			i++
			continue
		}
		if i+1 >= len(s) {
			return i
		}
		switch s[i+1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			i += 2
		case 'u':
			if _, ok := hex4(s, i+2); !ok {
				return i
			}
			i += 6
		default:
			return i
		}
	}
	return len(s)
}

// checkSkipEscaped holds SkipEscaped to the reference: where it stops is the reference's answer,
// or, with fewer than 64 bytes left, a point from which the reference reaches the same answer.
func checkSkipEscaped(t *testing.T, s []byte, i int) {
	t.Helper()
	want := refSkipEscaped(s, i)
	got := SkipEscaped(s, i)
	if got < i || got > want || (got < want && len(s)-got >= 64 && useList) || refSkipEscaped(s, got) != want {
		t.Fatalf("SkipEscaped(%q, %d) = %d, want %d", s, i, got, want)
	}
}

func TestSkipEscaped(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	for iter := 0; iter < 2000; iter++ {
		text := denseText(r, r.IntN(2000), iter%2 == 0)
		q, _ := AppendQuote(nil, text, Default)
		for _, s := range [][]byte{q[1:], []byte(text), append(q[1:], text...)} {
			checkSkipEscaped(t, s, 0)
			checkSkipEscaped(t, s, r.IntN(len(s)+1))
		}
	}
	prefix := strings.Repeat(`\n`, 20)
	for _, piece := range []string{`\"`, `\\`, `\u00e9`, `\u00`, `\x`, "\x01", `"`, "é"} {
		for p := 0; p <= 200; p++ {
			checkSkipEscaped(t, []byte(prefix+plainRun(p)+piece+plainRun(200-p)+`"`), 0)
			checkSkipEscaped(t, []byte(prefix+plainRun(p)+piece), 0) // cut at the end
		}
	}
}

func FuzzSkipEscaped(f *testing.F) {
	f.Add([]byte(`a\"b\\c\u00e9d\n"`), uint8(0))
	f.Fuzz(func(t *testing.T, s []byte, start uint8) {
		checkSkipEscaped(t, s, min(int(start), len(s)))
		checkSkipEscaped(t, []byte(repeated(string(s))), 0)
	})
}

// TestListQuote holds the list scans of IndexQuote's stops to the twin.
func TestListQuote(t *testing.T) {
	if !useList {
		t.Skip("no list scans in this build")
	}
	var class [256]uint8
	for c := range 0x20 {
		class[c] = escASCII
	}
	class['"'], class['\\'] = escASCII, escASCII
	r := rand.New(rand.NewPCG(19, 20))
	for iter := 0; iter < 500; iter++ {
		s := []byte(denseText(r, r.IntN(3000), true))
		var want, got [listCap]uint32
		wn, wc := listGeneric(s, &class, &want)
		for _, f := range []func() (int, int){
			func() (int, int) { return listQuoteBytes(s, &got) },
			func() (int, int) { return listQuote(string(s), &got) },
		} {
			if len(s) > listSpan {
				break
			}
			n, c := f()
			if n != wn || c != wc || !slices.Equal(got[:n], want[:wn]) {
				t.Fatalf("listQuote(%q) = %d, %d %v; want %d, %d %v", s, n, c, got[:n], wn, wc, want[:wn])
			}
		}
	}
}
