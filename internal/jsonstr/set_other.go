//go:build purego || !amd64

package jsonstr

// Without the AVX2 set scans (the purego tag, or a GOARCH with none) useSet is a constant false and
// a custom set is tested through its class table. The functions below are never called.
const useSet = false

func vecSet(s string, t *nibbles) int      { panic("jsonstr: no set scans") }
func vecSetBytes(b []byte, t *nibbles) int { panic("jsonstr: no set scans") }

func escapeSet(dst []byte, s string, t *nibbles, enc *[256]uint64, n *[256]uint8) (int, int) {
	panic("jsonstr: no set scans")
}

func escapeSetBytes(dst []byte, b []byte, t *nibbles, enc *[256]uint64, n *[256]uint8) (int, int) {
	panic("jsonstr: no set scans")
}

func textVecSet(s string, v *textConsts) int      { panic("jsonstr: no set scans") }
func textVecSetBytes(b []byte, v *textConsts) int { panic("jsonstr: no set scans") }
