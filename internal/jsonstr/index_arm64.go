//go:build !purego

package jsonstr

// NEON is part of every arm64 CPU: the vector scans are always on.
const useVector = true

// The NEON scans of index_arm64.s. Each returns the index of the first stop in its input, or its
// length; an input shorter than 32 bytes is not read and gives 0.

//go:noescape
func indexDefaultNEON(s string) int

//go:noescape
func indexDefaultNEONBytes(b []byte) int

//go:noescape
func indexExtraNEON(s string, x *slots) int

//go:noescape
func indexExtraNEONBytes(b []byte, x *slots) int

// indexDefaultVec runs the NEON default scan on s[i:]. len(s)-i must be at least 32 (vecMin). A named
// string or byte-slice type is not matched and gets the word loop.
func indexDefaultVec[S ~string | ~[]byte](s S, i int) int {
	switch v := any(s).(type) {
	case string:
		return i + indexDefaultNEON(v[i:])
	case []byte:
		return i + indexDefaultNEONBytes(v[i:])
	}
	return wordsDefault(s, i, false)
}

// indexExtraVec runs the NEON extra scan on s[i:]. len(s)-i must be at least 32.
func indexExtraVec[S ~string | ~[]byte](s S, i int, x *slots, class *[256]uint8) int {
	switch v := any(s).(type) {
	case string:
		return i + indexExtraNEON(v[i:], x)
	case []byte:
		return i + indexExtraNEONBytes(v[i:], x)
	}
	return wordsExtra(s, i, x, class, false)
}
