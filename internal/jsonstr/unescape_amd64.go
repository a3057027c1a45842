//go:build !purego

package jsonstr

// useUnescape is set when the AVX2 block unescapers of unescape_amd64.s can run; they use BMI1
// (TZCNT, BLSI, ANDN), as the list scans do.
var useUnescape = useList

// The block unescapers of unescape.go, with AVX2.

//go:noescape
func unescapeDefault(dst []byte, s string, tab *[256]byte) (consumed, written int)

//go:noescape
func unescapeDefaultBytes(dst []byte, b []byte, tab *[256]byte) (consumed, written int)
