package jsontext

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonexport"
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/jsonstr"
)

func init() {
	jsonexport.ReadErrorWithin = func(v []byte, ptr string, offset int64, err error) error {
		return readErrorWithin(v, Pointer(ptr), offset, err)
	}
}

// readErrorWithin returns the error of a ReadValue whose io.Reader fails, with err (the read
// error), after v, the front of an object or array at ptr and offset that
// it reads whole. Its containers add to the place of an error inside a member (from its name
// on) or element (from its first byte), not between them: the error is err itself where v ends
// between the members or elements of its outermost container, else a SyntacticError around it
// whose pointer names the members and elements v ends inside, at the start of the number or
// string cut off, or else at the end of v. v holds no syntax error.
func readErrorWithin(v []byte, ptr Pointer, offset int64, err error) error {
	at := len(v)
	type level struct {
		obj  bool
		name string
		idx  int
		in   bool // inside a member (after its name) or an element
	}
	var stack []level
	top := func() *level { return &stack[len(stack)-1] }
scan:
	for i := 0; ; {
		if i = jsonstr.SpaceEnd(v, i); i == len(v) {
			break
		}
		switch b := v[i]; b {
		case '{', '[':
			if len(stack) > 0 {
				top().in = true
			}
			stack = append(stack, level{obj: b == '{'})
			i++
		case '}', ']':
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				break scan
			}
			top().in = false
			i++
		case ',':
			if l := top(); !l.obj {
				l.idx++
			}
			i++
		case ':':
			i++
		case '"':
			end, _ := jsonstr.SkipString(v, i)
			l := top()
			if end == 0 { // cut off (v holds no bad string)
				if !l.obj || l.in {
					l.in, at = true, cutStringEnd(v, i) // a string value begun
				}
				break scan
			}
			if l.obj && !l.in {
				name, _ := AppendUnquote(nil, v[i:end])
				l.name, l.in = string(name), true
			} else {
				l.in = false
			}
			i = end
		default: // a number or literal name: whole unless it reaches the end (a number might go on)
			n := i
			for n < len(v) && !jsonread.IsSpace(v[n]) && !strings.ContainsRune(",:]}", rune(v[n])) {
				n++
			}
			lit := string(v[i:n])
			if top().in = n == len(v) && lit != "true" && lit != "false" && lit != "null"; top().in {
				at = i // a number: jsontext reads it again from its start
				if c := v[i]; c == 't' || c == 'f' || c == 'n' {
					at = n // a literal name: from where it stopped
				}
			}
			i = n
		}
	}
	p, inside := ptr, false
	for _, l := range stack {
		if !l.in {
			break
		}
		if l.obj {
			p = p.AppendToken(l.name)
		} else {
			p = p.AppendToken(strconv.Itoa(l.idx))
		}
		inside = true
	}
	if !inside {
		return err
	}
	return &SyntacticError{ByteOffset: offset + int64(at), JSONPointer: p, Err: err}
}

// cutStringEnd returns where jsontext stops in the string literal at v[i] that v cuts short: at the
// end of v, or at the start of an escape or UTF-8 character that v cuts.
func cutStringEnd(v []byte, i int) int {
	j := i + 1
	for j < len(v) {
		switch c := v[j]; {
		case c == '\\':
			n := 2
			if j+1 < len(v) && v[j+1] == 'u' {
				n = 6
			}
			if j+n > len(v) {
				return j
			}
			j += n
		case c < utf8.RuneSelf:
			j++
		default:
			if !utf8.FullRune(v[j:]) {
				return j
			}
			_, n := utf8.DecodeRune(v[j:])
			j += n
		}
	}
	return j
}
