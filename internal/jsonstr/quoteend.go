package jsonstr

// IndexQuote returns the index of the first '"', '\\' or control byte in s at or after i, or len(s):
// the bytes that can end a run of a string literal when its UTF-8 need not be checked (a reader
// skipping a value, where invalid UTF-8 would only have been replaced). Bytes from 0x80 up are not
// stops. Long runs go to a vector scan where there is one.
func IndexQuote(s []byte, i int) int {
	if useVector && len(s)-i >= vecMin {
		return i + vecQuote(s[i:])
	}
	return indexQuoteGeneric(s, i)
}

// indexQuoteGeneric is IndexQuote in pure Go, two words per turn (QuoteStops, swar.go).
func indexQuoteGeneric(s []byte, i int) int {
	for ; i+16 <= len(s); i += 16 {
		a, b := QuoteStops(load64(s, i)), QuoteStops(load64(s, i+8))
		if a|b != 0 {
			if a != 0 {
				return i + FirstLane(a)
			}
			return i + 8 + FirstLane(b)
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			return i
		}
	}
	return len(s)
}

// SkipEscaped steps through the inside of a string literal from s[i] as IndexQuote does, but over
// valid escapes too, walking stop lists: it returns the index of the first stop that is not the
// start of a valid escape (the closing quote, a control byte, or a '\\' whose escape is invalid or
// cut by the end of s), or, where fewer than 64 bytes are left, an index at or past i from which the
// caller goes on. Any \uXXXX is valid (a skip does not pair surrogates). Without list scans it
// returns i.
//
// NOTE: for literals dense with escapes (markup). The Reader's SkipValue over the 20 KB VAST string
// (984 escapes) took 7.2 us with an IndexQuote call per stop, 3.0 us once it walks lists.
func SkipEscaped(s []byte, i int) int {
	if !useList {
		return i
	}
	var pos [listCap]uint32
	next := i // the end of the last escape: list entries before it are inside one
	for len(s)-i >= 64 {
		n, covered := listQuoteBytes(s[i:min(len(s), i+listSpan)], &pos)
		for _, q := range pos[:n] {
			k := i + int(q)
			if k < next {
				continue
			}
			if s[k] != '\\' || k+1 >= len(s) {
				return k
			}
			switch s[k+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				next = k + 2
			case 'u':
				if k+6 > len(s) || hexTable[s[k+2]]|hexTable[s[k+3]]|hexTable[s[k+4]]|hexTable[s[k+5]] > 0xF {
					return k
				}
				next = k + 6
			default:
				return k
			}
		}
		i = max(i+covered, next)
	}
	return max(i, next)
}
