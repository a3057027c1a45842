package codec

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestSliceLenHint checks that a slice decoded from nothing is allocated once at the length of the
// last array of its type (the general loop and the []int64 loop), and that a long array does not
// make the next short ones hold more than hintRoom bytes.
func TestSliceLenHint(t *testing.T) {
	type point struct{ X, Y int }
	type doc struct {
		A []int64
		B []point
	}
	var long, points []string
	for i := range 20 {
		long = append(long, strconv.Itoa(i))
		points = append(points, fmt.Sprintf(`{"X":%d}`, i))
	}
	full := []byte(`{"A":[` + strings.Join(long, ",") + `],"B":[` + strings.Join(points, ",") + `]}`)
	empty := []byte(`{"A":[],"B":[]}`)
	run := func(data []byte) float64 {
		return testing.AllocsPerRun(100, func() {
			var v doc
			if err := unmarshal(data, &v); err != nil {
				t.Fatal(err)
			}
		})
	}
	// Without hints, A would grow 8, 16, 32 and B 4, 8, 16, 32: seven allocations.
	if got, base := run(full), run(empty); got != base+2 {
		t.Errorf("Unmarshal with two arrays of 20: %v allocations, want %v (one per slice)", got, base+2)
	}
	var v doc
	huge := []byte(`{"A":[` + strings.Repeat("1,", 5000) + `1]}`)
	if err := unmarshal(huge, &v); err != nil {
		t.Fatal(err)
	}
	v = doc{}
	if err := unmarshal([]byte(`{"A":[1]}`), &v); err != nil {
		t.Fatal(err)
	}
	if c := cap(v.A); c > hintRoom/8 {
		t.Errorf("after an array of 5001, an array of 1 got capacity %d, want at most %d", c, hintRoom/8)
	}
}

// TestLenHintDecay follows a slice type's hint through arrays of different lengths: it rises to
// a longer array at once, falls back an eighth (at least one) per shorter one, ignores empty
// arrays and stays within hintRoom.
func TestLenHintDecay(t *testing.T) {
	h := newLenHint(reflect.TypeFor[[64]byte]()) // firstRoom is one element, hintRoom 16
	for _, step := range []struct{ n, want int }{
		{0, 1}, {10, 10}, {1, 8}, {1, 7}, {0, 7}, {1, 6}, {12, 12}, {11, 11}, {40, 16}, {3, 35},
	} {
		h.done(step.n)
		if got := h.first(); got != min(step.want, 16) {
			t.Errorf("after an array of %d: first() = %d, want %d", step.n, got, min(step.want, 16))
		}
	}
}
