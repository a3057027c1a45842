package jsonread

import (
	"strings"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonstr"
	"github.com/stridejson/stride/internal/nameset"
)

// A ObjectIter steps through the members of an object; see Cursor.Object.
//
// NOTE: three words, and the name kept in the Cursor: with the name and a flag in it, the
// compiler copied the 56-byte iterator between stack slots around every call of Next, in
// overlapping 16-byte moves that stalled the loop (a sixth of the struct decoder's own time on
// citm_catalog).
type ObjectIter struct {
	c       *Cursor
	n       int // members begun; -1 once the object has ended
	nameOff int // where this object's names go in c.Names
}

// Object begins reading the next value, an object.
func (c *Cursor) Object() ObjectIter {
	c.open('{')
	return ObjectIter{c: c, nameOff: len(c.Names)}
}

// openNames empties the set of names of the object just opened (see CheckDups).
func (c *Cursor) openNames() {
	for len(c.dups) < c.Depth {
		c.dups = append(c.dups, openNames{})
	}
	n := &c.dups[c.Depth-1]
	n.set.Reset()
	n.byFields = false
}

// An openNames holds the names read so far in an open object, under CheckDups.
type openNames struct {
	set nameset.Set
	// byFields: the object is decoded into a struct, whose decoder finds a repeated field
	// itself (a bitset of the fields set); only names that match no field go into set.
	byFields bool
}

// repeated reports, under CheckDups, whether the name just read was read before in the object.
func (c *Cursor) repeated() bool {
	n := &c.dups[c.Depth-1]
	return !n.byFields && n.set.Add(c.Name)
}

// NamesByFields tells the Cursor, under CheckDups, that the object just opened is decoded into a
// struct (see openNames.byFields).
func (c *Cursor) NamesByFields() {
	if !c.Bad {
		c.dups[c.Depth-1].byFields = true
	}
}

// UnknownName records, under CheckDups, the name just read in a struct's object that matches no
// field, and reports whether it was read before there: bad input.
func (c *Cursor) UnknownName() (repeated bool) {
	if c.dups[c.Depth-1].set.Add(c.Name) {
		c.Fail()
		return true
	}
	return false
}

// open reads the '{' or '[' that begins the next value.
func (c *Cursor) open(b byte) {
	c.Want = false
	if c.Peek() != b || c.Depth == c.Limit {
		c.Fail()
		return
	}
	c.Pos++
	c.Depth++
	if c.CheckDups && b == '{' {
		c.openNames()
	}
	if c.Src != nil {
		c.Src.opened(c, b)
	}
}

// Next reads up to the next member's value, reading its name, and reports whether there is one.
// A member value not read is skipped.
func (o *ObjectIter) Next() bool { return o.NextKey(nil) }

// NextKey is Next for a caller that expects the member named by key (a struct decoder expects
// the field after the last one found): a name that matches it is read with two word compares
// (and a compare of the rest of a name longer than 15 bytes), and the Cursor's hit is set.
func (o *ObjectIter) NextKey(key *NameKey) bool {
	if o.n < 0 {
		return false
	}
	c := o.c
	if c.Want {
		c.SkipValue()
	}
	if c.Src != nil {
		c.Src.setMark(c, o.n > 0)
	}
	b := c.Peek()
	if b == '}' && !c.Bad {
		c.Pos++
		c.Depth--
		c.Names = c.Names[:o.nameOff]
		o.n, c.Name = -1, nil
		return false
	}
	if o.n > 0 {
		if b != ',' {
			return o.fail()
		}
		c.Pos++
		b = c.Peek()
	}
	if b != '"' {
		return o.fail()
	}
	o.n++
	data, i := c.Data, c.Pos+1
	c.Hit = key != nil && key.n > 0 && i+16 <= len(data) &&
		jsonstr.Load64(data, i)&key.mask0 == key.word0 &&
		jsonstr.Load64(data, i+8)&key.mask1 == key.word1 &&
		(key.n < 16 || key.tailAt(data, i+16))
	if c.Hit {
		c.Name = data[i : i+key.n]
		c.Names = c.Names[:o.nameOff]
		c.Pos = i + key.n + 1
	} else if i = plainEnd(data, i); i < len(data) && data[i] == '"' {
		// Most names are short and of plain ASCII: a word scan finds their end sooner than the
		// string kernel, which takes over at the first escape, control or non-ASCII byte.
		c.Name = data[c.Pos+1 : i]
		c.Names = c.Names[:o.nameOff]
		c.Pos = i + 1
	} else {
		out, end, plain, err := jsonstr.DecodeString(c.Names[:o.nameOff], data, c.Pos, c.Strict)
		if err != nil {
			if c.cutOff(err, false) {
				return o.nameAgain(key)
			}
			return o.fail()
		}
		if plain {
			c.Name = data[c.Pos+1 : end-1]
			c.Names = c.Names[:o.nameOff]
		} else {
			c.Names = out
			c.Name = out[o.nameOff:]
		}
		c.Pos = end
	}
	if c.CheckDups && c.repeated() {
		return o.fail()
	}
	if c.Peek() != ':' {
		if c.NameFirst && !c.Bad {
			// encoding/json/v2 reads a name as a token of its own, and finds fault with it
			// (an unknown member, a map key that does not parse) before it reads on: the
			// member is reported with the cursor bad, for the decoders' checks of the name
			// only; they must read no value from a bad cursor.
			c.Fail()
			o.n = -1
			return true
		}
		return o.fail()
	}
	c.Pos++
	c.stepSpace()
	c.Want = true
	return true
}

// stepSpace steps over one space, as the Reader does after a ':' or ','.
func (c *Cursor) stepSpace() {
	if c.Pos >= len(c.Data) {
		c.stepSpaceMore()
	} else if c.Data[c.Pos] == ' ' {
		c.Pos++
	}
}

// stepSpaceMore is stepSpace at the end of what the Cursor sees: in stream mode, it reads on.
func (c *Cursor) stepSpaceMore() {
	if c.Src != nil && c.Src.more(c) {
		c.stepSpace()
	}
}

// A NameKey is a member name with its closing quote as the bytes that follow the opening quote of
// its literal hold it: the first 16 as the words those bytes must equal under the masks, the rest
// of a name longer than 15 bytes as its tail. The zero NameKey matches nothing.
type NameKey struct {
	word0, word1, mask0, mask1 uint64
	n                          int
	tail                       string // the name's bytes from the 17th on, and its closing quote
}

// KeyOf returns the key of name, or the zero NameKey if name is empty or its literal is not its
// bytes between quotes (it holds a quote, a backslash, a control byte or invalid UTF-8).
func KeyOf(name string) NameKey {
	if name == "" || !utf8.ValidString(name) || strings.ContainsFunc(name, func(r rune) bool {
		return r < ' ' || r == '"' || r == '\\'
	}) {
		return NameKey{}
	}
	var b, m [16]byte
	lit := name + `"`
	copy(b[:], lit)
	for i := range min(len(lit), 16) {
		m[i] = 0xff
	}
	k := NameKey{jsonstr.Load64(b[:], 0), jsonstr.Load64(b[:], 8), jsonstr.Load64(m[:], 0), jsonstr.Load64(m[:], 8), len(name), ""}
	if len(lit) > 16 {
		k.tail = lit[16:]
	}
	return k
}

// tailAt reports whether the bytes of data from j are key's tail.
func (key *NameKey) tailAt(data []byte, j int) bool {
	return j+len(key.tail) <= len(data) && string(data[j:j+len(key.tail)]) == key.tail
}

// fail ends the object on bad input.
func (o *ObjectIter) fail() bool {
	o.c.Fail()
	o.n, o.c.Name = -1, nil
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
// Cursor: read it before the member's value.
func (o *ObjectIter) Name() []byte { return o.c.Name }

// A ArrayIter steps through the elements of an array; see Cursor.Array.
type ArrayIter struct {
	c *Cursor
	n int // elements begun; -1 once the array has ended
}

// Array begins reading the next value, an array.
func (c *Cursor) Array() ArrayIter {
	c.open('[')
	return ArrayIter{c: c}
}

// Next reads up to the next element and reports whether there is one. An element not read is
// skipped.
func (a *ArrayIter) Next() bool {
	if a.n < 0 {
		return false
	}
	c := a.c
	if c.Want {
		c.SkipValue()
	}
	if c.Src != nil {
		c.Src.setMark(c, a.n > 0)
	}
	b := c.Peek()
	if b == ']' && !c.Bad {
		c.Pos++
		c.Depth--
		a.n = -1
		return false
	}
	if a.n > 0 {
		if b != ',' {
			c.Fail()
			a.n = -1
			return false
		}
		c.Pos++
		c.stepSpace()
	}
	a.n++
	c.Want = true
	return true
}
