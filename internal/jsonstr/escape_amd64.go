//go:build !purego

package jsonstr

// useEscape is set when the AVX2 block escapers of escape_amd64.s can run; they also use BMI1
// (TZCNT, BLSR), as the list scans do.
var useEscape = useList

// The block escapers of escape.go, with AVX2.

//go:noescape
func escapeDefault(dst []byte, s string, enc *[256]uint64, n *[256]uint8) (consumed, written int)

//go:noescape
func escapeDefaultBytes(dst []byte, b []byte, enc *[256]uint64, n *[256]uint8) (consumed, written int)

//go:noescape
func escapeExtra(dst []byte, s string, x *slots, enc *[256]uint64, n *[256]uint8) (consumed, written int)

//go:noescape
func escapeExtraBytes(dst []byte, b []byte, x *slots, enc *[256]uint64, n *[256]uint8) (consumed, written int)
