package jsonstr

// unescapeListed is AppendUnquote's loop for long stretches of escape-dense ASCII, the twin of
// escapeListed. src[start:i] is a run already known to be plain. While 64 bytes or more are left
// from i it builds stop lists and walks them: two-byte escapes in walkUnescapes, \u escapes here.
// A stop list holds both bytes of \" and \\; the walks skip what an escape has consumed.
//
// It returns dst, the index where AppendUnquote goes on, the start of the run pending there, and
// whether it stopped at a stop it leaves to AppendUnquote (the closing quote, a control byte, a byte
// from 0x80 up, or a bad escape), at the returned index.
func unescapeListed[S ~string | ~[]byte](dst []byte, src S, i, start int, strict bool) ([]byte, int, int, bool) {
	var pos [listCap]uint32
	for len(src)-i >= 64 {
		n, covered := stopList(src[i:], Default, &pos)
		// Decoding never lengthens: the output of this list is at most i+covered-start bytes, and
		// the walk's 40-byte window starts at least one byte before the end of what it writes.
		if need := i + covered - start + 40; cap(dst)-len(dst) < need {
			dst = growValue(dst, src, start, i, need, strict)
		}
		out := dst[:cap(dst)]
		o := len(dst)
		// The walk reads 32 bytes from the start of each run and the byte after a backslash: the
		// stops from 32 bytes before the end of src are left to the slow path below.
		m := n
		for m > 0 && i+int(pos[m-1]) > len(src)-32 {
			m--
		}
		for j := 0; j < n; j++ {
			if j < m {
				var walked int
				o, start, walked = walkUnescapes(out, o, src, i, start, pos[j:m])
				if j += walked; j == n {
					break
				}
			}
			k := i + int(pos[j])
			if k < start {
				continue // the second byte of an escape
			}
			if src[k] != '\\' || k+1 >= len(src) || src[k+1] != 'u' && unescapeTable[src[k+1]] == 0 {
				return out[:o], k, start, true
			}
			o += copy(out[o:], src[start:k])
			d, next, e := unescape(out[:o], src, k, strict)
			if e != nil {
				return out[:o], k, k, true // the run is written; AppendUnquote reports the error
			}
			o, start = len(d), next
		}
		dst = out[:o]
		i += covered
	}
	// An escape may end past the last block (start > i): go on after it.
	return dst, max(i, start), start, false
}

// walkUnescapes decodes the runs and two-byte escapes at the stops in pos (offsets from base) into
// out from o, and returns the new o, the new start of the pending run, and how many stops it
// handled. It stops before any other stop, or one after a run longer than walkRun bytes. Every stop
// is at least 32 bytes from the end of src.
func walkUnescapes[S ~string | ~[]byte](out []byte, o int, src S, base, start int, pos []uint32) (int, int, int) {
	for x, q := range pos {
		k := base + int(q)
		if k < start {
			continue // the second byte of \" or \\
		}
		e, run := unescapeTable[src[k+1]], k-start
		if src[k] != '\\' || uint(run) > walkRun {
			return o, start, x
		}
		// As in walkEscapes: the run as two 16-byte copies, in a window that needs no more bounds
		// checks, then the decoded bytes.
		w, t := (*[40]byte)(out[o:o+40]), src[start:start+32]
		if e == 0 {
			// \uXXXX outside the surrogates, written as UTF-8; anything else is left to
			// unescapeListed.
			r := hex4At(src, k+2)
			if src[k+1] != 'u' || r > 0xFFFF || r&0xF800 == 0xD800 {
				return o, start, x
			}
			copy(w[0:16], t[0:16])
			copy(w[16:32], t[16:32])
			var u uint32
			n := 1
			switch {
			case r < 0x80:
				u = uint32(r)
			case r < 0x800:
				u, n = 0x80C0|uint32(r>>6)|uint32(r&0x3F)<<8, 2
			default:
				u, n = 0x8080E0|uint32(r>>12)|uint32(r>>6&0x3F)<<8|uint32(r&0x3F)<<16, 3
			}
			w[run], w[run+1], w[run+2] = byte(u), byte(u>>8), byte(u>>16)
			o += run + n
			start = k + 6
			continue
		}
		copy(w[0:16], t[0:16])
		copy(w[16:32], t[16:32])
		w[run] = e
		o += run + 1
		start = k + 2
	}
	return o, start, len(pos)
}

// hexTable maps a hex digit to its value and every other byte to 0x10000 and up, which no four
// digits can reach: a bad digit makes the rune of walkUnescapes too large.
var hexTable = func() (t [256]uint32) {
	for c := range t {
		t[c] = 0x10000
		if v, ok := hexVal(byte(c)); ok {
			t[c] = uint32(v)
		}
	}
	return t
}()
