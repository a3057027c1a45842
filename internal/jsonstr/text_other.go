//go:build purego || !(amd64 || arm64)

package jsonstr

// Without a vector text scan (the purego tag, or a GOARCH with none)
// useText is a constant false. The functions below are never called.
const useText = false

func textVec(s string, v *textConsts) int      { panic("jsonstr: no text scan") }
func textVecBytes(b []byte, v *textConsts) int { panic("jsonstr: no text scan") }
func textVecDefault(s string) int              { panic("jsonstr: no text scan") }
func textVecDefaultBytes(b []byte) int         { panic("jsonstr: no text scan") }
