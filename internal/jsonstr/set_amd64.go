//go:build !purego

package jsonstr

// useSet is set when the AVX2 set scans can run (index_amd64.s, escape_amd64.s, text_amd64.s); the
// block escaper among them also needs BMI1, as the list scans do.
var useSet = useList

// The AVX2 set scans (see set.go). vecSet returns the index of the first stop of the set t in s,
// or len(s); an input shorter than 32 bytes is not read and gives 0.

//go:noescape
func vecSet(s string, t *nibbles) int

//go:noescape
func vecSetBytes(b []byte, t *nibbles) int

// escapeSet is the block escaper of escape.go for the set t.
//
//go:noescape
func escapeSet(dst []byte, s string, t *nibbles, enc *[256]uint64, n *[256]uint8) (consumed, written int)

//go:noescape
func escapeSetBytes(dst []byte, b []byte, t *nibbles, enc *[256]uint64, n *[256]uint8) (consumed, written int)

// textVecSet is textVec with the ASCII stops of v.set instead of control bytes and the slots.
//
//go:noescape
func textVecSet(s string, v *textConsts) int

//go:noescape
func textVecSetBytes(b []byte, v *textConsts) int
