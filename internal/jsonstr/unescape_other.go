//go:build purego || !amd64

package jsonstr

// Without block unescapers (the purego tag, or a GOARCH with none) useUnescape is a constant false
// and the kernels never call them. The functions below only let unescape.go compile.
const useUnescape = false

func unescapeDefault(dst []byte, s string, tab *[256]byte) (int, int) {
	panic("jsonstr: no block unescapers")
}

func unescapeDefaultBytes(dst []byte, b []byte, tab *[256]byte) (int, int) {
	panic("jsonstr: no block unescapers")
}
