package stream

import (
	"strconv"
	"strings"
)

// A PointerError reports a string that is not a JSON Pointer (RFC 6901): one that is neither
// empty nor begins with '/', or holds a '~' not followed by '0' or '1'.
type PointerError struct {
	Pointer string // the string given
	Offset  int    // where in it the fault is
}

func (e *PointerError) Error() string {
	if e.Offset == 0 {
		return "stride: JSON Pointer " + strconv.Quote(e.Pointer) + " does not begin with '/'"
	}
	return "stride: JSON Pointer " + strconv.Quote(e.Pointer) + ": '~' not followed by '0' or '1' at offset " + strconv.Itoa(e.Offset)
}

// A NotFoundError reports that a document holds no value at a JSON Pointer: a member or element it
// names is not there, or a value on the way is not an object or array.
type NotFoundError struct {
	Pointer string
}

func (e *NotFoundError) Error() string {
	return "stride: no value at JSON Pointer " + strconv.Quote(e.Pointer)
}

// checkPointer returns a *PointerError if p is not a JSON Pointer, else nil.
func checkPointer(p string) error {
	if p != "" && p[0] != '/' {
		return &PointerError{Pointer: p}
	}
	for i := strings.IndexByte(p, '~'); i >= 0; {
		if i+1 >= len(p) || p[i+1] != '0' && p[i+1] != '1' {
			return &PointerError{Pointer: p, Offset: i}
		}
		j := strings.IndexByte(p[i+2:], '~')
		if j < 0 {
			break
		}
		i += 2 + j
	}
	return nil
}

// nextToken splits p, a checked JSON Pointer other than "", into its first reference token, as
// written (escaped), and the rest of the pointer.
func nextToken(p string) (tok, rest string) {
	p = p[1:]
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i], p[i:]
	}
	return p, ""
}

// tokenIs reports whether name is the reference token tok, escaped as written in a checked
// pointer ("~0" for '~', "~1" for '/'), unescaped.
func tokenIs(name []byte, tok string) bool {
	if strings.IndexByte(tok, '~') < 0 {
		return string(name) == tok
	}
	i := 0
	for j := 0; j < len(tok); j++ {
		c := tok[j]
		if c == '~' {
			j++
			c = '~'
			if tok[j] == '1' {
				c = '/'
			}
		}
		if i >= len(name) || name[i] != c {
			return false
		}
		i++
	}
	return i == len(name)
}

// unescapeToken returns the reference token tok, escaped as written in a checked pointer,
// unescaped.
func unescapeToken(tok string) string {
	if strings.IndexByte(tok, '~') < 0 {
		return tok
	}
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
}

// arrayIndex returns the array index the reference token tok names, or -1 for none: RFC 6901
// allows "0" and digits without a leading zero ("-", the element after the last, is never there).
func arrayIndex(tok string) int {
	if tok == "" || len(tok) > 1 && tok[0] == '0' || len(tok) > 18 {
		return -1
	}
	n := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}
