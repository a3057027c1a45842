//go:build !purego && (amd64 || arm64)

package jsonstr

import "testing"

// TestVectorShortInputs holds the vector entry points to their contract on inputs under 32 bytes:
// they read nothing (the inputs sit at the start of a page after an inaccessible one, and at its end)
// and return 0.
func TestVectorShortInputs(t *testing.T) {
	if !useVector {
		t.Skip("no vector scans in this build")
	}
	page := guardedPage(t)
	p := NewPolicy(EscapeHTML, "")
	for n := 0; n < 32; n++ {
		for _, s := range [][]byte{page[:n:n], page[len(page)-n:]} {
			copy(s, `"""""""""""""""""""""""""""""""`)
			if got := vecDefaultBytes(s); got != 0 {
				t.Fatalf("vecDefaultBytes on %d bytes = %d, want 0", n, got)
			}
			if got := vecExtraBytes(s, &p.slots); got != 0 {
				t.Fatalf("vecExtraBytes on %d bytes = %d, want 0", n, got)
			}
		}
	}
}
