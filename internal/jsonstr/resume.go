package jsonstr

// maxUnit is the longest stretch of a literal whose meaning can depend on the bytes after it: an
// escaped surrogate pair \uD83D\uDE00. A multi-byte UTF-8 sequence (4 bytes at most) is shorter.
const maxUnit = 12

// ScanStringFrom is ScanString for a reader whose buffer may end inside the literal. The literal
// starts at s[i] (a '"'); the caller has already checked s[i+1:from] in an earlier call, which said
// the bytes before from are settled and gave plainBefore for them. (The first call passes
// from = i+1 and plainBefore = true.)
//
// When the literal is cut short by the end of s the error is ErrUnterminated and resume is the index
// to pass as from once more bytes have been appended to s: every byte before it has been checked and
// no longer depends on what follows, so a long literal arriving in small pieces is scanned once, not
// once per piece. plain then covers only the bytes before resume.
func ScanStringFrom[S ~string | ~[]byte](s S, i, from int, plainBefore bool, strict bool) (end, resume int, plain bool, err *Error) {
	plain = plainBefore
	resume, plainAtResume := -1, plain
	i = from
	for {
		i = indexDefault(s, i)
		if i >= len(s) {
			break
		}
		if resume < 0 && i+maxUnit > len(s) {
			resume, plainAtResume = i, plain
		}
		switch c := s[i]; {
		case c == '"':
			return i + 1, 0, plain, nil
		case c == '\\':
			plain = false
			if i, err = skipEscape(s, i, strict); err != nil {
				if err.Code == ErrUnterminated {
					break
				}
				return i, 0, plain, err
			}
			continue
		case c < 0x20:
			return i, 0, plain, errAt(ErrControl, s, i)
		default:
			if j := skipValid(s, i, unquoteDFA, false); j > i {
				i = j
				continue
			}
			if strict {
				if cutUTF8(s, i) {
					break // the rest of the character may come
				}
				return i, 0, plain, errAt(ErrInvalidUTF8, s, i)
			}
			plain = false
			i++
			continue
		}
		break
	}
	if resume < 0 {
		resume, plainAtResume = len(s), plain
	}
	return len(s), resume, plainAtResume, errAt(ErrUnterminated, s, len(s))
}

// cutUTF8 reports whether s[i:], which does not start a valid UTF-8 sequence, is the start of one cut
// short by the end of s: a lead byte and the continuation bytes allowed after it, too few of them.
func cutUTF8[S ~string | ~[]byte](s S, i int) bool {
	c := s[i]
	var need int
	switch {
	case c >= 0xC2 && c < 0xE0:
		need = 2
	case c >= 0xE0 && c < 0xF0:
		need = 3
	case c >= 0xF0 && c < 0xF5:
		need = 4
	default:
		return false
	}
	if len(s)-i >= need {
		return false
	}
	for k := i + 1; k < len(s); k++ {
		lo, hi := byte(0x80), byte(0xBF)
		if k == i+1 {
			switch c {
			case 0xE0:
				lo = 0xA0
			case 0xED:
				hi = 0x9F
			case 0xF0:
				lo = 0x90
			case 0xF4:
				hi = 0x8F
			}
		}
		if s[k] < lo || s[k] > hi {
			return false
		}
	}
	return true
}
