//go:build !purego

package jsonstr

// useVector is set at start-up when the CPU and OS support AVX2 (every x86-64 server and desktop CPU
// of the last decade). Without it the pure-Go word scans run; an SSE2 version is not written yet.
var useVector = hasAVX2()

// The AVX2 scans of index_amd64.s. Each returns the index of the first stop in its input, or its
// length; an input shorter than 32 bytes is not read and gives 0.

//go:noescape
func vecDefault(s string) int

//go:noescape
func vecDefaultBytes(b []byte) int

//go:noescape
func vecExtra(s string, x *slots) int

//go:noescape
func vecExtraBytes(b []byte, x *slots) int
