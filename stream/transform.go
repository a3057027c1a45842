package stream

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"
)

// An Edit is one change Transform makes to each top-level value it copies: the value at Pointer
// (RFC 6901) is replaced by Value, a JSON value, or, with Value nil, the member or element there
// is deleted. A replaced member that is not there is added at the end of its object, and an
// element one past the end of its array (or at "-") is appended.
type Edit struct {
	Pointer string
	Value   []byte
}

// Transform copies the JSON text src holds (one or more top-level values, as NDJSON has them) to
// w, byte for byte but for the edits, and reports the first error: a *PointerError or a
// *SyntaxError for an edit, the Reader's error for src (bad input, a limit), w's error, or at the
// end a *NotFoundError for a replacement that found no object or array to go in (a deletion of
// nothing is no error).
//
// It holds bounded memory whatever the size of the document: a member or element passed through
// (or deleted) streams from src to w as it is read, and what Transform holds besides the Reader's
// buffer is the white space and punctuation between two values, until it knows whether a deletion
// takes it (within the token limit of the options). A deleted member takes its name and one comma with it; every member of the name is
// edited. Array indexes name the elements of the input, not of the array as edited. Two edits may
// not overlap (one pointer, or one into the other's value). What goes to w up to an error in src
// is a prefix of the output; src is checked as a Reader checks what it reads, and each new value
// when Transform begins.
func Transform(w io.Writer, src io.Reader, edits []Edit, opts ...ReaderOptions) error {
	root := &editNode{}
	for i, ed := range edits {
		if err := checkPointer(ed.Pointer); err != nil {
			return err
		}
		for _, other := range edits[:i] {
			if overlap(ed.Pointer, other.Pointer) {
				return errors.New("stride: the edits at " + strconv.Quote(other.Pointer) + " and " + strconv.Quote(ed.Pointer) + " overlap")
			}
		}
		if ed.Pointer == "" && ed.Value == nil {
			return errors.New("stride: an Edit cannot delete the top-level value")
		}
		if ed.Value != nil {
			vr := NewReader(ed.Value)
			vr.SkipValue()
			if err := vr.End(); err != nil {
				return err
			}
		}
		n := root
		for rest := ed.Pointer; rest != ""; {
			var tok string
			tok, rest = nextToken(rest)
			n = n.kid(tok)
		}
		n.edit, n.value = true, ed.Value
	}
	t := transformers.Get().(*transformer)
	defer t.release()
	t.src, t.done, t.off, t.buf, t.mode, t.werr, t.notFound = src, 0, 0, t.buf[:0], modeHold, nil, nil
	t.w.Reset(w)
	bw := t.w
	t.r.SetOptions(ReaderOptions{})
	if len(opts) > 0 {
		t.r.SetOptions(opts[0])
	}
	t.r.ResetReader(t)
	for t.r.More() && !t.fail() {
		t.value(root)
	}
	if !t.fail() && t.r.End() == nil {
		t.emit(t.end())
	}
	if err := bw.Flush(); err != nil && t.werr == nil {
		t.werr = err
	}
	if t.fail() {
		return t.err()
	}
	return t.notFound
}

// transformers holds transformers, with their Readers and buffers, between calls of Transform.
var transformers = sync.Pool{New: func() any {
	t := &transformer{w: bufio.NewWriterSize(nil, 32<<10)}
	t.r = NewStreamReader(nil)
	return t
}}

// release returns t to the pool, holding no reference to the call's io.Reader or io.Writer.
func (t *transformer) release() {
	t.src = nil
	t.w.Reset(nil)
	t.r.ResetReader(nil)
	if cap(t.buf) > 1<<20 {
		t.buf = nil // one huge gap held: not kept for the next call
	}
	transformers.Put(t)
}

// An editNode is a place in a document that edits lead to or through.
type editNode struct {
	name  string // the reference token that leads here, unescaped
	index int    // the array index it names, or -1
	edit  bool   // an edit is here: value replaces the value, or nil deletes it
	value []byte
	kids  []*editNode
	done  bool // found in the value being copied
}

// overlap reports whether pointers p and q are one, or one leads into the other's value.
func overlap(p, q string) bool {
	if len(p) > len(q) {
		p, q = q, p
	}
	return q == p || strings.HasPrefix(q, p+"/") || p == ""
}

// kid returns the node of the escaped reference token tok under n, made if new.
func (n *editNode) kid(tok string) *editNode {
	name := unescapeToken(tok)
	for _, k := range n.kids {
		if k.name == name {
			return k
		}
	}
	k := &editNode{name: name, index: arrayIndex(tok)}
	if tok == "-" {
		k.index = -2 // the element after the last
	}
	n.kids = append(n.kids, k)
	return k
}

// A transformer is an io.Reader between src and the Reader: it keeps what it reads from src
// until the copy has written it to w or dropped it. The copy moves on as the Reader reads; what
// the Reader has done with (the bytes before its buffer) goes to w, or away, or stays, as mode says.
type transformer struct {
	src io.Reader
	w   *bufio.Writer
	r   *Reader

	buf  []byte // buf[off:] holds the bytes from offset done on, read from src and not yet written or dropped
	off  int
	done int64
	mode uint8 // what Read does with the bytes the Reader has done with: modeHold, modeEmit, modeCut

	werr     error // w's
	notFound error
}

const (
	modeHold = iota // keep them: a deletion may take them
	modeEmit        // write them: a value passed through
	modeCut         // drop them: a value deleted
)

func (t *transformer) Read(p []byte) (int, error) {
	if t.r != nil {
		switch t.mode {
		case modeEmit:
			t.emit(t.r.base)
		case modeCut:
			t.cut(t.r.base)
		default:
			// What is held between two values (white space, a comma, a member's name) is a
			// token as far as the limit goes: a run of white space cannot take all memory.
			if held := t.r.base - t.done; held > int64(t.r.opts.MaxTokenSize) {
				t.r.fail(0, "token exceeds the limit of "+strconv.Itoa(t.r.opts.MaxTokenSize)+" bytes", "")
				return 0, io.EOF
			}
		}
	}
	n, err := t.src.Read(p)
	if n > 0 {
		if t.off > 0 && 2*t.off >= len(t.buf) {
			t.buf = t.buf[:copy(t.buf, t.buf[t.off:])] // the bytes written or dropped make room
			t.off = 0
		}
		t.buf = append(t.buf, p[:n]...)
	}
	return n, err
}

// end returns the offset of the end of what has been read from src.
func (t *transformer) end() int64 { return t.done + int64(len(t.buf)-t.off) }

// emit writes the bytes up to offset to.
func (t *transformer) emit(to int64) {
	if n := int(to - t.done); n > 0 {
		if t.werr == nil {
			if m, err := t.w.Write(t.buf[t.off : t.off+n]); err != nil || m < n {
				if err == nil {
					err = io.ErrShortWrite
				}
				t.werr = err
			}
		}
		t.drop(n)
	}
}

// cut drops the bytes up to offset to.
func (t *transformer) cut(to int64) {
	if n := int(to - t.done); n > 0 {
		t.drop(n)
	}
}

func (t *transformer) drop(n int) {
	t.off += n
	t.done += int64(n)
}

// write writes b, new bytes, where the copy has got to.
func (t *transformer) write(b []byte) {
	if t.werr == nil {
		if m, err := t.w.Write(b); err != nil || m < len(b) {
			if err == nil {
				err = io.ErrShortWrite
			}
			t.werr = err
		}
	}
}

func (t *transformer) fail() bool { return t.werr != nil || t.r.err != nil }

func (t *transformer) err() error {
	if t.r.err != nil {
		return t.r.err
	}
	return t.werr
}

// gapEnd returns the offset of the first byte from offset from on that is not white space or one
// of the delimiters skip (',' or ':'): the start of a member's name or an element, which the Reader
// has read, between values it has checked.
func (t *transformer) gapEnd(from int64, skip string) int64 {
	q := t.buf[t.off:]
	for i := int(from - t.done); i < len(q); i++ {
		switch c := q[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case len(skip) > 0 && (c == skip[0] || len(skip) > 1 && c == skip[1]):
		default:
			return t.done + int64(i)
		}
	}
	return t.end()
}

// pass copies the next value as it is.
func (t *transformer) pass() {
	t.mode = modeEmit
	t.r.SkipValue()
	t.mode = modeHold
	t.emit(t.r.InputOffset())
}

// value copies the next value, with the edits of n (its node) made.
func (t *transformer) value(n *editNode) {
	r := t.r
	if n.edit { // a replacement (deletions are their container's)
		n.done = true
		r.Kind() // to the value's first byte
		t.emit(t.gapEnd(r.InputOffset(), ",:"))
		t.mode = modeCut
		r.SkipValue()
		t.mode = modeHold
		t.cut(r.InputOffset())
		t.write(n.value)
		return
	}
	if len(n.kids) == 0 {
		t.pass()
		return
	}
	for _, k := range n.kids {
		k.done = false
	}
	switch r.Kind() {
	case KindObject:
		t.object(n)
	case KindArray:
		t.array(n)
	default:
		t.pass()
		t.missing(n)
	}
}

// object copies the next value, an object, with the edits of n's kids made.
func (t *transformer) object(n *editNode) {
	r := t.r
	obj := r.Object()
	kept, _ := t.members(func() (*editNode, bool) {
		if !obj.Next() {
			return nil, false
		}
		// Every member of the name: a deletion must leave no duplicate behind.
		name := obj.Name()
		for _, c := range n.kids {
			if c.name == string(name) {
				return c, true
			}
		}
		return nil, true
	})
	if t.fail() {
		return
	}
	for _, k := range n.kids { // replacements of members not there: added
		if !k.done && k.edit && k.value != nil {
			if kept {
				t.write([]byte{','})
			}
			q, _ := AppendQuote(nil, k.name)
			t.write(append(append(q, ':'), k.value...))
			k.done, kept = true, true
		}
	}
	t.emit(r.InputOffset())
	t.missing(n)
}

// array copies the next value, an array, with the edits of n's kids made.
func (t *transformer) array(n *editNode) {
	r := t.r
	arr := r.Array()
	i := -1
	kept, count := t.members(func() (*editNode, bool) {
		if !arr.Next() {
			return nil, false
		}
		i++
		for _, c := range n.kids {
			if c.index == i {
				return c, true
			}
		}
		return nil, true
	})
	if t.fail() {
		return
	}
	for _, k := range n.kids { // replacements one past the end: appended
		if !k.done && k.edit && k.value != nil && (k.index == count || k.index == -2) {
			if kept {
				t.write([]byte{','})
			}
			t.write(k.value)
			k.done, kept = true, true
			count++
		}
	}
	t.emit(r.InputOffset())
	t.missing(n)
}

// members copies the members or elements of the object or array just begun, up to its end but
// for what comes after its last one, with the edits of the kids that next returns for them: next
// reads up to the next member or element (false at the end) and returns its kid, or nil. It
// reports whether one was kept, and how many there were.
func (t *transformer) members(next func() (*editNode, bool)) (kept bool, count int) {
	r := t.r
	t.emit(r.InputOffset()) // to the '{' or '['
	prevEnd := r.InputOffset()
	pending := int64(-1) // where a deletion of the first ones began, up to the next kept one
	for ; ; count++ {
		k, ok := next()
		if !ok {
			break
		}
		if k != nil {
			k.done = true
		}
		r.Kind() // to the value: all before it has been read
		start := t.gapEnd(prevEnd, ",")
		if k != nil && k.edit && k.value == nil {
			switch {
			case kept: // the comma before goes with it
				t.emit(prevEnd)
			case pending < 0: // the comma after goes with it (see below)
				t.emit(start)
				pending = start
			}
			t.mode = modeCut
			r.SkipValue()
			t.mode = modeHold
			if kept {
				t.cut(r.InputOffset())
			}
		} else {
			if pending >= 0 {
				t.cut(start)
				pending = -1
			}
			kept = true
			if k != nil {
				t.value(k)
			} else {
				t.pass()
			}
		}
		prevEnd = r.InputOffset()
		if t.fail() {
			return kept, count
		}
	}
	if t.fail() {
		return kept, count
	}
	if pending >= 0 {
		t.cut(prevEnd)
	}
	t.emit(prevEnd)
	return kept, count
}

// missing records a replacement under n that found no place: its first, as a *NotFoundError.
func (t *transformer) missing(n *editNode) {
	for _, k := range n.kids {
		if k.done || t.notFound != nil {
			continue
		}
		if p := k.firstReplace(); p != "" {
			t.notFound = &NotFoundError{Pointer: p}
		}
	}
}

// firstReplace returns the pointer, from n down, of the first replacement, or "".
func (n *editNode) firstReplace() string {
	esc := func(s string) string {
		out := make([]byte, 0, len(s))
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '~':
				out = append(out, "~0"...)
			case '/':
				out = append(out, "~1"...)
			default:
				out = append(out, s[i])
			}
		}
		return string(out)
	}
	if n.edit {
		if n.value != nil {
			return "/" + esc(n.name)
		}
		return ""
	}
	for _, k := range n.kids {
		if p := k.firstReplace(); p != "" {
			return "/" + esc(n.name) + p
		}
	}
	return ""
}
