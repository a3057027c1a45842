package stream

import (
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonstr"
)

// valid.go checks pre-encoded JSON for Writer.Raw and Writer.Number. It is a small iterative
// validator (no recursion, so no depth limit and no stack growth on hostile input) that the Reader's
// own validator can replace once it lands.

// validValue checks that b holds exactly one JSON value, with optional whitespace around it, and
// returns the bounds of the value itself. Strings must be valid UTF-8 (escapes may still spell
// unpaired surrogates, which JSON's grammar allows). Errors are *SyntaxError or *InvalidUTF8Error
// values whose offsets count from the start of b.
func validValue(b []byte) (start, end int, err error) {
	// The container stack is a bit per level, set for an object: 256 levels live in this array,
	// deeper documents spill into a slice.
	var small [4]uint64
	stack := small[:]
	depth := 0
	i := skipSpace(b, 0)
	start = i
	for {
		// A value starts at i.
		if i >= len(b) {
			return 0, 0, eofError(b)
		}
		switch c := b[i]; {
		case c == '{' || c == '[':
			if depth/64 == len(stack) {
				stack = append(stack, 0)
			}
			bit := uint64(1) << (depth % 64)
			stack[depth/64] &^= bit
			if c == '{' {
				stack[depth/64] |= bit
			}
			depth++
			i = skipSpace(b, i+1)
			if i < len(b) && b[i] == c+2 { // '{'+2 == '}', '['+2 == ']'
				depth--
				i++
				break
			}
			if c == '{' {
				if i, err = memberName(b, i); err != nil {
					return 0, 0, err
				}
			}
			continue
		case c == '"':
			if i, err = validString(b, i); err != nil {
				return 0, 0, err
			}
		case c == '-' || '0' <= c && c <= '9':
			j := scanNumber(b, i)
			if j < 0 {
				return 0, 0, numberError(b, -j-1)
			}
			i = j
		case c == 't':
			if i, err = literal(b, i, "true"); err != nil {
				return 0, 0, err
			}
		case c == 'f':
			if i, err = literal(b, i, "false"); err != nil {
				return 0, 0, err
			}
		case c == 'n':
			if i, err = literal(b, i, "null"); err != nil {
				return 0, 0, err
			}
		default:
			return 0, 0, charError(b, i, "looking for beginning of value")
		}
		// A value ended at i: close containers, or find the separator before the next value.
		for {
			if depth == 0 {
				end = i
				if i = skipSpace(b, i); i != len(b) {
					return 0, 0, charError(b, i, "after top-level value")
				}
				return start, end, nil
			}
			i = skipSpace(b, i)
			if i >= len(b) {
				return 0, 0, eofError(b)
			}
			object := stack[(depth-1)/64]>>((depth-1)%64)&1 != 0
			close := byte(']')
			if object {
				close = '}'
			}
			if b[i] == close {
				depth--
				i++
				continue
			}
			if b[i] != ',' {
				if object {
					return 0, 0, charError(b, i, "after object member value")
				}
				return 0, 0, charError(b, i, "after array element")
			}
			i = skipSpace(b, i+1)
			if object {
				if i, err = memberName(b, i); err != nil {
					return 0, 0, err
				}
			}
			break
		}
	}
}

// memberName checks a member name and its colon at b[i:] and returns the index of the value after it.
func memberName(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, eofError(b)
	}
	if b[i] != '"' {
		return 0, charError(b, i, "looking for beginning of object member name")
	}
	i, err := validString(b, i)
	if err != nil {
		return 0, err
	}
	if i = skipSpace(b, i); i >= len(b) {
		return 0, eofError(b)
	}
	if b[i] != ':' {
		return 0, charError(b, i, "after object member name")
	}
	return skipSpace(b, i+1), nil
}

// validString checks the string literal at b[i] and returns the index past it. The kernel's scan
// accepts invalid UTF-8 outside strict mode; the rare literal it does not call plain (escapes or
// invalid bytes) is checked for UTF-8 again, so unpaired surrogate escapes stay allowed.
func validString(b []byte, i int) (int, error) {
	end, plain, kerr := jsonstr.ScanString(b, i, false)
	if kerr != nil {
		return 0, wrapError(kerr)
	}
	if !plain && !utf8.Valid(b[i:end]) {
		j := i
		for j < end {
			r, size := utf8.DecodeRune(b[j:end])
			if r == utf8.RuneError && size == 1 {
				break
			}
			j += size
		}
		return 0, &InvalidUTF8Error{Offset: int64(j)}
	}
	return end, nil
}

// scanNumber returns the index past the JSON number that starts at b[i], or -(k+1) when the byte at
// index k (len(b) at the end) cannot continue it.
func scanNumber[S ~string | ~[]byte](b S, i int) int {
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && '1' <= b[i] && b[i] <= '9':
		i = digits(b, i+1)
	default:
		return -(i + 1)
	}
	if i < len(b) && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			return -(j + 1)
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return -(j + 1)
		}
		i = j
	}
	return i
}

// digits returns the index of the first byte at or after b[i] that is not a decimal digit. The
// conversion of a string to []byte copies nothing here (the kernel neither keeps nor changes it).
func digits[S ~string | ~[]byte](b S, i int) int { return jsonnum.DigitsEnd([]byte(b), i) }

func literal(b []byte, i int, lit string) (int, error) {
	for k := 0; k < len(lit); k++ {
		if i+k >= len(b) {
			return 0, eofError(b)
		}
		if b[i+k] != lit[k] {
			return 0, charError(b, i+k, "in literal "+lit+" (expecting "+quoteChar(lit[k])+")")
		}
	}
	return i + len(lit), nil
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
		i++
	}
	return i
}

func eofError(b []byte) error {
	return &SyntaxError{Offset: int64(len(b)), Msg: "unexpected end of JSON input"}
}

func charError(b []byte, i int, context string) error {
	return &SyntaxError{Offset: int64(i), Msg: "invalid character " + quoteChar(b[i]) + " " + context}
}

func numberError[S ~string | ~[]byte](b S, i int) error {
	if i >= len(b) {
		return &SyntaxError{Offset: int64(i), Msg: "unexpected end of number"}
	}
	return &SyntaxError{Offset: int64(i), Msg: "invalid character " + quoteChar(b[i]) + " in number"}
}

// quoteChar spells a byte for an error message as encoding/json does: 'x', or '\n' style escapes.
func quoteChar(c byte) string {
	switch {
	case c == '\'':
		return `'\''`
	case c == '"':
		return `'"'`
	case c < 0x20 || c >= 0x7f:
		const hex = "0123456789abcdef"
		return `'\x` + string(hex[c>>4]) + string(hex[c&0xF]) + `'`
	}
	return "'" + string(c) + "'"
}
