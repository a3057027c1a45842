//go:build !purego

package jsonstr

// NEON is part of every arm64 CPU: the text scan of text_arm64.s is always on.
//
// NOTE: its speed has not been measured (no arm64 machine was at hand); it is tested under
// emulation like the amd64 one. It steps 16 bytes per test where the DFA steps one.
const useText = true

//go:noescape
func textVec(s string, v *textConsts) int

//go:noescape
func textVecBytes(b []byte, v *textConsts) int

// textVecDefault and textVecDefaultBytes are textVec with the default stops; the NEON scan has
// one body for every set.
func textVecDefault(s string) int      { return textVec(s, unquoteText.vec) }
func textVecDefaultBytes(b []byte) int { return textVecBytes(b, unquoteText.vec) }
