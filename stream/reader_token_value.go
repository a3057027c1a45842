package stream

import (
	"errors"
	"io"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonread"
)

// ReadValue reads the next value whole, as jsontext.Decoder.ReadValue does: with the ':' or ','
// before it, by the rules of token reading (see reader_token.go), and where a member name is due,
// a string as the name. It returns the value's exact bytes, a view valid until the next call on
// the Reader; at the end of the input between top-level values, nil with Err nil. An array or
// object is checked by the skip walk; from an io.Reader it must fit the token limit.
func (r *Reader) ReadValue() []byte {
	c, ok := r.tokenStart(false)
	if !ok {
		return nil
	}
	switch k := tokenKind(c); k {
	case 'n', 't', 'f':
		if !r.tokLiteral(k) || !r.tokScalarDone() {
			return nil
		}
	case '0':
		if !r.tokNumber() || !r.tokScalarDone() {
			return nil
		}
	case '"':
		end, plain, ok := r.tokString()
		if !ok || !r.tokStringDone(end, plain) {
			return nil
		}
	case '{', '[':
		return r.tokContainer()
	default:
		n := len(r.stack)
		if inObj := n > 0 && r.stack[n-1].obj; inObj && c == ']' || !inObj && c == '}' {
			r.failMismatch(nil)
		} else {
			r.failTok(r.pos, +1, jsonread.BadChar(r.buf[r.pos:], "at start of value"))
		}
		return nil
	}
	return r.buf[r.tokStart:r.pos]
}

// PartialValue returns, after ReadValue failed because its io.Reader did while it read an array or
// object, the bytes of that value that had come, their offset in the input, and the value's JSON
// Pointer (as jsontext names the value about to be read); nil otherwise. jsontext words such an
// error by where in the value it came.
func (r *Reader) PartialValue() (v []byte, offset int64, pointer string) {
	if _, syntax := r.err.(*SyntaxError); r.err == nil || syntax || r.tokStart >= len(r.buf) {
		return nil, 0, ""
	}
	if c := r.buf[r.tokStart]; c != '{' && c != '[' {
		return nil, 0, ""
	}
	return r.buf[r.tokStart:], r.base + int64(r.tokStart), string(r.tokPointer(nil, +1))
}

// tokContainer reads the array or object at r.pos whole for ReadValue.
func (r *Reader) tokContainer() []byte {
	start, state := r.pos, r.state
	if r.src != nil {
		r.pin = start
		r.skip()
		start, r.pin = r.pin, -1
	} else {
		r.skip()
	}
	r.tokStart, r.state = start, state // the skip's token scans move the state
	if r.err != nil {
		r.explainValue(start)
		return nil
	}
	if r.needName() {
		r.failTok(start, +1, jsonread.ErrNonStringName)
		return nil
	}
	r.bufMax = max(r.bufMax, r.pos-start)
	r.tokBegin()
	r.state = stAfter
	return r.buf[start:r.pos]
}

// explainValue replaces the error the skip walk found in the value at buf index start by the
// error jsontext reports there: it walks the value again as jsontext does (stdValue), which
// says what it says and names the member or element that holds the error. A read error, and an
// error jsontext does not have (the token limit), stay.
//
// NOTE: a second walk of the grammar, on the error path only: the skip walk keeps no names or
// indexes, so that it costs nothing on valid input, and its errors are worded for the value
// methods.
func (r *Reader) explainValue(start int) {
	if _, ok := r.err.(*SyntaxError); !ok || start >= len(r.buf) {
		return
	}
	first := r.err
	var n int
	var err error
	for {
		w := stdWalk{b: r.buf[start:], strict: r.opts.StrictStrings, dups: r.opts.RejectDuplicateNames,
			eof: r.eof, maxDepth: r.opts.MaxDepth}
		d := len(r.stack)
		w.outerObj = d > 0 && r.stack[d-1].obj // else an array, or the top level (one to jsontext)
		if n, err = w.value(0, d+1); err != errCut {
			break
		}
		// jsontext looks further than the skip walk did (a surrogate pair's second half): read on
		r.err, r.pin = nil, start
		_, ok := r.more()
		start, r.pin = r.pin, -1
		if !ok {
			if r.err == nil {
				r.err = first
			}
			return
		}
	}
	if err == nil {
		r.err = first
		return
	}
	var suffix []byte
	if s, ok := err.(*suffixError); ok {
		suffix, err = s.rev, s.error
	}
	r.err = nil
	i := start + n
	if err == errMismatch {
		r.pos = i
		r.failMismatch(suffix)
		return
	}
	r.failTok(i, +1, err)
	if e, ok := r.err.(*SyntaxError); ok {
		e.Pointer = string(appendReversed([]byte(e.Pointer), suffix))
	}
}

var (
	errMismatch = jsonread.ErrMismatchDelim
	errCut      = errors.New("the value goes on past the buffer")
)

// A suffixError is an error inside a value, with the pointer from the value to it, token by token
// from the innermost (as the walk returns through the containers).
type suffixError struct {
	error
	rev []byte // "/c/b/a" for /a/b/c
}

// appendReversed appends the pointer whose tokens rev holds from the last to b.
func appendReversed(b, rev []byte) []byte {
	for end := len(rev); end > 0; {
		i := end - 1
		for rev[i] != '/' {
			i--
		}
		b = append(b, rev[i:end]...)
		end = i
	}
	return b
}

func wrapName(err error, name []byte) error {
	s, ok := err.(*suffixError)
	if !ok {
		s = &suffixError{error: err}
	}
	s.rev = appendPointerName(append(s.rev, '/'), name)
	return s
}

func wrapIndex(err error, i int) error {
	s, ok := err.(*suffixError)
	if !ok {
		s = &suffixError{error: err}
	}
	s.rev = strconv.AppendInt(append(s.rev, '/'), int64(i), 10)
	return s
}

// A stdWalk walks a value in b as jsontext's Decoder.ReadValue does, to find the error it reports
// and where (see explainValue). It recurses once per level, within maxDepth.
type stdWalk struct {
	b            []byte
	strict, dups bool
	eof          bool // b holds the rest of the input; else reaching its end is errCut
	maxDepth     int
	outerObj     bool // the innermost container around the value is an object
}

// end returns the error of reaching the end of b.
func (w *stdWalk) end() error {
	if w.eof {
		return io.ErrUnexpectedEOF
	}
	return errCut
}

func (w *stdWalk) space(i int) int {
	for i < len(w.b) && (w.b[i] == ' ' || w.b[i] == '\t' || w.b[i] == '\n' || w.b[i] == '\r') {
		i++
	}
	return i
}

// value walks the value at b[i], at depth (1 for a top-level value), and returns the index after
// it, or where the error is and the error.
func (w *stdWalk) value(i, depth int) (int, error) {
	switch k := tokenKind(w.b[i]); k {
	case 'n', 't', 'f':
		lit := literalOf(k)
		for j := range len(lit) {
			if i+j >= len(w.b) {
				return len(w.b), w.end()
			}
			if w.b[i+j] != lit[j] {
				expecting := " (expecting " + strconv.QuoteRune(rune(lit[j])) + ")"
				return i + j, jsonread.BadChar(w.b[i+j:], "in literal "+lit+expecting)
			}
		}
		return i + len(lit), nil
	case '0':
		end, ok := jsonnum.Prefix(w.b, i)
		switch {
		case end == len(w.b) && !w.eof:
			return end, errCut
		case ok:
			return end, nil
		case end >= len(w.b):
			return i, io.ErrUnexpectedEOF
		}
		return end, jsonread.BadChar(w.b[end:], "in number (expecting digit)")
	case '"':
		n, err := stdString(w.b[i:], w.strict)
		if err == io.ErrUnexpectedEOF && !w.eof {
			err = errCut
		}
		return i + n, err
	case '{', '[':
		if depth == w.maxDepth+1 {
			return i, jsonread.ErrMaxDepth
		}
		if k == '{' {
			return w.object(i+1, depth+1)
		}
		return w.array(i+1, depth+1)
	}
	return i, jsonread.BadChar(w.b[i:], "at start of value")
}

func (w *stdWalk) object(i, depth int) (int, error) {
	var names map[string]bool
	if w.dups {
		names = map[string]bool{}
	}
	if i = w.space(i); i >= len(w.b) {
		return i, w.end()
	}
	if w.b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i = w.space(i); i >= len(w.b) {
			return i, w.end()
		}
		n, err := stdString(w.b[i:], w.strict)
		if err != nil {
			if err == io.ErrUnexpectedEOF && !w.eof {
				err = errCut
			}
			return i + n, err
		}
		name, _ := AppendUnquote(nil, w.b[i:i+n])
		if names != nil {
			if names[string(name)] {
				return i, wrapName(jsonread.ErrDuplicateName, name)
			}
			names[string(name)] = true
		}
		if i = w.space(i + n); i >= len(w.b) {
			return i, wrapName(w.end(), name)
		}
		if w.b[i] != ':' {
			return i, wrapName(jsonread.BadChar(w.b[i:], "after object name (expecting ':')"), name)
		}
		if i = w.space(i + 1); i >= len(w.b) {
			return i, wrapName(w.end(), name)
		}
		if i, err = w.element(i, depth); err != nil {
			return i, wrapName(err, name)
		}
		if i = w.space(i); i >= len(w.b) {
			return i, w.end()
		}
		switch w.b[i] {
		case ',':
			i++
		case '}':
			return i + 1, nil
		default:
			return i, jsonread.BadChar(w.b[i:], "after object value (expecting ',' or '}')")
		}
	}
}

func (w *stdWalk) array(i, depth int) (int, error) {
	if i = w.space(i); i >= len(w.b) {
		return i, w.end()
	}
	if w.b[i] == ']' {
		return i + 1, nil
	}
	for idx := 0; ; idx++ {
		if i = w.space(i); i >= len(w.b) {
			return i, w.end()
		}
		var err error
		if i, err = w.element(i, depth); err != nil {
			return i, wrapIndex(err, idx)
		}
		if i = w.space(i); i >= len(w.b) {
			return i, w.end()
		}
		switch w.b[i] {
		case ',':
			i++
		case ']':
			return i + 1, nil
		default:
			return i, jsonread.BadChar(w.b[i:], "after array element (expecting ',' or ']')")
		}
	}
}

// element is value for a member's value or an element: a '}' or ']' where the value should begin
// is a mismatch by the innermost container around the whole value, as jsontext has it.
func (w *stdWalk) element(i, depth int) (int, error) {
	if c := w.b[i]; w.outerObj && c == ']' || !w.outerObj && c == '}' {
		return i, errMismatch
	}
	return w.value(i, depth)
}

// stdString checks the string literal that begins b as jsontext does, and returns the index after
// it, or where the error is and the error (io.ErrUnexpectedEOF at the end of b).
func stdString(b []byte, strict bool) (int, error) {
	if len(b) == 0 {
		return 0, io.ErrUnexpectedEOF
	}
	if b[0] != '"' {
		return 0, jsonread.BadChar(b, `at start of string (expecting '"')`)
	}
	n := 1
	for {
		for n < len(b) && b[n] >= ' ' && b[n] < utf8.RuneSelf && b[n] != '\\' && b[n] != '"' {
			n++
		}
		if n >= len(b) {
			return n, io.ErrUnexpectedEOF
		}
		if b[n] == '"' {
			return n + 1, nil
		}
		switch c, size := utf8.DecodeRune(b[n:]); {
		case size > 1:
			n += size
		case c == '\\':
			esc := n
			if len(b) < n+2 {
				return esc, io.ErrUnexpectedEOF
			}
			switch b[n+1] {
			case '/', '"', '\\', 'b', 'f', 'n', 'r', 't':
				n += 2
			case 'u':
				if len(b) < n+6 {
					if jsonread.MayBeEscape(b[n:], false) {
						return esc, io.ErrUnexpectedEOF
					}
					return n, jsonread.BadEscape(b[n:])
				}
				v1, ok := jsonread.Hex4(b[n+2 : n+6])
				if !ok {
					return n, jsonread.BadEscape(b[n : n+6])
				}
				n += 6
				if !strict || !utf16.IsSurrogate(rune(v1)) {
					continue
				}
				if len(b) < n+6 {
					if jsonread.MayBeEscape(b[n:], true) {
						return esc, io.ErrUnexpectedEOF
					}
					return n - 6, jsonread.BadEscape(b[n-6:])
				}
				v2, ok := jsonread.Hex4(b[n+2 : n+6])
				if b[n] != '\\' || b[n+1] != 'u' || !ok || utf16.DecodeRune(rune(v1), rune(v2)) == utf8.RuneError {
					return n - 6, jsonread.BadEscape(b[n-6 : n+6])
				}
				n += 6
			default:
				return n, jsonread.BadEscape(b[n : n+2])
			}
		case c == utf8.RuneError:
			if !utf8.FullRune(b[n:]) {
				return n, io.ErrUnexpectedEOF
			}
			if strict {
				return n, jsonread.ErrInvalidUTF8
			}
			n++
		default: // a control character
			return n, jsonread.BadChar(b[n:], "in string (expecting non-control character)")
		}
	}
}
