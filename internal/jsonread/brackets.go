package jsonread

import "github.com/stridejson/stride/internal/jsonstr"

// Brackets steps over an array or object without checking it: it finds where the container ends
// by counting brackets outside strings, and finds strings by their quotes, minding backslashes.
// Nothing else is looked at, so it reads any text (JSON or not) without an error, and the end it
// finds is the container's end only when the text is JSON. It reads 64-byte blocks as bit masks
// (jsonstr.SkipBlocks), a few vector instructions each, plus a step for each closing bracket in
// the blocks where the container might end: the unchecked skip of stream.Reader.
//
// Its state lives in the Brackets, never an index, so a caller may move its window between runs
// (see Run).
type Brackets struct{ st jsonstr.BlockState }

// Begin makes m step over a container from its first byte ('[' or '{').
func (m *Brackets) Begin() { *m = Brackets{} }

// Run steps over data from data[i]: the container's first byte after Begin, or the byte where the
// last run stopped. It returns the index after the container's last byte and true; or, where the
// window ends first, false and the index from which to run again once the window holds more (every
// byte before it read). With final (the window ends where the input does) it reads to the end, the
// last bytes through a copy padded with spaces, and false means the container does not end.
func (m *Brackets) Run(data []byte, i int, final bool) (int, bool) {
	n, ok := jsonstr.SkipBlocks(data[i:], &m.st)
	if i += n; ok || !final || i == len(data) {
		return i, ok
	}
	var pad [64]byte
	copy(pad[:], data[i:])
	for k := len(data) - i; k < 64; k++ {
		pad[k] = ' '
	}
	if n, ok = jsonstr.SkipBlocks(pad[:], &m.st); ok {
		return i + n, true
	}
	return len(data), false
}
