package jsonstr

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// spaceEndRef is SpaceEnd a byte at a time.
func spaceEndRef(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// TestSpaceEnd puts each kind of byte after runs of 0 to 40 spaces (and of mixed white space),
// at every lane of a word, and compares SpaceEnd with the byte loop, then on random input.
func TestSpaceEnd(t *testing.T) {
	for _, stop := range []byte{'x', '{', 0, 0x1f, '!', 0x80, 0xff, 0x0b, 0x0c} {
		for _, run := range []string{" ", "\t", "\n", "\r", " \n", "\r\n  "} {
			for n := range 41 {
				for after := range 9 {
					b := []byte(strings.Repeat(run, n) + string(stop) + strings.Repeat(" ", after))
					for from := 0; from <= min(len(b), 3); from++ {
						if got, want := SpaceEnd(b, from), spaceEndRef(b, from); got != want {
							t.Fatalf("SpaceEnd(%q, %d) = %d, want %d", b, from, got, want)
						}
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte(" \t\n\r  a\x00\x20\x21")
	for range 20000 {
		b := make([]byte, r.IntN(80))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		from := r.IntN(len(b) + 1)
		if got, want := SpaceEnd(b, from), spaceEndRef(b, from); got != want {
			t.Fatalf("SpaceEnd(%q, %d) = %d, want %d", b, from, got, want)
		}
	}
}

// FuzzSpaceEnd compares SpaceEnd with the byte loop.
func FuzzSpaceEnd(f *testing.F) {
	f.Add([]byte("  \n\t\r x"), 0)
	f.Add([]byte("        \n        y"), 1)
	f.Fuzz(func(t *testing.T, b []byte, from int) {
		if from < 0 || from > len(b) {
			return
		}
		if got, want := SpaceEnd(b, from), spaceEndRef(b, from); got != want {
			t.Fatalf("SpaceEnd(%q, %d) = %d, want %d", b, from, got, want)
		}
	})
}

// BenchmarkSpaceEnd steps over the indentation of a pretty-printed document: a newline and 0 to 36
// spaces (nine levels of four), at depths that vary from line to line as a document's do.
func BenchmarkSpaceEnd(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	var doc []byte
	var starts []int
	depth := 4
	for range 4096 {
		depth = min(max(depth+r.IntN(3)-1, 0), 9)
		starts = append(starts, len(doc))
		doc = append(doc, '\n')
		doc = append(doc, strings.Repeat("    ", depth)...)
		doc = append(doc, `"name": 1,`...)
	}
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		for _, i := range starts {
			SpaceEnd(doc, i)
		}
	}
}
