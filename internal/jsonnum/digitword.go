package jsonnum

// The eight-digit word leaves: tests and conversions of eight ASCII bytes at once, read as one
// little-endian word (jsonstr.Load64), the first byte in the lowest lane. They are the module's one
// copy of these tricks; the scans here, the token layer's and the codecs' call them. They are not
// generic, and small enough to inline into their callers in other packages (TestLeavesInline in
// internal/jsonstr). Each is written out rather than built on another leaf: a call inlined inside
// an inlined call leaves a one-byte NOP (the outer call's inline mark) in the caller's loop.

// NonDigits flags, in bit 7 of each lane of w, the bytes that are not ASCII digits. With
// x = w - 0x30 in every lane, a lane holds a digit when x < 10, that is when neither x nor x + 0x76
// has bit 7 set (the has-less-than trick of internal/jsonstr/swar.go, applied from both ends). A lane
// below '0' borrows from the lane above it and one from 0x8a up carries into it, but both are
// non-digits themselves, so only lanes above a flagged lane can be flagged wrongly: the lowest
// flagged lane is exactly the first non-digit, at lane jsonstr.FirstLane(m), and the mask is 0
// exactly when all eight bytes are digits (the test for eight digits at once).
func NonDigits(w uint64) uint64 {
	x := w - 0x3030303030303030
	return (x | (x + 0x7676767676767676)) & 0x8080808080808080
}

// DigitsValue returns the value of the decimal number whose digits are the bytes of w, the most
// significant in the lowest lane (as a little-endian load of the text holds them). It reads the low
// nibble of each byte only, so zero bytes count as leading zeros: a word shifted left by 8k bytes
// holds the value of its first 8-k digits.
//
// Neighbouring lanes are paired three times: each time the more significant lane (the lower one) is
// multiplied by 10, 100 and 10000 and the other added, in lanes of 8, 16 and 32 bits, the masks
// dropping what the shift left between the pairs. No lane overflows (99, 9999 and 99999999 fit).
// This is the word-at-a-time conversion of Daniel Lemire's "Quickly parsing eight digits" (2018),
// which simdjson uses: x*10 + x>>8 is its (x*2561)>>8 written out.
func DigitsValue(w uint64) uint64 {
	x := w & 0x0f0f0f0f0f0f0f0f
	x = (x*10 + x>>8) & 0x00ff00ff00ff00ff
	x = (x*100 + x>>16) & 0x0000ffff0000ffff
	return (x*10000 + x>>32) & 0xffffffff
}

// DigitsEnd returns the index of the first byte of s at or after i that is not an ASCII digit, or
// len(s).
func DigitsEnd(s []byte, i int) int { return digits(s, i) }
