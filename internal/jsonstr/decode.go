package jsonstr

// listAfter is how many escapes DecodeString decodes one by one before it turns to stop lists.
const listAfter = 16

// DecodeString reads the JSON string literal that starts at s[i] (a '"') in one pass: it finds the
// literal's end and, when the value differs from the bytes between the quotes, decodes it.
//
// A literal with no escapes and no invalid UTF-8 is only scanned: DecodeString returns plain = true
// and dst unchanged, and s[i+1:end-1] is the value. Otherwise it appends the value to dst (invalid
// UTF-8 and unpaired surrogate escapes become U+FFFD, or are errors when strict is set) and returns
// plain = false. s must hold the rest of the input. Its errors are exactly ScanString's, so a reader
// can use either; on error dst is returned unchanged.
//
// The one pass matters for escaped text: ScanString followed by AppendUnquote reads it twice.
func DecodeString[S ~string | ~[]byte](dst []byte, s S, i int, strict bool) (out []byte, end int, plain bool, err *Error) {
	return DecodeStringFrom(dst, s, i, i+1, strict)
}

// DecodeStringFrom is DecodeString for a literal whose bytes s[i+1:from] a caller has already found
// to be ASCII with nothing to decode and no end: the scan starts at from.
func DecodeStringFrom[S ~string | ~[]byte](dst []byte, s S, i, from int, strict bool) (out []byte, end int, plain bool, err *Error) {
	start := i + 1
	i = from
	// Plain bytes: scanned, not copied, until the first byte that changes the value.
	for {
		i = indexDefault(s, i)
		if i >= len(s) {
			return dst, i, true, errAt(ErrUnterminated, s, len(s))
		}
		c := s[i]
		if c == '"' {
			return dst, i + 1, true, nil
		}
		if c < 0x20 {
			return dst, i, true, errAt(ErrControl, s, i)
		}
		if c == '\\' {
			break
		}
		if j := skipValid(s, i, unquoteText); j > i {
			i = j
			continue
		}
		if strict {
			return dst, i, true, errAt(ErrInvalidUTF8, s, i)
		}
		break
	}
	// From here on the value is built in dst, a run at a time.
	d0 := len(dst)
	escapes, tries := 0, listTries
	for {
		// NOTE: s runs on past the literal, so a stop list may be built beyond its end, wasted;
		// lists are only worth it in a long literal dense with escapes, such as markup. After
		// listAfter escapes the rest of the literal is walked in lists.
		if useUnescape && escapes >= listAfter && tries > 0 && len(s)-i >= unescapeMin {
			// The block unescaper ends at the closing quote: it reads nothing past the literal.
			tries--
			dst = append(dst, s[start:i]...)
			dst, i = appendUnescaped(dst, s, i, strict)
			start = i
		} else if useList && escapes >= listAfter && tries > 0 && len(s)-i >= listMin {
			tries--
			dst, i, start, _ = unescapeListed(dst, s, i, start, strict)
		}
		i = indexDefault(s, i)
		if i >= len(s) {
			return dst[:d0], i, false, errAt(ErrUnterminated, s, len(s))
		}
		if n := i - start + 8; cap(dst)-len(dst) < n {
			dst = growValue(dst, s, start, i, n, strict)
		}
		switch c := s[i]; {
		case c == '"':
			return append(dst, s[start:i]...), i + 1, false, nil
		case c == '\\':
			// unescape accepts exactly the escapes skipEscape accepts; where it fails, skipEscape
			// names the error as ScanString does (a cut \u is unterminated, not bad hex).
			d, j, e := unescape(append(dst, s[start:i]...), s, i, strict)
			if e != nil {
				if _, e2 := skipEscape(s, i, strict); e2 != nil {
					e = e2
				}
				return dst[:d0], i, false, e
			}
			dst, i, start = d, j, j
			escapes++
		case c < 0x20:
			return dst[:d0], i, false, errAt(ErrControl, s, i)
		default:
			if j := skipValid(s, i, unquoteText); j > i {
				i = j
				continue
			}
			if strict {
				return dst[:d0], i, false, errAt(ErrInvalidUTF8, s, i)
			}
			dst = append(dst, s[start:i]...)
			dst = append(dst, "\uFFFD"...)
			i++
			start = i
		}
	}
}

// bigValue is the length of a value from which DecodeString sizes dst once for the rest of the
// literal instead of growing it as it goes.
//
// NOTE: the sizing scans the rest of the literal a second time (at the speed of ScanString); below
// bigValue, growing by doubling costs less than that.
const bigValue = 64 << 10

// growMin is the least room growValue makes, so that a buffer's first growth (a fresh Decoder's
// first escaped string) skips the short steps of doubling from a few bytes.
//
// NOTE: a fresh Decoder of openrtb_vast.json (a 40 KB escaped adm) allocated 51 objects, 44 with
// it (and 0.8% fewer bytes, with the sizing at bigValue below).
const growMin = 512

// growValue gives dst room for need more bytes of the value of a literal whose pending run is
// s[start:i], s[i] a stop. A value that is short doubles, from growMin (append's 1.25x steps for
// long slices leave garbage of five times the last size, not two); once a doubling would reach
// bigValue, the value is sized once for the rest of its literal (sizeValue), so that a long value
// is not copied again at every step, nor doubled past bigValue just before it is sized.
func growValue[S ~string | ~[]byte](dst []byte, s S, start, i, need int, strict bool) []byte {
	room := max(need, len(dst), growMin)
	if len(dst)+room >= bigValue {
		dst = sizeValue(dst, s, start, i, need, strict)
	}
	if cap(dst)-len(dst) < need {
		dst = withRoom(dst, room)
	}
	return dst
}

// withRoom returns a copy of dst with room for n more bytes.
//
// NOTE: not slices.Grow, whose append of a make allocates the make as well when the compiler
// instruments the code (-race), which would double what growValue allocates there.
func withRoom(dst []byte, n int) []byte {
	out := make([]byte, len(dst), len(dst)+n)
	copy(out, dst)
	return out
}

// sizeValue grows dst, at the stop s[i] of a literal whose pending run starts at start, to hold the
// rest of the value (and need bytes at least): its quoted length bounds it, but for invalid UTF-8 replaced by U+FFFD (three
// bytes for one), which the appends still grow for. A literal that ScanString rejects is left to
// the decoding loop to report.
func sizeValue[S ~string | ~[]byte](dst []byte, s S, start, i, need int, strict bool) []byte {
	end, _, err := scanStringFrom(s, i, strict)
	if err != nil {
		return dst
	}
	return withRoom(dst, max(end-start, need))
}
