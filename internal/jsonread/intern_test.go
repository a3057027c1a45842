package jsonread

import (
	"bytes"
	"testing"
)

// TestInternHashWhole checks that internHash takes every byte of a short string: changing any one
// byte of strings of 1 to 12 bytes changes the hash.
func TestInternHashWhole(t *testing.T) {
	for n := 1; n <= 12; n++ {
		b := []byte("abcdefghijkl"[:n])
		h := internHash(b)
		for i := range n {
			for _, x := range []byte{'A', '0', 0x80, b[i] ^ 1} {
				c := bytes.Clone(b)
				c[i] = x
				if internHash(c) == h {
					t.Errorf("internHash(%q) = internHash(%q)", c, b)
				}
			}
		}
	}
}
