//go:build purego || !(amd64 || arm64)

package jsonstr

// Without vector scans (the purego tag, or a GOARCH with none yet) useVector is a constant false, so
// the compiler drops the hand-over from the word loops of scan.go and they are pure Go. The functions
// below are never called; they only let scan.go compile.
const useVector = false

func vecDefault(s string) int              { panic("jsonstr: no vector scans") }
func vecDefaultBytes(b []byte) int         { panic("jsonstr: no vector scans") }
func vecExtra(s string, x *slots) int      { panic("jsonstr: no vector scans") }
func vecExtraBytes(b []byte, x *slots) int { panic("jsonstr: no vector scans") }
