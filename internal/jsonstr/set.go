package jsonstr

// Custom escape sets: a policy whose ASCII stops do not pack into the four slots of stopsExtra
// (scanTable) is tested per byte through its class table in pure Go; where the machine has AVX2
// (set_amd64.go) its long runs go to vector scans that test any set of ASCII bytes with two nibble
// lookups per block (the "vectorized classification" of Langdale and Lemire, "Parsing Gigabytes of
// JSON per Second", 2019, section 3.1.1): a byte b is a stop when lo[b&15] & hi[b>>4] != 0, where
// bit h of lo[n] says that the byte h<<4|n is a stop (h = 0..7) and hi[h] = 1<<h. Control bytes are
// all stops, so bit 0 is set in every lo[n], and hi[8..15] = 1 makes every byte from 0x80 up a stop;
// the text scan, which checks those bytes as UTF-8, takes hi[8..15] = 0. The test is exact: every
// stop of the set, and nothing else, whatever the set.
//
// The pure-Go twins (indexTable, escapeBlocksGeneric, the DFA) define what the vector scans return,
// and the tests compare the two.

// nibbles are the two 16-byte lookup tables of a set scan.
type nibbles struct{ lo, hi [16]byte }

// newNibbles builds the tables of the ASCII stops c with stop(c) (which holds for every control
// byte); withNonASCII makes every byte from 0x80 up a stop too.
func newNibbles(stop func(c byte) bool, withNonASCII bool) nibbles {
	var t nibbles
	for c := range byte(0x80) {
		if stop(c) {
			t.lo[c&15] |= 1 << (c >> 4)
		}
	}
	for h := range 8 {
		t.hi[h] = 1 << h
	}
	if withNonASCII {
		for h := 8; h < 16; h++ {
			t.hi[h] = 1
		}
	}
	return t
}

// setMin is the run of plain bytes indexSet tests through the class table before it calls the
// vector scan: a stop near the start is found before the call would have returned (see handOver).
const setMin = 32

// indexSet returns the index of the first stop of a scanTable policy in s at or after i, or len(s):
// indexTable, with long runs handed to the vector set scan where there is one.
func indexSet[S ~string | ~[]byte](s S, i int, n *nibbles, class *[256]uint8) int {
	if useSet && len(s)-i >= setMin+vecMin {
		if j := indexTable(s[:i+setMin], i, class); j < i+setMin {
			return j
		}
		i += setMin
		switch v := any(s).(type) {
		case string:
			return i + vecSet(v[i:], n)
		case []byte:
			return i + vecSetBytes(v[i:], n)
		}
	}
	return indexTable(s, i, class)
}
