//go:build purego || !amd64

package jsonstr

// Without a vector SkipBlocks (the purego tag, or a GOARCH with none yet) the pure-Go twin runs;
// skipBlocksVector is never called.
const useSkipVector = false

func skipBlocksVector(src []byte, st *BlockState) (int, bool) { panic("jsonstr: no vector SkipBlocks") }

func tokenBlocksVector(src []byte, st *TokenState, out []uint64) bool {
	panic("jsonstr: no vector TokenBlocks")
}
