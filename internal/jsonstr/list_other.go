//go:build purego || !(amd64 || arm64)

package jsonstr

// Without list scans (the purego tag, or a GOARCH with none) useList is a constant false and the kernels never build lists. The functions below are
// never called; they only let list.go compile.
const useList = false

func listDefault(s string, pos *[listCap]uint32) (int, int) { panic("jsonstr: no list scans") }
func listDefaultBytes(b []byte, pos *[listCap]uint32) (int, int) {
	panic("jsonstr: no list scans")
}
func listExtra(s string, x *slots, pos *[listCap]uint32) (int, int) {
	panic("jsonstr: no list scans")
}
func listExtraBytes(b []byte, x *slots, pos *[listCap]uint32) (int, int) {
	panic("jsonstr: no list scans")
}
func listQuote(s string, pos *[listCap]uint32) (int, int) { panic("jsonstr: no list scans") }
func listQuoteBytes(b []byte, pos *[listCap]uint32) (int, int) {
	panic("jsonstr: no list scans")
}
