package jsonstr

// SpaceEnd returns the index of the first byte of b from i on that is not JSON white space
// (space, tab, newline, carriage return), or len(b).
//
// NOTE: indented documents put a run of spaces after each newline: after each white-space byte,
// words compared with eight spaces find the end of the run (the lowest lane that differs), two
// to a turn of the loop (citm_catalog's runs are mostly of 24 and 28 spaces); pretty-printed
// twitter.json spends half as long here as byte by byte.
func SpaceEnd(b []byte, i int) int {
run:
	for i < len(b) {
		if c := b[i]; c > ' ' || spaceBits>>c&1 == 0 {
			return i
		}
		i++
		for ; i+16 <= len(b); i += 16 {
			if x := Load64(b, i) ^ spaces8; x != 0 {
				i += FirstLane(x)
				continue run
			}
			if x := Load64(b, i+8) ^ spaces8; x != 0 {
				i += 8 + FirstLane(x)
				continue run
			}
		}
		if i+8 <= len(b) {
			if x := Load64(b, i) ^ spaces8; x != 0 {
				i += FirstLane(x)
			} else {
				i += 8
			}
		}
	}
	return len(b)
}

const (
	spaces8          = lsb * ' '
	spaceBits uint64 = 1<<' ' | 1<<'\t' | 1<<'\n' | 1<<'\r' // of the bytes up to ' ', those of white space
)
