package stream

import (
	"errors"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/jsonstr"
)

// Token reading: the Reader token by token, as encoding/json/v2's jsontext.Decoder reads, for the
// jsontext package of this module and for callers who want tokens rather than values. It runs on
// the Reader's buffer, refill, stack, names, scans and skip walk.
//
// Its rules are jsontext's, which differ from the value methods' in three ways. The ':' after a
// name and the ',' after a value are read with the token that follows them, so an error there is
// reported by the next call. A literal or number ends where its grammar does, whatever follows
// ("truex" is true, then an error at 'x'; "01" is 0, then 1, at the top level). And errors say
// what jsontext says: a *SyntaxError whose Msg is jsontext's text, whose Err is its cause where
// there is one (io.ErrUnexpectedEOF, or one of internal/jsonread's: a duplicate name, a name that
// is not a string, invalid UTF-8, a missing value, the depth limit), and whose Pointer follows
// jsontext's rules for that error.

// tokenKind is the kind of the token that c begins, as ReadToken returns it ('0' for a number),
// or 0.
//
// NOTE: a table, not tokenKindOf's switch: the grammar check before each token asks it, and a
// switch on the kinds of a document's tokens, which follow no pattern, is a mispredicted branch
// more per token.
func tokenKind(c byte) byte { return tokenKinds[c] }

var tokenKinds = func() (t [256]byte) {
	for c := range t {
		t[c] = tokenKindOf(byte(c))
	}
	return t
}()

func tokenKindOf(c byte) byte {
	switch c {
	case 'n', 't', 'f', '"', '{', '}', '[', ']':
		return c
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return '0'
	}
	return 0
}

// ReadToken reads the next token: a literal, string, number or member name whole, or one of '{',
// '}', '[' and ']'. It returns the token's kind (its first byte, '0' for a number) and its JSON
// text, a view valid until the next call on the Reader. Between top-level values at the end of the
// input it returns 0 and Err stays nil; after an error it returns 0. See the rules above.
func (r *Reader) ReadToken() (kind byte, text []byte) {
	// The start of tokenStart, where no white space comes before the token or its delimiter
	// (most tokens; in an indented document, all but the first of a container and the closing
	// delimiter); tokenStartFast and tokenStartCold do the rest. White space is of kind 0.
	var c byte
	if b, i := r.buf, r.pos; r.err == nil && i+1 < len(b) {
		c = b[i]
		delim := byte(0)
		if c == ',' || c == ':' {
			delim, i = c, i+1
			if c = b[i]; c <= ' ' {
				if i = jsonstr.SpaceEnd(b, i); i < len(b) {
					c = b[i]
				} // else c is white space, of kind 0, and tokenStartFast reads on
			}
		}
		if k := tokenKind(c); k != 0 && r.needDelim(k) == delim {
			r.pos, r.tokStart = i, i
		} else {
			c = 0
		}
	}
	if c == 0 {
		if c = r.tokenStartFast(); c == 0 {
			var ok bool
			if c, ok = r.tokenStartCold(false); !ok {
				return 0, nil
			}
		}
	}
	// NOTE: the common tokens are read here, not by the functions below, which do the same with
	// the refills and errors: a call each for the literal, the count and the check that it is
	// not where a name is due made reading a document's tokens some 15% slower.
	b, i, n := r.buf, r.pos, len(r.stack)
	switch c {
	case 'n', 't', 'f':
		if m := literalAt(b, i, c); m > 0 && r.scalarBegun(n) {
			r.pos, r.state = i+m, stAfter
			return c, b[i : i+m]
		}
		if !r.tokLiteral(c) || !r.tokScalarDone() {
			return 0, nil
		}
		return c, r.buf[r.tokStart:r.pos]
	case '"':
		// NOTE: most names and string values are plain ASCII of up to 15 bytes, whose closing
		// quote is in the two words after the opening one; tokString's calls cost as much as
		// the scan.
		if i+17 <= len(b) {
			m, at := jsonstr.Stops(jsonstr.Load64(b, i+1)), i+2
			if m == 0 {
				m, at = jsonstr.Stops(jsonstr.Load64(b, i+9)), i+10
			}
			if m != 0 {
				if end := at + jsonstr.FirstLane(m); b[end-1] == '"' {
					r.bufMax = max(r.bufMax, end-i)
					if !r.tokStringDone(end, true) {
						return 0, nil
					}
					r.tokPlain = true
					return '"', b[i:end]
				}
			}
		}
		end, plain, ok := r.tokString()
		if !ok || !r.tokStringDone(end, plain) {
			return 0, nil
		}
		r.tokPlain = plain
		return '"', r.buf[r.tokStart:r.pos]
	case '}', ']':
		if n > 0 && r.stack[n-1].obj == (c == '}') && r.state != stName {
			r.pos = i + 1
			r.close()
			return c, r.buf[i : i+1]
		}
		if !r.tokClose(c) {
			return 0, nil
		}
		return c, r.buf[r.pos-1 : r.pos]
	case '{', '[':
		if !r.tokOpen(c) {
			return 0, nil
		}
		return c, r.buf[r.pos-1 : r.pos]
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		// A number that ends before the end of the buffer (else more may follow it).
		end := jsonnum.ShortEnd(b, i)
		ok := end > 0
		if !ok {
			end, ok = jsonnum.Prefix(b, i)
		}
		if ok && end < len(b) && r.scalarBegun(n) {
			r.bufMax = max(r.bufMax, end-i)
			r.pos, r.state = end, stAfter
			return '0', b[i:end]
		}
		if !r.tokNumber() || !r.tokScalarDone() {
			return 0, nil
		}
		return '0', r.buf[r.tokStart:r.pos]
	}
	r.failTok(r.pos, +1, jsonread.BadChar(r.buf[r.pos:], "at start of value"))
	return 0, nil
}

// TokenPlain reports, after ReadToken has read a string or member name, whether it was plain:
// without escape sequences and invalid UTF-8, so that the text between its quotes is its value.
func (r *Reader) TokenPlain() bool { return r.tokPlain }

// PeekToken returns the kind of the next token, as ReadToken would return it, without reading it:
// 0 at the end of the input between top-level values, or when reading it would fail (the next call
// that reads reports the error).
func (r *Reader) PeekToken() byte {
	c, ok := r.tokenStart(true)
	if !ok {
		return 0
	}
	return tokenKind(c)
}

// tokenStart skips the white space and the ':' or ',' before the next token, checks that the
// grammar wants that delimiter (or none) before that token, and returns the token's first byte,
// with r.pos on it and r.tokStart the same. At the end of the input it reports false, with an error
// unless a top-level value may end there. With peek it reads nothing: r.pos goes back to where it
// was, and the bytes from there stay in the buffer.
func (r *Reader) tokenStart(peek bool) (byte, bool) {
	if !peek {
		if c := r.tokenStartFast(); c != 0 {
			return c, true
		}
	}
	return r.tokenStartCold(peek)
}

// tokenStartCold is tokenStart without its fast path, for a caller that has tried it.
func (r *Reader) tokenStartCold(peek bool) (byte, bool) {
	if r.err != nil {
		return 0, false
	}
	if peek {
		r.pin = r.pos
	}
	c, ok := r.tokenStartSlow()
	if peek {
		r.pos, r.pin = r.pin, -1
	}
	r.tokStart = r.pos
	return c, ok
}

// tokenStartFast is tokenStart (not peeking) in the common case: the token, or its delimiter and
// the token, with or without white space around the delimiter, in the buffer. Otherwise it returns
// 0 and changes nothing.
func (r *Reader) tokenStartFast() byte {
	b, i := r.buf, r.pos
	if r.err != nil || i >= len(b) {
		return 0
	}
	c, delim := b[i], byte(0)
	if c <= ' ' {
		if i = jsonstr.SpaceEnd(b, i); i >= len(b) {
			return 0
		}
		c = b[i]
	}
	if c == ',' || c == ':' {
		if delim, i = c, i+1; i >= len(b) {
			return 0
		}
		if c = b[i]; c <= ' ' {
			if i = jsonstr.SpaceEnd(b, i); i >= len(b) {
				return 0
			}
			c = b[i]
		}
	}
	// The kind is 0 for white space and delimiters, which the slow path reports.
	if k := tokenKind(c); k != 0 && r.needDelim(k) == delim {
		r.pos, r.tokStart = i, i
		return c
	}
	return 0
}

func (r *Reader) tokenStartSlow() (byte, bool) {
	c := r.ws()
	if c == 0 && r.pos >= len(r.buf) {
		if r.err == nil && len(r.stack) > 0 {
			r.failTok(r.pos, 0, io.ErrUnexpectedEOF)
		}
		return 0, false
	}
	if c != ':' && c != ',' {
		if r.needDelim(tokenKind(c)) != 0 {
			r.failDelim(r.pos, tokenKind(c))
			return 0, false
		}
		return c, true
	}
	// A delimiter: an error after it is reported at it, so it stays in the buffer (pinned here,
	// or by PeekToken before it).
	pinned := r.pin < 0
	if pinned {
		r.pin = r.pos
	}
	from, delim := r.base+int64(r.pos), c
	r.pos++
	c = r.ws()
	if pinned {
		r.pin = -1
	}
	i := int(from - r.base)
	switch {
	case c == 0 && r.pos >= len(r.buf):
		_, syntax := r.err.(*SyntaxError)
		switch {
		case r.needDelim('"') != delim && (r.err == nil || !syntax):
			// A delimiter wrong before any token (a string fits wherever one may come) is the
			// error, before the end of the input or a read that failed, as jsontext has it.
			r.err = nil
			r.failDelim(i, '"')
		case r.err == nil:
			r.failTok(r.pos, 0, io.ErrUnexpectedEOF)
		}
		return 0, false
	case r.needDelim(tokenKind(c)) != delim:
		r.failDelim(i, tokenKind(c))
		return 0, false
	}
	return c, true
}

// needDelim returns the delimiter the grammar wants before a token of kind next: ':' after a name,
// ',' after a value inside a container unless the container ends, or 0.
//
// NOTE: from a table by state and whether next ends a container, not a switch on the state, for
// the reason tokenKind gives.
func (r *Reader) needDelim(next byte) byte {
	if len(r.stack) == 0 {
		return 0
	}
	return delimsDue[r.state&3][closesAt[next]]
}

var (
	// delimsDue is the delimiter due before a token inside a container, by state and by whether the
	// token ends the container.
	delimsDue = [4][2]byte{stName: {':', ':'}, stAfter: {',', 0}}
	// closesAt is 1 for the kinds of token that end a container.
	closesAt = [256]uint8{'}': 1, ']': 1}
)

// failDelim reports the byte at buf index i, after which a token of kind next does not fit: a
// delimiter the grammar does not want there, or the wrong one, or none where one is due.
func (r *Reader) failDelim(i int, next byte) {
	where := "at start of value"
	switch r.needDelim(next) {
	case ':':
		where = "after object name (expecting ':')"
	case ',':
		if r.stack[len(r.stack)-1].obj {
			where = "after object value (expecting ',' or '}')"
		} else {
			where = "after array element (expecting ',' or ']')"
		}
	}
	r.failTok(i, 0, jsonread.BadChar(r.buf[i:], where))
}

// needName reports whether the next token must be a member name.
func (r *Reader) needName() bool {
	n := len(r.stack)
	return n > 0 && r.stack[n-1].obj && r.state != stName
}

// tokLiteral reads the literal (null, true or false) that starts with k at r.pos; unlike literal,
// it does not look at the byte after it.
func (r *Reader) tokLiteral(k byte) bool {
	lit := literalOf(k)
	if s := r.buf[r.pos:]; len(s) >= len(lit) && string(s[:len(lit)]) == lit {
		r.tokStart = r.pos
		r.pos += len(lit)
		return true
	}
	return r.tokLiteralSlow(lit)
}

// tokLiteralSlow is tokLiteral where the literal is not whole in the buffer, or wrong.
func (r *Reader) tokLiteralSlow(lit string) bool {
	// More is read only while what has come is the literal's start: a wrong byte is the error
	// before a read that might fail, as jsontext has it.
	for n := len(r.buf) - r.pos; n < len(lit) && string(r.buf[r.pos:]) == lit[:n]; n = len(r.buf) - r.pos {
		if _, ok := r.more(); !ok {
			break
		}
	}
	if _, syntax := r.err.(*SyntaxError); r.err != nil && (syntax || string(r.buf[r.pos:]) == lit[:min(len(lit), len(r.buf)-r.pos)]) {
		return false
	}
	r.err = nil // a read that failed after a wrong byte: the byte is the error
	r.tokStart = r.pos
	s := r.buf[r.pos:]
	for i := range len(lit) {
		if i >= len(s) {
			r.failTok(len(r.buf), +1, io.ErrUnexpectedEOF)
			return false
		}
		if s[i] != lit[i] {
			expecting := " (expecting " + strconv.QuoteRune(rune(lit[i])) + ")"
			r.failTok(r.pos+i, +1, jsonread.BadChar(s[i:], "in literal "+lit+expecting))
			return false
		}
	}
	r.pos += len(lit)
	return true
}

// literalAt returns the length of the literal that begins with c at b[i], or 0 when it is not
// there whole: its last four letters are compared as one word (its first is c), found by tables
// rather than by a switch on c (see tokenKind).
func literalAt(b []byte, i int, c byte) int {
	m := int(literalLens[c])
	if m == 0 || i+m > len(b) || jsonstr.Load32(b, i+m-4) != literalWords[c] {
		return 0
	}
	return m
}

var literalLens, literalWords = func() (lens [256]uint8, words [256]uint32) {
	for _, lit := range []string{"null", "true", "false"} {
		lens[lit[0]] = uint8(len(lit))
		words[lit[0]] = jsonstr.Load32([]byte(lit), len(lit)-4)
	}
	return
}()

// literalOf returns the literal that begins with k ('n', 't' or 'f').
func literalOf(k byte) string {
	switch k {
	case 't':
		return "true"
	case 'f':
		return "false"
	}
	return "null"
}

// tokNumber reads the number at r.pos; it ends where the grammar does (jsonnum.Prefix).
func (r *Reader) tokNumber() bool {
	end, ok := jsonnum.Prefix(r.buf, r.pos)
	if end == len(r.buf) && !r.eof {
		if !r.moreNumber() {
			return false
		}
		end, ok = jsonnum.Prefix(r.buf, r.pos)
	}
	r.tokStart = r.pos
	if !ok {
		if end >= len(r.buf) {
			r.failTok(r.pos, +1, io.ErrUnexpectedEOF) // jsontext reports the number's start
		} else {
			r.failTok(end, +1, jsonread.BadChar(r.buf[end:], "in number (expecting digit)"))
		}
		return false
	}
	r.bufMax = max(r.bufMax, end-r.pos)
	r.pos = end
	return true
}

// tokString finds the string literal at r.pos and returns its end, whether it is plain, and ok.
// On an error it works out jsontext's (stdString).
func (r *Reader) tokString() (end int, plain, ok bool) {
	end, from := plainEnd(r.buf, r.pos)
	if end > 0 { // short and plain: read a word at a time
		r.tokStart = r.pos
		r.bufMax = max(r.bufMax, end-r.pos)
		return end, true, true
	}
	plainBefore := true
	for {
		end, resume, plain, e := jsonstr.ScanStringFrom(r.buf, from, plainBefore, r.opts.StrictStrings, r.eof)
		if e != nil {
			r.failStdString(e)
			return 0, false, false
		}
		if end >= 0 {
			r.tokStart = r.pos
			r.bufMax = max(r.bufMax, end-r.pos)
			return end, plain, true
		}
		shift, ok := r.more()
		if !ok && r.err != nil {
			// A read failed: what has come of the literal may be wrong already (an escape's
			// digits cut short), which jsontext reports before the read.
			if n, err := stdString(r.buf[r.pos:], r.opts.StrictStrings); err != nil && err != io.ErrUnexpectedEOF {
				r.err = nil
				r.tokStart = r.pos
				r.failTok(r.pos+n, +1, err)
			}
			return 0, false, false
		}
		from, plainBefore = resume-shift, plain
	}
}

// failStdString reports jsontext's error for the string literal at r.pos, in which the kernel
// found error e. jsontext may look further than the kernel (for the second half of a surrogate
// pair), so it reads on as jsontext would.
func (r *Reader) failStdString(e *jsonstr.Error) {
	for {
		n, err := stdString(r.buf[r.pos:], r.opts.StrictStrings)
		if err == io.ErrUnexpectedEOF && !r.eof {
			if _, ok := r.more(); ok {
				continue
			}
			if r.err != nil {
				return // a read error
			}
			continue // the end of the input: now final
		}
		if err == nil { // the kernel and jsontext disagree: report the kernel's error
			n, err = e.Offset-r.pos, errors.New(kernelMsg(e))
		}
		r.tokStart = r.pos
		r.failTok(r.pos+n, +1, err)
		return
	}
}

// tokScalarDone counts the literal or number that began at r.tokStart and ends at r.pos as a value
// of the container around it; where a name is due it is an error.
func (r *Reader) tokScalarDone() bool {
	if n := len(r.stack); n > 0 {
		if f := &r.stack[n-1]; !f.obj {
			f.n++
		} else if r.state != stName {
			r.failNonStringName()
			return false
		}
	}
	r.state = stAfter
	return true
}

// failNonStringName reports the token at r.tokStart, where a member name is due.
func (r *Reader) failNonStringName() { r.failTok(r.tokStart, +1, jsonread.ErrNonStringName) }

// scalarBegun counts a literal or number begun in the innermost of the n open containers, where
// it may begin, and reports false where a member name is due instead (the slow path reports it,
// counting nothing).
func (r *Reader) scalarBegun(n int) bool {
	switch f := r.innermost(n); {
	case f == nil:
	case !f.obj:
		f.n++
	case r.state != stName:
		return false
	}
	return true
}

// innermost returns the frame of the innermost of the n open containers, or nil.
func (r *Reader) innermost(n int) *frame {
	if n == 0 {
		return nil
	}
	return &r.stack[n-1]
}

// tokBegin counts a value begun inside an array.
func (r *Reader) tokBegin() {
	if n := len(r.stack); n > 0 && !r.stack[n-1].obj {
		r.stack[n-1].n++
	}
}

// tokStringDone counts the string literal r.buf[r.tokStart:end] as a value, or as the name of the
// next member (decoded into the frame, and checked against the object's other names).
func (r *Reader) tokStringDone(end int, plain bool) bool {
	if !r.needName() {
		r.pos = end
		r.tokBegin()
		r.state = stAfter
		return true
	}
	f := &r.stack[len(r.stack)-1]
	r.names = r.names[:f.nameOff]
	start := r.tokStart
	switch {
	case plain && r.src == nil:
		f.name = r.buf[start+1 : end-1]
	case plain && r.opts.RejectDuplicateNames:
		// The object's set keeps a copy of the name, which is then the frame's: valid while
		// the object is open, as the set is reset only for the next object at its depth.
		set := &r.dups[len(r.stack)-1]
		if set.Add(r.buf[start+1 : end-1]) {
			r.failDup(start, r.buf[start+1:end-1])
			return false
		}
		f.name = set.Name(set.Len() - 1)
		f.n++
		r.pos = end
		r.state = stName
		return true
	case plain:
		r.names = append(r.names, r.buf[start+1:end-1]...)
		f.name = r.names[f.nameOff:]
	default:
		r.names = r.decode(r.names, start, end)
		f.name = r.names[f.nameOff:]
	}
	if r.opts.RejectDuplicateNames && r.dups[len(r.stack)-1].Add(f.name) {
		r.failDup(start, f.name)
		return false
	}
	f.n++
	r.pos = end
	r.state = stName
	return true
}

// failDup reports the name, a duplicate, whose literal begins at buf index i: the pointer names
// the member.
func (r *Reader) failDup(i int, name []byte) {
	r.failTok(i, +1, jsonread.ErrDuplicateName)
	if e, ok := r.err.(*SyntaxError); ok {
		e.Pointer = string(appendPointerName(append([]byte(e.Pointer), '/'), name))
	}
}

// tokOpen reads '{' or '['.
func (r *Reader) tokOpen(k byte) bool {
	switch {
	case r.needName():
		r.failTok(r.pos, +1, jsonread.ErrNonStringName)
		return false
	case len(r.stack) >= r.opts.MaxDepth:
		r.failTok(r.pos, +1, jsonread.ErrMaxDepth)
		return false
	}
	r.tokBegin()
	r.push(k == '{')
	r.pos++
	r.state = stOpen
	return true
}

// tokClose reads '}' or ']'.
func (r *Reader) tokClose(k byte) bool {
	n := len(r.stack)
	if n == 0 || r.stack[n-1].obj != (k == '}') {
		r.failMismatch(nil)
		return false
	}
	if r.state == stName { // "name": }
		r.failTok(r.pos, +1, jsonread.ErrMissingValue)
		return false
	}
	r.pos++
	r.close()
	return true
}

// failMismatch reports a '}' or ']' at r.pos that does not close the innermost container, or (with
// a suffix, the reversed pointer from a value ReadValue reads to the byte) a container inside it.
// Where a delimiter was due, the pointer names the container, as jsontext has it.
func (r *Reader) failMismatch(suffix []byte) {
	where := "at start of value"
	n := len(r.stack)
	parent := false
	if n > 0 && r.tokLength(n-1) > 0 {
		parent = true
		if r.stack[n-1].obj {
			where = "after object value (expecting ',' or '}')"
		} else {
			where = "after array element (expecting ',' or ']')"
		}
	}
	r.failTok(r.pos, +1, jsonread.BadChar(r.buf[r.pos:], where))
	if e, ok := r.err.(*SyntaxError); ok {
		e.Pointer = string(appendReversed([]byte(e.Pointer), suffix))
		if parent {
			e.Pointer = parentPointer(e.Pointer)
		}
	}
}

// parentPointer drops the last token of the JSON Pointer p.
func parentPointer(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return p[:i]
		}
	}
	return ""
}

// tokLength returns what jsontext counts in the open container at stack index i: its elements,
// or its members' names and values (each one).
func (r *Reader) tokLength(i int) int64 {
	f := r.stack[i]
	if !f.obj {
		return int64(f.n)
	}
	if i == len(r.stack)-1 && r.state == stName {
		return int64(2*f.n - 1)
	}
	return int64(2 * f.n)
}

// TokenStack reports the open container at depth i (1 to Depth): whether it is an object, and how
// many of its tokens have been read, as jsontext.Decoder.StackIndex counts them (an object's
// names and values each count).
func (r *Reader) TokenStack(i int) (obj bool, length int64) {
	if i < 1 || i > len(r.stack) {
		return false, 0
	}
	return r.stack[i-1].obj, r.tokLength(i - 1)
}

// TokenPointer returns the JSON Pointer of the value (or name) ReadToken or ReadValue read last, as
// jsontext.Decoder.StackPointer has it.
func (r *Reader) TokenPointer() string { return string(r.tokPointer(nil, -1)) }

// tokPointer appends the JSON Pointer that jsontext puts on an error, or (where < 0) on the token
// read last: where 0 names the container where a delimiter is expected (and the member after its
// name); where > 0 names the value expected next (the container where a name is expected).
func (r *Reader) tokPointer(b []byte, where int) []byte {
	for i, f := range r.stack {
		length := r.tokLength(i)
		index := length - 1
		if i == len(r.stack)-1 {
			needValue := f.obj && r.state == stName
			switch {
			case where < 0 && length == 0, where == 0 && !needValue, where > 0 && f.obj && !needValue:
				return b
			case where > 0 && !f.obj:
				index = length
			}
		}
		b = append(b, '/')
		if f.obj {
			b = appendPointerName(b, f.name)
		} else {
			b = strconv.AppendInt(b, index, 10)
		}
	}
	return b
}

// appendPointerName appends name as a JSON Pointer token ('~' and '/' escaped, invalid UTF-8 as
// U+FFFD).
func appendPointerName(b, name []byte) []byte {
	for _, c := range string(name) {
		switch c {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = utf8.AppendRune(b, c)
		}
	}
	return b
}

// failTok records err at buf index i as jsontext reports it, with the pointer tokPointer gives
// for where.
func (r *Reader) failTok(i int, where int, err error) {
	if r.err != nil {
		return
	}
	e := r.syntaxError(i, err.Error(), "", err)
	e.Pointer = string(r.tokPointer(nil, where))
	r.err = e
}
