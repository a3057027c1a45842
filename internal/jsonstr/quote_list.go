package jsonstr

import "slices"

// listTries is how many times one AppendEscaped call builds stop lists. A list walk gives up at the
// first byte from 0x80 up (non-ASCII text goes to appendText's bulk UTF-8 steps), wasting the rest
// of its list; bounding the tries keeps text full of non-ASCII characters from paying that again
// and again.
const listTries = 4

// escapeListed is AppendEscaped's loop for long stretches of escape-dense ASCII. src[start:i] is a
// run already known to need no escaping. While 64 bytes or more are left from i it builds a stop list
// and walks it: for each stop, the run before it is copied with four 8-byte stores (a run of up to 32
// bytes, nearly all of them in markup; longer ones take a memmove) and the escape with one, all into
// dst's spare capacity, each store overwriting the previous one's overhang.
//
// It returns dst, the index where AppendEscaped goes on, the start of the run pending there, and
// whether it stopped at a byte from 0x80 up (at the returned index).
func escapeListed[S ~string | ~[]byte](dst []byte, src S, i, start int, p *Policy) ([]byte, int, int, bool) {
	var pos [listCap]uint32
	for len(src)-i >= 64 {
		n, covered := stopList(src[i:], p, &pos)
		// The runs and escapes of this list take at most i+covered-start+5n bytes, and the walk's
		// 40-byte window starts at least one byte before the end of what it writes.
		if need := i + covered - start + 5*n + 40; cap(dst)-len(dst) < need {
			dst = slices.Grow(dst, need)
		}
		out := dst[:cap(dst)]
		o := len(dst)
		// The walk copies 32 bytes from the start of each run: the stops from there to the end of
		// src are left to the slow path below.
		m := n
		for m > 0 && i+int(pos[m-1]) > len(src)-32 {
			m--
		}
		for j := 0; j < n; j++ {
			if j < m {
				var walked int
				o, start, walked = walkEscapes(out, o, src, i, start, pos[j:m], p)
				if j += walked; j == n {
					break
				}
			}
			// A stop after a run longer than walkRun bytes, or near the end of src, or from 0x80 up.
			k := i + int(pos[j])
			c := src[k]
			if c >= 0x80 {
				return out[:o], k, start, true
			}
			o += copy(out[o:], src[start:k])
			store64(out[o:o+8], p.enc[c])
			o += int(p.encN[c])
			start = k + 1
		}
		dst = out[:o]
		i += covered
	}
	return dst, i, start, false
}

// walkRun is the longest run the walks copy themselves; a longer one is left to a memmove call.
//
// NOTE: measured on the realistic VAST string (AMD EPYC, AVX2): copying 64 bytes per stop instead
// of 32 made quoting 15% slower (stores are the bottleneck); a loop of 16-byte copies for runs up
// to 256 bytes, instead of handing them back, was no faster. In markup nearly every run is shorter.
const walkRun = 32

// walkEscapes writes the runs and escapes of the stops in pos (offsets from base) to out from o, and
// returns the new o, the new start of the pending run, and how many stops it handled. It stops
// before a stop from 0x80 up or after a run longer than walkRun bytes; escapeListed handles that
// one. Every stop is at least 32 bytes from the end of src. The loop makes no call, so nothing is
// spilled around one.
func walkEscapes[S ~string | ~[]byte](out []byte, o int, src S, base, start int, pos []uint32, p *Policy) (int, int, int) {
	for x, q := range pos {
		k := base + int(q)
		c := src[k]
		run := k - start
		if c >= 0x80 || uint(run) > 32 {
			return o, start, x
		}
		// The run as two 16-byte copies (inlined as two moves), then the escape as one 8-byte
		// store; the window w lets the compiler drop the bounds checks of both (run <= 32).
		w, t := (*[40]byte)(out[o:o+40]), src[start:start+32]
		copy(w[0:16], t[0:16])
		copy(w[16:32], t[16:32])
		store64(w[run:run+8], p.enc[c])
		o += run + int(p.encN[c])
		start = k + 1
	}
	return o, start, len(pos)
}
