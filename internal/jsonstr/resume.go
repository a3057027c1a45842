package jsonstr

// maxUnit is the longest unit of a literal whose meaning can depend on the bytes after it: an escaped
// surrogate pair \uD83D\uDE00. A multi-byte UTF-8 sequence (4 bytes at most) is shorter.
const maxUnit = 12

// ScanStringFrom is ScanString for a reader whose buffer may end inside the literal. The literal
// starts before from; an earlier call has already checked its bytes up to from and gave plainBefore
// for them. (The first call passes from = the index after the opening '"' and plainBefore = true.) final says that s holds the
// rest of the input, so a literal cut short by its end is an error.
//
// When final is false and the literal may go on after the end of s, ScanStringFrom returns end = -1
// (and no error, allocating nothing) and resume, the index to pass as from once more bytes have been
// appended to s: every byte before resume has been checked and no longer depends on what follows, so
// a long literal arriving in small pieces is scanned once, not once per piece. plain then covers the
// bytes before resume. An escape or a non-ASCII character that starts fewer than 12 bytes before the
// end of s waits for more bytes; a closing quote never does, so a complete literal is never held up.
func ScanStringFrom[S ~string | ~[]byte](s S, from int, plainBefore, strict, final bool) (end, resume int, plain bool, err *Error) {
	plain = plainBefore
	i := from
	for {
		// NOTE: the word at i is tested here, not by a call: in short literals and between escapes
		// close together the next stop is usually in it (as in AppendUnquote). Measured with
		// jsontext's BenchmarkDecoderReadTokenStd on strings such as "item \"quoted\" é": 8% faster.
		if i+8 <= len(s) {
			if m := Stops(load64(s, i)); m != 0 {
				i += FirstLane(m)
			} else {
				i = indexDefault(s, i+8)
			}
		} else {
			i = indexDefault(s, i)
		}
		if i >= len(s) {
			if final {
				return i, 0, plain, errAt(ErrUnterminated, s, len(s))
			}
			return -1, len(s), plain, nil
		}
		c := s[i]
		if c == '"' {
			return i + 1, 0, plain, nil
		}
		if c < 0x20 {
			return i, 0, plain, errAt(ErrControl, s, i)
		}
		if c == '\\' {
			if !final && escapeCut(s, i, strict) {
				return -1, i, plain, nil
			}
			plain = false
			if i, err = skipEscape(s, i, strict); err != nil {
				return i, 0, plain, err
			}
			continue
		}
		if j := skipValid(s, i, unquoteText); j > i {
			i = j
			continue
		}
		if !final && cutUTF8(s, i) {
			return -1, i, plain, nil
		}
		if strict {
			return i, 0, plain, errAt(ErrInvalidUTF8, s, i)
		}
		plain = false
		i++
	}
}

// escapeCut reports whether the escape at s[i] cannot be judged before more bytes come: it, or the
// low half of a surrogate pair that strict mode needs after it, runs past the end of s.
func escapeCut[S ~string | ~[]byte](s S, i int, strict bool) bool {
	if i+1 >= len(s) {
		return true
	}
	if s[i+1] != 'u' {
		return false
	}
	if i+6 > len(s) {
		return true
	}
	if !strict || i+maxUnit <= len(s) {
		return false
	}
	r, ok := hex4(s, i+2)
	return ok && r >= 0xD800 && r < 0xDC00 && cutEscape(s, i+6)
}

// cutUTF8 reports whether s[i:], which does not start a valid UTF-8 sequence, is the start of one cut
// short by the end of s: a lead byte and the continuation bytes allowed after it, too few of them.
func cutUTF8[S ~string | ~[]byte](s S, i int) bool {
	need, lo, hi := UTF8Lead(s[i])
	if need == 0 || len(s)-i >= need {
		return false
	}
	for k := i + 1; k < len(s); k++ {
		if s[k] < lo || s[k] > hi {
			return false
		}
		lo, hi = 0x80, 0xBF // the bytes after the second
	}
	return true
}

// SkipStringFrom finds the end of a string literal as ScanStringFrom does outside strict mode, for
// a reader that decodes the literal once it holds all of it: it checks only what ends the literal
// and steps over the rest in bulk (valid escapes in stop lists, SkipEscaped, and UTF-8 unchecked,
// IndexQuote), leaving the decoding, which replaces invalid UTF-8, to check the rest. The literal
// starts before from, and its bytes before from have been stepped over (the first call passes the
// index after the opening '"'); final says that s holds the rest of the input.
//
// It returns the index after the closing quote, or, for a literal the decoding reports an error
// in, the index after the byte the error is reported at (at most len(s)), so that a decoder shown
// s up to end sees the same error as with all of the input; or, when final is false and the
// literal may go on after the end of s, end = -1 and resume, the index to pass as from once more
// bytes have been appended to s.
//
// NOTE: the Decoder reading a long string value as it arrives (a 40 KB VAST markup with 2,000
// escapes) spent a quarter of its time in ScanStringFrom's checks, which the decoding repeats.
func SkipStringFrom(s []byte, from int, final bool) (end, resume int) {
	i := from
	for {
		if i = IndexQuote(s, SkipEscaped(s, i)); i >= len(s) {
			if final {
				return len(s), 0
			}
			return -1, len(s)
		}
		if s[i] == '"' {
			return i + 1, 0
		}
		if s[i] == '\\' {
			if !final && escapeCut(s, i, false) {
				return -1, i
			}
			j, err := skipEscape(s, i, false)
			if err == nil {
				i = j
				continue
			}
			return min(err.Offset+1, len(s)), 0
		}
		return i + 1, 0 // a control byte
	}
}
