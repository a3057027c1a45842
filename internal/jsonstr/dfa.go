package jsonstr

// A shift-based DFA (Per Vognsen's construction, as in "Shift-based DFAs", 2020) that steps over text
// needing no change: valid UTF-8 with no stop byte. Each state is a bit offset into a 64-bit row; the
// row of byte b holds, at offset s, the state that follows s on b. A step is one table load and one
// shift, with no branch, so mixed scripts (1- to 4-byte characters in any order) cost the same per
// byte. The error state is offset 0, where every row holds 0: once entered it is never left, so a
// block of eight steps needs one test at its end.
//
// NOTE: measured on the 20 KB mixed-script corpus, eight DFA steps per test run at about 3.4 GB/s,
// against 1.4 GB/s for utf8.ValidString and about 0.9 GB/s for decoding rune by rune.
const (
	dErr = 0  // an invalid byte or a stop: leave the DFA
	dAcc = 6  // at a character boundary
	dC1  = 12 // one continuation byte to come
	dC2  = 18 // two
	dC3  = 24 // three
	dE0  = 30 // after E0: A0..BF, then one more
	dED  = 36 // after ED: 80..9F (no surrogates), then one more
	dF0  = 42 // after F0: 90..BF, then two more
	dF4  = 48 // after F4: 80..8F (nothing above U+10FFFF), then two more
)

// buildDFA returns the rows of the DFA whose ASCII stops are the bytes c with stop[c] set. With
// lineTerms set, a lead byte E2 leaves the DFA too, so that U+2028 and U+2029 (E2 80 A8, E2 80 A9)
// are found by the exact path; other E2 characters then go the exact way as well. The lead bytes
// and the ranges of their second bytes come from UTF8Lead.
func buildDFA(stop func(c byte) bool, lineTerms bool) *[256]uint64 {
	// narrow is the state after a lead byte whose second byte has a narrower range than 80..BF.
	narrow := map[byte]uint64{0xE0: dE0, 0xED: dED, 0xF0: dF0, 0xF4: dF4}
	// cont is the state after a lead byte of a sequence of n bytes, before its second byte.
	cont := [5]uint64{2: dC1, 3: dC2, 4: dC3}
	var t [256]uint64
	for b := range 256 {
		c := byte(b)
		set := func(from, to uint64) { t[b] |= to << from }
		in := func(lo, hi byte) bool { return lo <= c && c <= hi }
		n, lo, hi := UTF8Lead(c)
		switch {
		case c < 0x80:
			if !stop(c) {
				set(dAcc, dAcc)
			}
		case c == 0xE2 && lineTerms:
			// stays 0: leave the DFA
		case n == 0:
			// a continuation byte or an invalid one: no character starts here
		case lo != 0x80 || hi != 0xBF:
			set(dAcc, narrow[c])
		default:
			set(dAcc, cont[n])
		}
		if in(0x80, 0xBF) {
			set(dC1, dAcc)
			set(dC2, dC1)
			set(dC3, dC2)
		}
		for lead, st := range narrow {
			if n, lo, hi := UTF8Lead(lead); in(lo, hi) {
				set(st, cont[n-1])
			}
		}
	}
	return &t
}

// unquoteText stops at what unquoting stops at: '"', '\\' and control bytes.
var unquoteText = newTextTable(func(c byte) bool { return c < 0x20 || c == '"' || c == '\\' }, false, defaultSlots, true)

// skipText steps over text from s[i] that needs no change (valid UTF-8 without stops), eight bytes at
// a time, and returns the character boundary where it stopped: before the block holding a stop or an
// invalid byte, before a block of plain ASCII (the word scan is faster there), or near the end. It may
// return i; callers then take the exact path, which always makes progress.
func skipText[S ~string | ~[]byte](s S, i int, t *[256]uint64) int {
	return skipTextTo(s, i, len(s), t)
}

// skipTextTo is skipText reading no further than s[:end].
func skipTextTo[S ~string | ~[]byte](s S, i, end int, t *[256]uint64) int {
	st := uint64(dAcc)
	j := i
	for j+8 <= end {
		b := s[j : j+8]
		if st == dAcc && load64(s, j)&msb == 0 {
			return j
		}
		x := t[b[0]] >> (st & 63)
		x = t[b[1]] >> (x & 63)
		x = t[b[2]] >> (x & 63)
		x = t[b[3]] >> (x & 63)
		x = t[b[4]] >> (x & 63)
		x = t[b[5]] >> (x & 63)
		x = t[b[6]] >> (x & 63)
		x = t[b[7]] >> (x & 63)
		if x&63 == dErr {
			break
		}
		st = x & 63
		j += 8
	}
	if st != dAcc {
		// j is inside a character that started at most three bytes back: return its start.
		for k := j - 1; k >= j-3 && k >= i; k-- {
			if s[k]&0xC0 != 0x80 {
				return k
			}
		}
	}
	return j
}
