//go:build !purego

package jsonstr

// useVector is set at start-up when the CPU and OS support AVX2. Without it the pure-Go scans run:
// they already test 16 bytes per branch, and SSE2 at 16 bytes per compare would gain little.
var useVector = hasAVX2()

// The AVX2 scans of index_amd64.s. Each returns the index of the first stop in its input, or its
// length; an input shorter than 32 bytes is not read and gives 0.

//go:noescape
func indexDefaultAVX2(s string) int

//go:noescape
func indexDefaultAVX2Bytes(b []byte) int

//go:noescape
func indexExtraAVX2(s string, x *slots) int

//go:noescape
func indexExtraAVX2Bytes(b []byte, x *slots) int

// indexDefaultVec runs the AVX2 default scan on s[i:]. len(s)-i must be at least 32 (vecMin). A named
// string or byte-slice type is not matched and gets the word loop.
func indexDefaultVec[S ~string | ~[]byte](s S, i int) int {
	switch v := any(s).(type) {
	case string:
		return i + indexDefaultAVX2(v[i:])
	case []byte:
		return i + indexDefaultAVX2Bytes(v[i:])
	}
	return wordsDefault(s, i, false)
}

// indexExtraVec runs the AVX2 extra scan on s[i:]. len(s)-i must be at least 32.
func indexExtraVec[S ~string | ~[]byte](s S, i int, x *slots, class *[256]uint8) int {
	switch v := any(s).(type) {
	case string:
		return i + indexExtraAVX2(v[i:], x)
	case []byte:
		return i + indexExtraAVX2Bytes(v[i:], x)
	}
	return wordsExtra(s, i, x, class, false)
}
