package stream

import (
	"strconv"

	"github.com/stridejson/stride/internal/jsonstr"
	"github.com/stridejson/stride/internal/nameset"
)

// An ArrayIter steps through the elements of an array; see Reader.Array.
type ArrayIter struct {
	r     *Reader // nil once the array has ended, or when there is none
	depth int     // len(r.stack) inside this array
	null  bool
}

// An ObjectIter steps through the members of an object; see Reader.Object.
type ObjectIter struct {
	r     *Reader
	depth int
	null  bool
}

// Array begins reading an array. Call Next before each element, and read the element with the
// Reader's methods (or leave it: the next call of Next skips it):
//
//	for arr := r.Array(); arr.Next(); {
//		v := r.Int64()
//	}
//
// Anything but an array is an error, and Next then reports false at once.
func (r *Reader) Array() ArrayIter { return r.array(false) }

// ArrayOrNull is Array that also accepts null, for which Next reports false and IsNull true.
func (r *Reader) ArrayOrNull() ArrayIter { return r.array(true) }

// Object begins reading an object. Call Next before each member, which reads the member's name
// (Name returns it), and read the member's value with the Reader's methods (or leave it: the next
// call of Next skips it). Anything but an object is an error, and Next then reports false at once.
func (r *Reader) Object() ObjectIter {
	r, depth, null := r.open('{', "object", false)
	return ObjectIter{r, depth, null}
}

// ObjectOrNull is Object that also accepts null, for which Next reports false and IsNull true.
func (r *Reader) ObjectOrNull() ObjectIter {
	r, depth, null := r.open('{', "object", true)
	return ObjectIter{r, depth, null}
}

func (r *Reader) array(orNull bool) ArrayIter {
	r, depth, null := r.open('[', "array", orNull)
	return ArrayIter{r, depth, null}
}

// open reads the opening delimiter of a container (or a null when orNull is set).
func (r *Reader) open(delim byte, want string, orNull bool) (*Reader, int, bool) {
	c := r.peek()
	if c <= ' ' {
		var ok bool
		if c, ok = r.value(); !ok {
			return nil, 0, false
		}
	}
	if c == 'n' && orNull {
		return nil, 0, r.literal("null")
	}
	if c != delim {
		r.failKind(c, want)
		return nil, 0, false
	}
	if !r.push(delim == '{') {
		return nil, 0, false
	}
	r.pos++
	r.state = stOpen
	return r, len(r.stack), false
}

// push opens a container frame, within the depth limit.
func (r *Reader) push(obj bool) bool {
	if len(r.stack) >= r.opts.MaxDepth {
		r.failDepth(r.pos)
		return false
	}
	n := len(r.names)
	r.stack = append(r.stack, frame{obj: obj, nameOff: n})
	if obj && r.opts.RejectDuplicateNames {
		r.resetDups(len(r.stack))
	}
	return true
}

func (r *Reader) failDepth(i int) {
	r.fail(i, "nesting depth exceeds the limit of "+strconv.Itoa(r.opts.MaxDepth), "")
}

// IsNull reports whether ArrayOrNull read a null.
func (a *ArrayIter) IsNull() bool { return a.null }

// IsNull reports whether ObjectOrNull read a null.
func (o *ObjectIter) IsNull() bool { return o.null }

// Next reads up to the next element and reports whether there is one. At the end of the array, or
// after an error, it reports false.
func (a *ArrayIter) Next() bool {
	r := a.r
	if r == nil {
		return false
	}
	if (r.err != nil || len(r.stack) != a.depth || r.state == stValue) && !r.resume(a.depth) {
		a.r = nil
		return false
	}
	f := &r.stack[a.depth-1]
	c := r.ws()
	ok := c != 0 || r.pos < len(r.buf)
	if !ok {
		r.failEnd("in array", "',' or ']'")
		a.r = nil
		return false
	}
	if c == ']' {
		r.pos++
		r.close()
		a.r = nil
		return false
	}
	if f.n > 0 {
		if c != ',' {
			r.failChar(r.pos, c, "after array element", "',' or ']'")
			a.r = nil
			return false
		}
		r.pos++
		r.space()
	}
	f.n++
	r.state = stValue
	return true
}

// resume brings the reader back to the container at depth before Next reads on: it closes inner
// containers the caller left open and skips an element or member value the caller did not read.
func (r *Reader) resume(depth int) bool {
	if r.err != nil || len(r.stack) < depth {
		return false
	}
	for len(r.stack) > depth {
		inner := len(r.stack)
		if r.stack[inner-1].obj {
			it := ObjectIter{r: r, depth: inner}
			for it.Next() {
			}
		} else {
			it := ArrayIter{r: r, depth: inner}
			for it.Next() {
			}
		}
		if r.err != nil {
			return false
		}
	}
	if r.state == stValue && r.stack[depth-1].n > 0 {
		return r.SkipValue() == nil
	}
	return true
}

// close ends the innermost container: the container is now a value that has been read.
func (r *Reader) close() {
	f := r.stack[len(r.stack)-1]
	r.names = r.names[:f.nameOff]
	r.stack = r.stack[:len(r.stack)-1]
	r.state = stAfter
}

// Next reads up to the next member's value, reading its name, and reports whether there is one. At
// the end of the object, or after an error, it reports false.
func (o *ObjectIter) Next() bool {
	r := o.r
	if r == nil {
		return false
	}
	if (r.err != nil || len(r.stack) != o.depth || r.state == stValue) && !r.resume(o.depth) {
		o.r = nil
		return false
	}
	f := &r.stack[o.depth-1]
	c := r.ws()
	ok := c != 0 || r.pos < len(r.buf)
	if !ok {
		r.failEnd("in object", "'\"' or '}'")
		o.r = nil
		return false
	}
	if c == '}' { // resume left the state after a value, or no member has begun
		r.pos++
		r.close()
		o.r = nil
		return false
	}
	if f.n > 0 {
		if c != ',' {
			r.failChar(r.pos, c, "after object member", "',' or '}'")
			o.r = nil
			return false
		}
		r.pos++
		r.space()
		if c = r.ws(); c == 0 && r.pos >= len(r.buf) {
			r.failEnd("in object", "'\"'")
			o.r = nil
			return false
		}
	}
	f.n++
	// NOTE: until its name has been read the member has not begun, and errors name the object
	// (the state says so to pointer); once it has, they name the member.
	r.state = stAfter
	if c != '"' {
		f.name = nil
		r.failChar(r.pos, c, "where an object key should begin", "'\"'")
		o.r = nil
		return false
	}
	start, ok := r.name(f)
	if !ok {
		o.r = nil
		return false
	}
	r.state = stValue
	if r.opts.RejectDuplicateNames && !r.checkDup(len(r.stack), f.name, start) {
		o.r = nil
		return false
	}
	if r.pos+1 < len(r.buf) && r.buf[r.pos] == ' ' && r.buf[r.pos+1] == ':' {
		r.pos++ // "name" : value, as some writers space it, without the call of wsSlow
	}
	if c = r.ws(); c != ':' {
		ok = c != 0 || r.pos < len(r.buf)
		if ok {
			r.failChar(r.pos, c, "after object key", "':'")
		} else {
			r.failEnd("after object key", "':'")
		}
		o.r = nil
		return false
	}
	r.pos++
	r.space()
	return true
}

// space steps over one ' ' or '\n', the usual byte after ':' and ',' in spaced-out documents and
// after ',' in documents with a token per line, so that the next token's own white-space check
// takes its inlined fast path.
//
// NOTE: random.json (a member per line, no indentation) spent 8% of token reading in wsSlow,
// called for the '\n' before every member name.
func (r *Reader) space() {
	if r.pos < len(r.buf) && (r.buf[r.pos] == ' ' || r.buf[r.pos] == '\n') {
		r.pos++
	}
}

// name reads the member name at r.pos as the current name of frame f, and returns the index of its
// opening quote. A memory reader keeps a view of a name without escapes; otherwise the name is copied
// (decoded) into r.names, after the names of the objects around f, so that it outlives buffer
// refills. (A later append that moves r.names leaves f.name on the old array, whose bytes stay as
// they were.)
func (r *Reader) name(f *frame) (int, bool) {
	r.names = r.names[:f.nameOff]
	start := r.pos
	end, to := plainEnd(r.buf, start)
	if end > 0 {
		if r.src == nil {
			f.name = r.buf[start+1 : end-1]
		} else {
			r.names = append(r.names, r.buf[start+1:end-1]...)
			f.name = r.names[f.nameOff:]
			r.bufMax = max(r.bufMax, end-start) // as scanString keeps it
		}
		r.pos = end
		return start, true
	}
	f.name = nil
	if r.src != nil {
		return r.nameStream(f)
	}
	out, end, plain, e := jsonstr.DecodeStringFrom(r.names, r.buf, r.pos, to, r.opts.StrictStrings)
	if e != nil {
		r.failString(e, "object key")
		return 0, false
	}
	if plain {
		f.name = r.buf[r.pos+1 : end-1]
	} else {
		r.names = out
		f.name = out[f.nameOff:]
	}
	r.pos = end
	return start, true
}

// nameStream is name for a stream reader: one pass where the literal is in the buffer, as in
// stringBytesStream, or else nameSlow.
func (r *Reader) nameStream(f *frame) (int, bool) {
	if closes(r.buf, r.pos) {
		out, end, plain, e := jsonstr.DecodeString(r.names, r.buf, r.pos, r.opts.StrictStrings)
		if e == nil {
			if plain {
				out = append(out, r.buf[r.pos+1:end-1]...)
			}
			r.names = out
			f.name = out[f.nameOff:]
			start := r.pos
			r.bufMax = max(r.bufMax, end-start) // as scanString keeps it
			r.pos = end
			return start, true
		}
	}
	return r.nameSlow(f)
}

// nameSlow is name for a stream reader: it scans the literal as it arrives, then decodes it.
func (r *Reader) nameSlow(f *frame) (int, bool) {
	start, end, plain := r.scanString("object key")
	if end == 0 {
		return 0, false
	}
	if plain {
		r.names = append(r.names, r.buf[start+1:end-1]...)
	} else {
		r.names = r.decode(r.names, start, end)
	}
	f.name = r.names[f.nameOff:]
	r.pos = end
	return start, true
}

// Name returns the name of the current member, decoded. It is valid until the next call of Next.
func (o *ObjectIter) Name() []byte {
	if o.r == nil || len(o.r.stack) < o.depth {
		return nil
	}
	return o.r.stack[o.depth-1].name
}

// resetDups starts the set of names of the object opened at depth.
func (r *Reader) resetDups(depth int) {
	for len(r.dups) < depth {
		r.dups = append(r.dups, nameset.Set{})
	}
	r.dups[depth-1].Reset()
}

// checkDup records name in the set of the object at depth and fails on a name seen before there.
func (r *Reader) checkDup(depth int, name []byte, i int) bool {
	if r.dups[depth-1].Add(name) {
		r.fail(i, "duplicate object key "+strconv.Quote(string(name)), "")
		return false
	}
	return true
}
