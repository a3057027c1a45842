//go:build purego || !amd64

package jsonstr

// Without block escapers (the purego tag, or a GOARCH with none: arm64 walks stop lists instead)
// useEscape is a constant false and AppendEscaped never calls them. The functions below only let
// escape.go compile.
const useEscape = false

func escapeDefault(dst []byte, s string, enc *[256]uint64, n *[256]uint8) (int, int) {
	panic("jsonstr: no block escapers")
}

func escapeDefaultBytes(dst []byte, b []byte, enc *[256]uint64, n *[256]uint8) (int, int) {
	panic("jsonstr: no block escapers")
}

func escapeExtra(dst []byte, s string, x *slots, enc *[256]uint64, n *[256]uint8) (int, int) {
	panic("jsonstr: no block escapers")
}

func escapeExtraBytes(dst []byte, b []byte, x *slots, enc *[256]uint64, n *[256]uint8) (int, int) {
	panic("jsonstr: no block escapers")
}
