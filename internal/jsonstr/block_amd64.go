//go:build !purego

package jsonstr

// useSkipVector: SkipBlocks runs skipBlocksAVX2 (block_amd64.s) where the CPU has AVX2, PCLMULQDQ
// (the prefix XOR of the quotes is one carry-less multiply) and POPCNT.
var useSkipVector = useVector && hasSkipCPU()

// skipBlocksAVX2 is SkipBlocks with AVX2.
//
//go:noescape
func skipBlocksAVX2(src []byte, st *BlockState) (int, bool)

func skipBlocksVector(src []byte, st *BlockState) (int, bool) { return skipBlocksAVX2(src, st) }

// tokenBlocksAVX2 is TokenBlocks with AVX2, on the CPUs SkipBlocks's vector version needs.
//
//go:noescape
func tokenBlocksAVX2(src []byte, st *TokenState, out *uint64) bool

func tokenBlocksVector(src []byte, st *TokenState, out []uint64) bool {
	if len(out) == 0 {
		return true
	}
	return tokenBlocksAVX2(src, st, &out[0])
}
