//go:build !purego

package jsonstr

// useList is set when the AVX2 list scans of list_amd64.s can run. They also use BMI1 (TZCNT,
// BLSR) and POPCNT, which every AVX2 CPU has; hasListCPU checks them all the same.
var useList = useVector && hasListCPU()

// The list scans of list.go, with AVX2. s must be at most listSpan bytes long.

//go:noescape
func listDefault(s string, pos *[listCap]uint32) (n, covered int)

//go:noescape
func listDefaultBytes(b []byte, pos *[listCap]uint32) (n, covered int)

//go:noescape
func listExtra(s string, x *slots, pos *[listCap]uint32) (n, covered int)

//go:noescape
func listExtraBytes(b []byte, x *slots, pos *[listCap]uint32) (n, covered int)

// listQuote is listDefault for IndexQuote's stops ('"', '\\', control bytes; not 0x80 and up).
//
//go:noescape
func listQuote(s string, pos *[listCap]uint32) (n, covered int)

//go:noescape
func listQuoteBytes(b []byte, pos *[listCap]uint32) (n, covered int)
