package jsonread

import (
	"math/rand/v2"
	"testing"
)

// TestRecentKeeps feeds Recent random document sizes (mostly small, now and then huge) and holds
// what Keep returns between the largest of the last KeepDocs documents and the largest of the last
// 2*KeepDocs, the promise the buffers' size policy rests on.
func TestRecentKeeps(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var h Recent
	var sizes []int
	window := func(n int) int {
		m := 0
		for _, s := range sizes[max(0, len(sizes)-n):] {
			m = max(m, s)
		}
		return m
	}
	for i := range 5000 {
		size := r.IntN(100)
		if r.IntN(40) == 0 {
			size = 1 << 20
		}
		sizes = append(sizes, size)
		got := h.Keep(size)
		if lo, hi := window(KeepDocs), window(2*KeepDocs); got < lo || got > hi {
			t.Fatalf("document %d: Keep = %d, want between %d and %d", i, got, lo, hi)
		}
	}
}

// TestShrunk checks that a decode buffer is let go only when it is more than twice what is kept
// and above 4 KiB, and is then replaced by one of the kept size.
func TestShrunk(t *testing.T) {
	for _, c := range []struct{ capacity, keep, want int }{
		{8 << 10, 4 << 10, 8 << 10}, {8 << 10, 3 << 10, 3 << 10}, {8 << 10, 0, 0},
		{4 << 10, 0, 4 << 10}, {1 << 20, 100, 100},
	} {
		if got := cap(Shrunk(make([]byte, 0, c.capacity), c.keep)); got != c.want {
			t.Errorf("Shrunk(cap %d, keep %d): cap %d, want %d", c.capacity, c.keep, got, c.want)
		}
	}
}
