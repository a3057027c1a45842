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

// indexQuoteGeneric is IndexQuote in pure Go, two words per turn. The test is exact for the lowest
// flagged lane, which is the only one used: a lane from 0x80 up can set bit 7 of the subtractions
// without being a stop, and &^ w clears it; such a lane never wraps, so it sends no borrow up.
func indexQuoteGeneric(s []byte, i int) int {
	for ; i+16 <= len(s); i += 16 {
		a, b := endStops(load64(s, i)), endStops(load64(s, i+8))
		if a|b != 0 {
			if a != 0 {
				return i + firstLane(a)
			}
			return i + 8 + firstLane(b)
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			return i
		}
	}
	return len(s)
}

// endStops flags, in bit 7 of each lane, '"', '\\' and bytes below 0x20 (exact for the lowest).
func endStops(w uint64) uint64 {
	return ((w - lsb*0x20) | ((w ^ lsb*'"') - lsb) | ((w ^ lsb*'\\') - lsb)) &^ w & msb
}
