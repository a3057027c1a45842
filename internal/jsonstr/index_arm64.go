//go:build !purego

package jsonstr

// NEON is part of every arm64 CPU: the vector scans are always on.
const useVector = true

// The NEON scans of index_arm64.s. Each returns the index of the first stop in its input, or its
// length; an input shorter than 32 bytes is not read and gives 0.

//go:noescape
func vecDefault(s string) int

//go:noescape
func vecDefaultBytes(b []byte) int

//go:noescape
func vecExtra(s string, x *slots) int

//go:noescape
func vecExtraBytes(b []byte, x *slots) int
