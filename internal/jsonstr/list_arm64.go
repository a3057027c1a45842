//go:build !purego

package jsonstr

// NEON is part of every arm64 CPU: the list scans of list_arm64.s are always on.
//
// NOTE: unlike the amd64 ones, their speed has not been measured (no arm64 machine was at hand);
// they are tested under emulation against the pure-Go twin. The walks they feed replace a scan call
// and a memmove per stop by fixed copies, which does not depend on the vector unit.
const useList = true

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
