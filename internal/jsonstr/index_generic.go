//go:build purego || !amd64

package jsonstr

// Without vector scans (the purego tag, or a GOARCH with none yet) useVector is a constant, so the
// compiler drops the vector branch of indexDefault and indexExtra and they are the pure-Go scans.
const useVector = false

func indexDefaultVec[S ~string | ~[]byte](s S, i int) int { return indexDefaultGeneric(s, i) }

func indexExtraVec[S ~string | ~[]byte](s S, i int, x *slots, class *[256]uint8) int {
	return indexExtraGeneric(s, i, x, class)
}
