//go:build !purego

package jsonstr

// useText is set when the AVX2 text scan of text_amd64.s can run.
var useText = useVector

// textVec returns the offset of the first 32-byte block of s (from the start, whole blocks only)
// that holds a stop under v or a byte of invalid UTF-8, or where the blocks end; the bytes before
// it are valid but for a character cut at its end. An input shorter than 32 bytes is not read and
// gives 0.
//
//go:noescape
func textVec(s string, v *textConsts) int

//go:noescape
func textVecBytes(b []byte, v *textConsts) int

// textVecDefault is textVec for the default stops ('"', '\\' and control bytes) with no line
// terminators, tested in fewer instructions.
//
//go:noescape
func textVecDefault(s string) int

//go:noescape
func textVecDefaultBytes(b []byte) int
