package jsonstr

// The three stop scans. Each returns the index of the first stop in s at or after i, or len(s).
// The word loops read two words per iteration: one branch per 16 bytes keeps the loop short.
//
// The first two hand over to the vector scans of index.go when those are on (vec, and useVector,
// which is a constant false without them) and the input is long; with vec false they are the pure-Go
// twins the tests compare the vector scans with. The hand-over comes after the first handOver bytes
// (index.go): stops cluster in markup, and a near one is found by the words faster than through a call.
// Short inputs take the plain word loop with no test per turn, as in a pure-Go build.

// wordsDefault finds the next '"', '\\', control byte, or byte from 0x80 up.
func wordsDefault[S ~string | ~[]byte](s S, i int, vec bool) int {
	if useVector && vec && len(s)-i >= handOver+vecMin {
		// A long input: words for the first handOver bytes, then the vector scan. The type switch
		// picks the assembly entry point; a named string or byte-slice type matches neither case and
		// goes on with the words.
		for end := i + handOver; i < end; i += 16 {
			if a, b := Stops(load64(s, i)), Stops(load64(s, i+8)); a|b != 0 {
				if a != 0 {
					return i + FirstLane(a)
				}
				return i + 8 + FirstLane(b)
			}
		}
		switch v := any(s).(type) {
		case string:
			return i + vecDefault(v[i:])
		case []byte:
			return i + vecDefaultBytes(v[i:])
		}
	}
	for ; i+16 <= len(s); i += 16 {
		a, b := Stops(load64(s, i)), Stops(load64(s, i+8))
		if a|b != 0 {
			if a != 0 {
				return i + FirstLane(a)
			}
			return i + 8 + FirstLane(b)
		}
	}
	if i+8 <= len(s) {
		if a := Stops(load64(s, i)); a != 0 {
			return i + FirstLane(a)
		}
		i += 8
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			return i
		}
	}
	return len(s)
}

// wordsExtra is wordsDefault with up to four more ASCII stops.
func wordsExtra[S ~string | ~[]byte](s S, i int, x *slots, class *[256]uint8, vec bool) int {
	if useVector && vec && len(s)-i >= handOver+vecMin {
		for end := i + handOver; i < end; i += 16 {
			if a, b := stopsExtra(load64(s, i), x), stopsExtra(load64(s, i+8), x); a|b != 0 {
				if a != 0 {
					return i + FirstLane(a)
				}
				return i + 8 + FirstLane(b)
			}
		}
		switch v := any(s).(type) {
		case string:
			return i + vecExtra(v[i:], x)
		case []byte:
			return i + vecExtraBytes(v[i:], x)
		}
	}
	for ; i+16 <= len(s); i += 16 {
		a, b := stopsExtra(load64(s, i), x), stopsExtra(load64(s, i+8), x)
		if a|b != 0 {
			if a != 0 {
				return i + FirstLane(a)
			}
			return i + 8 + FirstLane(b)
		}
	}
	for ; i < len(s); i++ {
		if class[s[i]] != plain {
			return i
		}
	}
	return len(s)
}

// indexTable looks every byte up in the policy's class table, eight per iteration.
func indexTable[S ~string | ~[]byte](s S, i int, class *[256]uint8) int {
	for ; i+8 <= len(s); i += 8 {
		t := s[i : i+8]
		if class[t[0]]|class[t[1]]|class[t[2]]|class[t[3]]|
			class[t[4]]|class[t[5]]|class[t[6]]|class[t[7]] != plain {
			break
		}
	}
	for ; i < len(s); i++ {
		if class[s[i]] != plain {
			return i
		}
	}
	return len(s)
}
