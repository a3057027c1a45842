package jsonstr

// SpaceEnd returns the index of the first byte of b from i on that is not JSON white space
// (space, tab, newline, carriage return), or len(b).
//
// NOTE: indented documents put a run of spaces after each newline: after each white-space byte,
// one word compared with eight spaces finds the end of a run of up to 8 (the lowest lane that
// differs); pretty-printed twitter.json spends half as long here as byte by byte.
func SpaceEnd(b []byte, i int) int {
	for i < len(b) {
		if c := b[i]; c > ' ' || c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return i
		}
		i++
		for i+8 <= len(b) {
			if x := Load64(b, i) ^ spaces8; x != 0 {
				i += FirstLane(x)
				break
			}
			i += 8
		}
	}
	return len(b)
}

const spaces8 = lsb * ' '
