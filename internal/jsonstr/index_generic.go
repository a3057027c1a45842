//go:build purego || !(amd64 || arm64)

package jsonstr

// Without vector scans (the purego tag, or a GOARCH with none yet) useVector is a constant false, so
// the compiler drops the hand-over from the word loops of scan.go and they are pure Go.
const useVector = false

func indexDefaultVec[S ~string | ~[]byte](s S, i int) int { return wordsDefault(s, i, false) }

func indexExtraVec[S ~string | ~[]byte](s S, i int, x *slots, class *[256]uint8) int {
	return wordsExtra(s, i, x, class, false)
}
