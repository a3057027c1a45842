//go:build !purego && (amd64 || arm64)

package jsonstr

// vecQuote is IndexQuote's vector scan (quoteend_amd64.s, quoteend_arm64.s): the index of the first
// stop in b, or len(b); an input shorter than 32 bytes is not read and gives 0.
//
//go:noescape
func vecQuote(b []byte) int
