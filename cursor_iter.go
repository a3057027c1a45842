package stride

import (
	"strings"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonstr"
	"github.com/stridejson/stride/internal/nameset"
)

// A cursorObject steps through the members of an object; see cursor.Object.
//
// NOTE: three words, and the name kept in the cursor: with the name and a flag in it, the
// compiler copied the 56-byte iterator between stack slots around every call of Next, in
// overlapping 16-byte moves that stalled the loop (a sixth of the struct decoder's own time on
// citm_catalog).
type cursorObject struct {
	c       *cursor
	n       int // members begun; -1 once the object has ended
	nameOff int // where this object's names go in c.names
}

// Object begins reading the next value, an object.
func (c *cursor) Object() cursorObject {
	c.open('{')
	return cursorObject{c: c, nameOff: len(c.names)}
}

// openNames empties the set of names of the object just opened (see checkDups).
func (c *cursor) openNames() {
	for len(c.dups) < c.depth {
		c.dups = append(c.dups, openNames{})
	}
	n := &c.dups[c.depth-1]
	n.set.Reset()
	n.byFields = false
}

// An openNames holds the names read so far in an open object, under checkDups.
type openNames struct {
	set nameset.Set
	// byFields: the object is decoded into a struct, whose decoder finds a repeated field
	// itself (a bitset of the fields set); only names that match no field go into set.
	byFields bool
}

// repeated reports, under checkDups, whether the name just read was read before in the object.
func (c *cursor) repeated() bool {
	n := &c.dups[c.depth-1]
	return !n.byFields && n.set.Add(c.name)
}

// namesByFields tells the cursor, under checkDups, that the object just opened is decoded into a
// struct (see openNames.byFields).
func (c *cursor) namesByFields() {
	if !c.bad {
		c.dups[c.depth-1].byFields = true
	}
}

// unknownName records, under checkDups, the name just read in a struct's object that matches no
// field; a name read before there is bad input.
func (c *cursor) unknownName() {
	if c.dups[c.depth-1].set.Add(c.name) {
		c.fail()
	}
}

// open reads the '{' or '[' that begins the next value.
func (c *cursor) open(b byte) {
	c.want = false
	if c.ws() != b || c.depth == c.limit {
		c.fail()
		return
	}
	c.pos++
	c.depth++
	if c.checkDups && b == '{' {
		c.openNames()
	}
	if c.src != nil {
		c.src.opened(c, b)
	}
}

// Next reads up to the next member's value, reading its name, and reports whether there is one.
// A member value not read is skipped.
func (o *cursorObject) Next() bool { return o.NextKey(nil) }

// NextKey is Next for a caller that expects the member named by key (a struct decoder expects
// the field after the last one found): a name that matches it is read with two word compares,
// and the cursor's hit is set.
func (o *cursorObject) NextKey(key *nameKey) bool {
	if o.n < 0 {
		return false
	}
	c := o.c
	if c.want {
		c.SkipValue()
	}
	if c.src != nil {
		c.src.setMark(c, o.n > 0)
	}
	b := c.ws()
	if b == '}' && !c.bad {
		c.pos++
		c.depth--
		c.names = c.names[:o.nameOff]
		o.n, c.name = -1, nil
		return false
	}
	if o.n > 0 {
		if b != ',' {
			return o.fail()
		}
		c.pos++
		b = c.ws()
	}
	if b != '"' {
		return o.fail()
	}
	o.n++
	data, i := c.data, c.pos+1
	c.hit = key != nil && key.n > 0 && i+16 <= len(data) &&
		jsonstr.Load64(data, i)&key.mask0 == key.word0 &&
		jsonstr.Load64(data, i+8)&key.mask1 == key.word1
	if c.hit {
		c.name = data[i : i+key.n]
		c.names = c.names[:o.nameOff]
		c.pos = i + key.n + 1
	} else if i = plainEnd(data, i); i < len(data) && data[i] == '"' {
		// Most names are short and of plain ASCII: a word scan finds their end sooner than the
		// string kernel, which takes over at the first escape, control or non-ASCII byte.
		c.name = data[c.pos+1 : i]
		c.names = c.names[:o.nameOff]
		c.pos = i + 1
	} else {
		out, end, plain, err := jsonstr.DecodeString(c.names[:o.nameOff], data, c.pos, c.strict)
		if err != nil {
			if c.cutOff(err, false) {
				return o.nameAgain(key)
			}
			return o.fail()
		}
		if plain {
			c.name = data[c.pos+1 : end-1]
			c.names = c.names[:o.nameOff]
		} else {
			c.names = out
			c.name = out[o.nameOff:]
		}
		c.pos = end
	}
	if c.checkDups && c.repeated() {
		return o.fail()
	}
	if c.ws() != ':' {
		return o.fail()
	}
	c.pos++
	c.stepSpace()
	c.want = true
	return true
}

// stepSpace steps over one space, as the Reader does after a ':' or ','.
func (c *cursor) stepSpace() {
	if c.pos >= len(c.data) {
		c.stepSpaceMore()
	} else if c.data[c.pos] == ' ' {
		c.pos++
	}
}

// stepSpaceMore is stepSpace at the end of what the cursor sees: in stream mode, it reads on.
func (c *cursor) stepSpaceMore() {
	if c.src != nil && c.src.more(c) {
		c.stepSpace()
	}
}

// A nameKey is a member name of up to 15 bytes, with its closing quote, as the 16 bytes that
// follow the opening quote of its literal hold it: the words a literal's bytes must equal under
// the masks. The zero nameKey matches nothing.
type nameKey struct {
	word0, word1, mask0, mask1 uint64
	n                          int
}

// keyOf returns the key of name, or the zero nameKey if name is empty or longer than 15 bytes,
// or its literal is not its bytes between quotes (it holds a quote, a backslash, a control byte
// or invalid UTF-8).
func keyOf(name string) nameKey {
	if name == "" || len(name) > 15 || !utf8.ValidString(name) || strings.ContainsFunc(name, func(r rune) bool {
		return r < ' ' || r == '"' || r == '\\'
	}) {
		return nameKey{}
	}
	var b, m [16]byte
	copy(b[:], name+`"`)
	for i := range len(name) + 1 {
		m[i] = 0xff
	}
	return nameKey{jsonstr.Load64(b[:], 0), jsonstr.Load64(b[:], 8), jsonstr.Load64(m[:], 0), jsonstr.Load64(m[:], 8), len(name)}
}

// fail ends the object on bad input.
func (o *cursorObject) fail() bool {
	o.c.fail()
	o.n, o.c.name = -1, nil
	return false
}

// plainEnd returns the index of the first '"', '\\', control or non-ASCII byte in data from i,
// or len(data): eight bytes at a time, the word test of the string kernels (jsonstr.Stops).
func plainEnd(data []byte, i int) int {
	for ; i+8 <= len(data); i += 8 {
		if m := jsonstr.Stops(jsonstr.Load64(data, i)); m != 0 {
			return i + jsonstr.FirstLane(m)
		}
	}
	for i < len(data) && data[i] != '"' && data[i] != '\\' && ' ' <= data[i] && data[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// Name returns the name of the current member, valid until the next call of Next on the
// cursor: read it before the member's value.
func (o *cursorObject) Name() []byte { return o.c.name }

// A cursorArray steps through the elements of an array; see cursor.Array.
type cursorArray struct {
	c *cursor
	n int // elements begun; -1 once the array has ended
}

// Array begins reading the next value, an array.
func (c *cursor) Array() cursorArray {
	c.open('[')
	return cursorArray{c: c}
}

// Next reads up to the next element and reports whether there is one. An element not read is
// skipped.
func (a *cursorArray) Next() bool {
	if a.n < 0 {
		return false
	}
	c := a.c
	if c.want {
		c.SkipValue()
	}
	if c.src != nil {
		c.src.setMark(c, a.n > 0)
	}
	b := c.ws()
	if b == ']' && !c.bad {
		c.pos++
		c.depth--
		a.n = -1
		return false
	}
	if a.n > 0 {
		if b != ',' {
			c.fail()
			a.n = -1
			return false
		}
		c.pos++
		c.stepSpace()
	}
	a.n++
	c.want = true
	return true
}
