package nameset

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestSetAgainstMap adds random names, from a small alphabet so that many repeat, to a Set and to
// a map, across the change from compared names to a table and its growth, with Reset between
// objects: Add
// reports a name as seen exactly when the map holds it.
func TestSetAgainstMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var s Set
	for obj := range 300 {
		s.Reset()
		ref := map[string]bool{}
		n := r.IntN(60)
		if obj%10 == 0 {
			n = r.IntN(3000) // through several growths of the table
		}
		for k := range n {
			name := fmt.Sprint(r.IntN(n + 1))
			if r.IntN(4) == 0 {
				name = ""
			}
			if got, want := s.Add([]byte(name)), ref[name]; got != want {
				t.Fatalf("object %d, member %d: Add(%q) = %v, want %v", obj, k, name, got, want)
			}
			ref[name] = true
		}
	}
}
