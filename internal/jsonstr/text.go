package jsonstr

// The text scans step over text that needs no change: valid UTF-8 holding no stop. The DFA of
// dfa.go does it in pure Go, a byte per step; where the machine has a vector text scan (text_amd64.s:
// AVX2) and the stops are ones it can test (control bytes, up to four masked-equality slots, and
// U+2028/U+2029 where they are escaped: the DFA leaves at every E2 lead byte, the vector scan only
// at those two characters), a long stretch goes to it first, 32
// bytes per step: the UTF-8 check is the lookup algorithm of Keiser and Lemire ("Validating UTF-8 In
// Less Than One Instruction Per Byte", 2021), three nibble-table lookups and a check of where third
// and fourth bytes must be.

// A textTable is what skipValid needs for one set of stops.
type textTable struct {
	rows      [256]uint64 // the DFA
	lineTerms bool        // U+2028 and U+2029 are stops
	vec       *textConsts // the stops for the vector scan; nil where it cannot test them
}

// textConsts are the vector scan's stops beyond control bytes, each byte repeated over 32 lanes:
// the four slots of a policy (see slots), and 0xE2 where U+2028/U+2029 are stops, else 0x00 (see
// text_amd64.s).
type textConsts struct {
	or, eq [4][32]byte
	e2     [32]byte
	nib    nibbles // the stops of a set scan (set.go), at offset 288 (see text_amd64.s)
	def    bool    // the stops are the default ones and there are no line terminators
	set    bool    // the stops are nib's, not the slots (only where useSet)
}

// newTextTable builds the table for the ASCII stops with stop(c) set; x holds the same stops as
// slots when ok, else the vector scan is not used.
func newTextTable(stop func(c byte) bool, lineTerms bool, x slots, ok bool) *textTable {
	t := &textTable{rows: *buildDFA(stop, lineTerms), lineTerms: lineTerms}
	if ok {
		v := new(textConsts)
		for k := range 4 {
			for l := range 32 {
				v.or[k][l], v.eq[k][l] = byte(x.or[k]), byte(x.eq[k])
			}
		}
		if lineTerms {
			for l := range v.e2 {
				v.e2[l] = 0xE2
			}
		}
		v.def = x == defaultSlots && !lineTerms
		if useSet && !v.def {
			// NOTE: the set scan tests the stops in 6 instructions a block (sharing the high
			// nibbles with the UTF-8 check) where the slots take 14, and loads the bytes
			// before each byte instead of shuffling them out (text_amd64.s, UTF8_MEM): the
			// encoding/json presets quoted the 20 KB non-ASCII corpus in about 2.9 us
			// instead of 4.0-4.7 (BenchmarkQuoteText, Xeon with AVX2).
			v.nib, v.set = newNibbles(stop, false), true
		}
		t.vec = v
	}
	return t
}

// newSetText gives the text table t of a scanTable policy with the ASCII stops c with stop(c) the
// vector scan of its set, where there is one.
func newSetText(t *textTable, stop func(c byte) bool) {
	if !useSet {
		return
	}
	v := &textConsts{nib: newNibbles(stop, false), set: true}
	if t.lineTerms {
		for l := range v.e2 {
			v.e2[l] = 0xE2
		}
	}
	t.vec = v
}

// textMin is the stretch from which skipValid calls the vector text scan.
//
// NOTE: below it, most text is a character or two between stops, which the DFA steps over before
// a call would have returned.
const textMin = 64

// skipValid steps over text from s[i] that needs no change, in bulk (the vector scan, then the DFA
// t), then exactly up to the next byte that is ASCII, invalid, or (with lineTerms) the start of
// U+2028 or U+2029. Where the vector scan runs it also steps over ASCII that needs no change.
func skipValid[S ~string | ~[]byte](s S, i int, t *textTable) int {
	if useText && t.vec != nil && len(s)-i >= textMin {
		// NOTE: a reader's s runs to the end of its input, and most non-ASCII runs in documents
		// are a few characters long: the DFA takes the first textDFA bytes, and only text that
		// goes on past them (less at most one cut character) is handed to the vector scan. On
		// random.json (short strings, some non-ASCII) the vector scan took 1.4% of Unmarshal
		// into any, for nothing, when it was called first.
		j := skipTextTo(s, i, i+textDFA, &t.rows)
		if j < i+textDFA-3 {
			return skipUTF8(s, j, t.lineTerms)
		}
		i = skipTextVec(s, j, t.vec)
	}
	return skipUTF8(s, skipText(s, i, &t.rows), t.lineTerms)
}

// textDFA is how many bytes skipValid steps over with the DFA before it calls the vector scan.
const textDFA = 16

// skipTextVec returns the character boundary j >= i up to which the vector scan found s[i:] valid
// and free of stops. The scan answers in whole blocks: j is the start of the first block with a
// stop or an error (errors in a character are flagged in the block of its next byte), or of the
// first block that does not fit, moved back to the start of a character it cuts. (On amd64 a block
// with stops and no error answers with its first stop, short of which a character may be cut.)
func skipTextVec[S ~string | ~[]byte](s S, i int, v *textConsts) int {
	var n int
	switch x := any(s).(type) {
	case string:
		if v.set {
			n = textVecSet(x[i:], v)
		} else if v.def {
			n = textVecDefault(x[i:])
		} else {
			n = textVec(x[i:], v)
		}
	case []byte:
		if v.set {
			n = textVecSetBytes(x[i:], v)
		} else if v.def {
			n = textVecDefaultBytes(x[i:])
		} else {
			n = textVecBytes(x[i:], v)
		}
	default:
		return i
	}
	j := i + n
	for k := j - 1; k >= i && k >= j-3; k-- {
		c := s[k]
		if c < 0x80 {
			break
		}
		if c >= 0xC0 {
			if k+utf8Len(c) > j {
				j = k
			}
			break
		}
	}
	return j
}

// utf8Len is the length of the character a lead byte c (0xC0 and up) starts.
func utf8Len(c byte) int {
	switch {
	case c >= 0xF0:
		return 4
	case c >= 0xE0:
		return 3
	}
	return 2
}
