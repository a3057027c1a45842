//go:build !purego

package jsonstr

// useText is set when the AVX2 text scan of text_amd64.s can run.
var useText = useVector

// textVec scans s in whole 32-byte blocks from the start and returns, for the first block that holds
// a stop under v or a byte of invalid UTF-8, the offset of its first stop if the block holds no
// UTF-8 error, else the offset of the block; where the blocks end with neither, their end. The
// bytes before the offset are valid but for a character cut at its end. An input shorter than 32
// bytes is not read and gives 0.
//
// NOTE: answering with the stop itself spares the DFA the rest of the block: string_unicode.json's
// strings (text of 200 to 300 bytes) each ended with up to 31 bytes of it before the closing quote.
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
