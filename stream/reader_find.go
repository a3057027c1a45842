package stream

import (
	"math"
	"strings"

	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/jsonstr"
)

// Seek reads on to the value at ptr, a JSON Pointer (RFC 6901) into the next value, and reports
// whether there is one: r is then at that value, to read with the method for its kind, with Raw,
// or with an iterator. Everything before the value is read and checked as the Reader checks all
// it reads (the members and elements passed by SkipValue's walk), and nothing after it: bad input
// after the value is not reported.
//
//	r := stream.NewReader(resp)
//	if r.Seek("/seatbid/0/bid/0/price") {
//		price := r.Float64()
//	}
//	if err := r.Err(); err != nil { ... }
//
// When the document has no value there (a member or element missing, or a value on the way that
// is no object or array), Seek reports false with Err nil; r has then read as far into the
// document as it had to. An array index is written in decimal without leading zeros; "-" names no
// element. Of two members with one name, the first is found. A ptr that is not a JSON Pointer
// makes Err a *PointerError. Seek allocates nothing.
func (r *Reader) Seek(ptr string) bool {
	if err := checkPointer(ptr); err != nil {
		if r.err == nil {
			r.err = err
		}
		return false
	}
	for rest := ptr; rest != ""; {
		var tok string
		tok, rest = nextToken(rest)
		if !r.seekIn(tok) {
			return false
		}
	}
	return r.kindChecked() != KindNone
}

// seekIn reads on to the member or element tok of the next value, and reports whether it is there.
func (r *Reader) seekIn(tok string) bool {
	switch r.kindChecked() {
	case KindObject:
		want := func(name []byte) bool { return tokenIs(name, tok) }
		if strings.IndexByte(tok, '~') < 0 {
			want = func(name []byte) bool { return string(name) == tok }
		}
		for obj := r.Object(); obj.nextWanted(want); {
			if want(obj.Name()) {
				return true
			}
			r.SkipValue()
		}
	case KindArray:
		n := arrayIndex(tok)
		if n < 0 {
			return false
		}
		for arr := r.Array(); arr.Next(); n-- {
			if n == 0 {
				return true
			}
		}
	}
	return false
}

// nextWanted is Next for Seek and Find: it may return at a member want does not ask for (the caller
// asks again), but passes most of them with pass first.
func (o *ObjectIter) nextWanted(want func(name []byte) bool) bool {
	return o.pass(want) || o.Next()
}

// pass is the fast path of Seek and Find through an object of a memory reader, from a boundary
// between members (just inside the object, or after a value): it steps over the members that want
// does not ask for with the walk of SkipValue (or Brackets, with UncheckedSkip), checking what Next
// would, without the iterator's work per member. At a member that want asks for it reads the name
// and the ':' as Next does and reports true, the Reader at the member's value. It passes only what
// it reads without a doubt: a member named in plain ASCII, followed by ':' and a value the walk
// steps over to its end. At anything else (the object's end, an escape or a non-ASCII byte in a
// name, an error) it reports false, the Reader at the boundary before it, for Next to read as
// ever, errors included.
func (o *ObjectIter) pass(want func(name []byte) bool) bool {
	r := o.r
	if r == nil || r.src != nil || r.err != nil || r.opts.RejectDuplicateNames || r.opts.StrictStrings || r.rawUTF8 ||
		r.state == stValue || len(r.stack) != o.depth {
		return false
	}
	f := &r.stack[o.depth-1]
	data, s := r.buf, &r.skipper
	// The walk hands over to the masks membersAfter bytes on, or at once where the masks of an
	// earlier call hold the boundary, in a document spaced out; once: where they stop, the walk
	// goes on.
	masks := r.pos + membersAfter
	if s.Holds(r.pos) {
		masks = r.pos
	}
	if r.opts.UncheckedSkip {
		masks = math.MaxInt
	}
	for {
		if r.pos >= masks {
			masks = math.MaxInt
			if spacedAt(data, r.pos) {
				s.Begin(r.opts.MaxDepth-len(r.stack), false, false, false, true)
				at, n, name, found := s.Members(data, r.pos, f.n == 0, want)
				if found {
					r.pos, r.state, f.n, f.name = at, stValue, f.n+n+1, name
					return true
				}
				if n > 0 {
					r.pos, r.state, f.n, f.name = at, stAfter, f.n+n, name
				}
			}
		}
		i := spaceAt(data, r.pos)
		if f.n > 0 {
			if i >= len(data) || data[i] != ',' {
				return false
			}
			i = spaceAt(data, i+1)
		}
		if i >= len(data) || data[i] != '"' {
			return false
		}
		end, _ := plainEnd(data, i) // as Next reads a name: short plain ASCII is its own text
		if end == 0 {
			return false
		}
		name := data[i+1 : end-1]
		if i = spaceAt(data, end); i >= len(data) || data[i] != ':' {
			return false
		}
		if i = spaceAt(data, i+1); i >= len(data) {
			return false
		}
		if want(name) {
			r.pos, r.state, f.n, f.name = i, stValue, f.n+1, name
			return true
		}
		switch c := data[i]; {
		case c != '[' && c != '{':
			// A scalar: the walk's own step, without the walk.
			if i = jsonread.ScalarEnd(data, i); i == 0 {
				return false
			}
		case r.opts.UncheckedSkip:
			var m jsonread.Brackets
			m.Begin()
			var ok bool
			if i, ok = m.Run(data, i, true); !ok {
				return false
			}
		default:
			s.Begin(r.opts.MaxDepth-len(r.stack), false, false, false, true)
			s.Whole = true
			var step jsonread.Step
			if i, step = s.Run(data, i); step != jsonread.StepDone {
				return false
			}
		}
		r.pos, r.state, f.n, f.name = i, stAfter, f.n+1, name
	}
}

// membersAfter is how far pass walks through an object before it goes through the rest of its
// members with the masks (jsonread.Skip.Members), which cost a block or two to start; a variable
// for the tests.
//
// NOTE: with the masks from the first member, the lookup near the start of each line of the
// NDJSON stream of tweets (the first member's first member) took 1.1x as long, for the masks of
// a block it did not need.
var membersAfter = 128

// spacedAt reports whether the boundary at data[i] (after a value) is spaced out: white space
// follows the value or the ',' after it. In compact documents the masks save less than they cost.
//
// NOTE: the masks make white space and long strings cost nothing, at the cost of a step per token
// and the classification. From the 128th byte of each line of the NDJSON stream of tweets
// (compact, a token every 8 bytes or so), the lookup of five members of each took 1.14x as long
// with the masks as with the walk, while at the end of the pretty-printed citm_catalog.json's
// first events (objects of about 450 bytes, members of one short token each) it was 0.76x.
func spacedAt(data []byte, i int) bool {
	return i+1 < len(data) && (data[i] <= ' ' || data[i] == ',' && data[i+1] <= ' ')
}

// spaceAt returns the index of the first byte of buf from i on that is not white space.
func spaceAt(buf []byte, i int) int {
	if i < len(buf) && buf[i] > ' ' {
		return i
	}
	return jsonstr.SpaceEnd(buf, i)
}

// kindChecked is Kind, but where no value can begin (a byte that begins none, a ']' where a value
// is due) it reads the value, so that the error is r's.
func (r *Reader) kindChecked() Kind {
	k := r.Kind()
	if k == KindNone && r.err == nil && (len(r.stack) == 0 && r.More() || len(r.stack) > 0 && r.state == stValue) {
		r.SkipValue()
	}
	return k
}

// A Query is a set of JSON Pointers (RFC 6901) to find in one pass over a document (Reader.Find).
// It is read-only once made: one Query serves any number of Readers at once.
type Query struct {
	ptrs  []string
	root  queryNode
	nodes int // how many nodes are the end of some pointer
	all   int // how many nodes there are (the root not counted)
}

// A queryNode is a place in a document that some pointers lead to or through.
type queryNode struct {
	ends []int       // the indexes of the pointers that end here
	kids []queryEdge // the members or elements some pointers go on to
	id   int         // the node's number in its Query, from 0 (the root: -1)
}

// A queryEdge leads from a node to the member or element of one reference token.
type queryEdge struct {
	name  string // the token, unescaped: a member's name
	index int    // the element it names in an array, or -1
	node  *queryNode
}

// NewQuery returns the Query of ptrs, or a *PointerError for the first that is not a JSON Pointer.
func NewQuery(ptrs ...string) (*Query, error) {
	q := &Query{ptrs: append([]string(nil), ptrs...), root: queryNode{id: -1}}
	for i, p := range ptrs {
		if err := checkPointer(p); err != nil {
			return nil, err
		}
		n := &q.root
		for rest := p; rest != ""; {
			var tok string
			tok, rest = nextToken(rest)
			n = n.kid(tok, &q.all)
		}
		if len(n.ends) == 0 {
			q.nodes++
		}
		n.ends = append(n.ends, i)
	}
	return q, nil
}

// kid returns the node of reference token tok (escaped) under n, adding it, numbered by all, if
// new.
func (n *queryNode) kid(tok string, all *int) *queryNode {
	name := unescapeToken(tok)
	for _, e := range n.kids {
		if e.name == name {
			return e.node
		}
	}
	e := queryEdge{name: name, index: arrayIndex(tok), node: &queryNode{id: *all}}
	*all++
	n.kids = append(n.kids, e)
	return e.node
}

// Len returns the number of pointers in q.
func (q *Query) Len() int { return len(q.ptrs) }

// Pointer returns the i-th pointer of q.
func (q *Query) Pointer(i int) string { return q.ptrs[i] }

// Find reads the next value and calls fn for each value in it at one of q's pointers, in the
// order of the document, with i the index of the pointer in q and vr at the value, to read as
// Seek leaves r (a value fn does not read is skipped). Where several pointers lead to one value,
// or one leads to a value and another into it, vr is a Reader of its own over that value (a view
// of it, read whole with Raw) for each call. Find returns the first error of the Reader or of fn.
//
// Find stops reading as soon as every pointer has found its value, without reading the rest of the
// document (r is then in the middle of it: reset it for the next); a pointer whose value is not
// there gets no call. Everything read up to the last value found is checked, as Seek checks.
func (r *Reader) Find(q *Query, fn func(i int, vr *Reader) error) error {
	left := q.nodes
	if left == 0 {
		return r.err
	}
	r.found = append(r.found[:0], make([]uint64, (q.all+63)/64)...)
	if err := r.findIn(&q.root, fn, &left); err != nil {
		return err
	}
	return r.err
}

// findIn reads the next value, n's, for Find; left counts the nodes with pointers that end there
// not found yet.
func (r *Reader) findIn(n *queryNode, fn func(int, *Reader) error, left *int) error {
	if len(n.ends) > 0 {
		*left--
		if len(n.ends) == 1 && len(n.kids) == 0 {
			return fn(n.ends[0], r)
		}
		raw := r.Raw()
		if raw == nil {
			return r.err
		}
		var vr Reader
		for _, i := range n.ends {
			vr.Reset(raw)
			if err := fn(i, &vr); err != nil {
				return err
			}
		}
		if len(n.kids) == 0 || *left == 0 {
			return nil
		}
		vr.Reset(raw)
		vr.found = r.found
		r = &vr
	}
	if len(n.kids) == 0 {
		return nil
	}
	found := 0 // kids found, each once (of two members with one name, the first)
	switch r.kindChecked() {
	case KindObject:
		want := func(name []byte) bool {
			for k := range n.kids {
				if n.kids[k].name == string(name) {
					return true
				}
			}
			return false
		}
		for obj := r.Object(); obj.nextWanted(want); {
			name := obj.Name()
			for k := range n.kids {
				if e := &n.kids[k]; e.name == string(name) && !r.seen(e.node.id) {
					if err := r.findIn(e.node, fn, left); err != nil || *left == 0 {
						return err
					}
					if found++; found == len(n.kids) {
						return nil
					}
					break
				}
			}
			if r.state == stValue && len(r.stack) == obj.depth {
				r.SkipValue() // a member not wanted: to the boundary, for pass
			}
		}
	case KindArray:
		last := -1
		for _, e := range n.kids {
			last = max(last, e.index)
		}
		i := 0
		for arr := r.Array(); i <= last && arr.Next(); i++ {
			for k := range n.kids {
				if e := &n.kids[k]; e.index == i {
					if err := r.findIn(e.node, fn, left); err != nil || *left == 0 {
						return err
					}
					break
				}
			}
		}
	}
	return r.err
}

// seen reports whether Find has met node id before, and records that it has.
func (r *Reader) seen(id int) bool {
	w, b := &r.found[id/64], uint64(1)<<(id%64)
	s := *w&b != 0
	*w |= b
	return s
}
