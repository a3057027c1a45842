package jsonread

import (
	"math"
	"sync"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonstr"
)

// A Cursor reads one JSON value for the decoders. It has the part of stream.Reader's methods the
// decoders use, with the same results on valid input, and leaves InputOffset where the Reader
// would, which the offsets of type errors depend on: white space before a value is consumed by
// Kind and by the method that reads the value, and after a member's ':' (or an element's ',')
// one space is stepped over at once.
//
// It checks the grammar as it goes, but keeps no error: at the first byte that breaks it, it
// sets Bad and jumps to the end of Data, so that every loop of the decoders ends at once, and
// the caller finds out what is wrong by validating the input (see Unmarshal). So that a decode
// that ends without bad has read valid JSON, every method checks the token it reads, Next checks
// the separators, and the decoders read values only where one is expected and containers to
// their end unless decoding stops; the caller checks that only white space follows the value.
// Every method returns a harmless value when it finds bad input (a zero number, an empty
// string), never panics, and leaves Pos past where it was or at the end, so decoding ends.
type Cursor struct {
	Data  []byte
	Pos   int
	Bad   bool   // the input broke the grammar (or nested too deep) before pos
	BadAt int64  // where the Cursor stood (an input offset, past white space) when it found Bad
	Depth int    // open arrays and objects
	Limit int    // the depth allowed: MaxDepth in the one pass (or a lower MaxDepth), else none
	Want  bool   // Next reported a value that has not been read: the next Next skips it
	Hit   bool   // NextKey read the name it was given
	Names []byte // decoded names of the current members of the open objects, back to back
	Name  []byte // the name the last call of an object's Next read
	Str   []byte // decode buffer for StringBytes, sized as stream.Reader's (see Reset)

	strMax  int    // the longest string decoded in this document
	strHist Recent // the longest strings of the documents before

	// The checks of UnmarshalOptions, in the one pass (see SetChecks): a string or name that
	// breaks one is bad input, as a syntax error is.
	Strict    bool        // invalid UTF-8 and unpaired surrogate escapes (StrictStrings)
	CheckDups bool        // a name repeated in an object (RejectDuplicateNames)
	NameFirst bool        // a name is the decoders' before what follows it is read (see NextKey)
	dups      []openNames // with CheckDups, the names of the open objects, by depth

	Interned *[InternSlots]string // see Intern; nil interns nothing

	// In stream mode (see source.go), Src reads more input when data runs out, and Base counts
	// the bytes of the value it has dropped from the front of data.
	Src  *Source
	Base int

	// AnyVals is the scratch stack of Unmarshal into any (see anyValue): the elements of the
	// arrays and the member values of the objects being decoded, innermost on top, kept with
	// the pooled Cursor.
	AnyVals []any
	AnyKeys []string // the names of the members of the objects being decoded, the same way

	walk Skip // skip's, kept for its stack
}

// PopAny drops the scratch elements from mark up, clearing them so that the pooled Cursor holds
// no decoded value. A stack grown past anyKeep elements by a wide document is let go.
func (c *Cursor) PopAny(mark int) {
	clear(c.AnyVals[mark:])
	c.AnyVals = c.AnyVals[:mark]
	if mark == 0 && cap(c.AnyVals) > anyKeep {
		c.AnyVals = nil
	}
}

// PopKeys is PopAny for the names.
func (c *Cursor) PopKeys(mark int) {
	clear(c.AnyKeys[mark:])
	c.AnyKeys = c.AnyKeys[:mark]
	if mark == 0 && cap(c.AnyKeys) > anyKeep {
		c.AnyKeys = nil
	}
}

// anyKeep bounds the scratch stack a pooled Cursor keeps between documents.
const anyKeep = 1 << 14

var cursors = sync.Pool{New: func() any { return &Cursor{Interned: new([InternSlots]string)} }}

// Get returns a Cursor from the pool of Unmarshal's, with an intern cache (see intern.go).
func Get() *Cursor { return cursors.Get().(*Cursor) }

// Put returns c to the pool.
//
// NOTE: c keeps its input: a Reset(nil) to let go of it would size the decode buffer by a
// document with no strings (see Reset). The pool drops idle cursors, and their input, at GC.
func Put(c *Cursor) { cursors.Put(c) }

// Reset makes c read data from the start, keeping its buffers.
func (c *Cursor) Reset(data []byte) {
	c.Str = Shrunk(c.Str, c.strHist.Keep(c.strMax)) // the size recent documents needed
	c.strMax = 0
	c.Data, c.Pos, c.Want, c.Names = data, 0, false, c.Names[:0]
	c.Bad, c.Depth, c.Limit = false, 0, math.MaxInt
	c.Strict, c.CheckDups, c.NameFirst = false, false, false
	c.Src, c.Base = nil, 0
}

// SetChecks makes the one pass check what a stream.Reader under the same options checks beyond
// the grammar: the depth limit, strict strings and duplicate names. A limit above MaxDepth is held to
// MaxDepth: the decoders recurse once per level, and input that nests deeper (within the limit,
// or not) is left to the check that needs no stack, which runs when the pass finds bad input.
func (c *Cursor) SetChecks(maxDepth int, strictStrings, rejectDuplicateNames bool) {
	c.Limit = min(maxDepth, MaxDepth)
	c.Strict, c.CheckDups = strictStrings, rejectDuplicateNames
}

// Fail marks the input bad and moves to its end (see Cursor).
func (c *Cursor) Fail() {
	if !c.Bad {
		c.BadAt = c.InputOffset()
	}
	c.Bad, c.Pos, c.Want = true, len(c.Data), false
}

// MaxDepth is the nesting a Reader with default options allows, which the one pass holds to so
// that it accepts exactly what the validation does.
const MaxDepth = 10_000

// AtEnd reports whether only white space follows Pos, as it must after the value.
func (c *Cursor) AtEnd() bool {
	c.Peek()
	return !c.Bad && c.Pos == len(c.Data)
}

// literal reads name (null, true or false) at Pos.
func (c *Cursor) literal(name string) {
	c.Want = false
	if i := c.Pos; i+len(name) <= len(c.Data) && string(c.Data[i:i+len(name)]) == name {
		c.Pos += len(name)
		return
	}
	c.Fail()
}

// InputOffset returns the offset in data of the next unread byte.
func (c *Cursor) InputOffset() int64 { return int64(c.Base + c.Pos) }

// Peek skips white space and returns the next byte (0 at the end of data).
func (c *Cursor) Peek() (b byte) {
	// NOTE: kept within the inlining budget (go build -gcflags=-m), as it runs before every
	// token and most tokens of compact JSON follow no space.
	if c.Pos < len(c.Data) {
		b = c.Data[c.Pos]
	}
	if b <= ' ' {
		b = c.wsSlow()
	}
	return
}

func (c *Cursor) wsSlow() byte {
	for {
		if i := jsonstr.SpaceEnd(c.Data, c.Pos); i < len(c.Data) {
			c.Pos = i
			return c.Data[i]
		}
		c.Pos = len(c.Data)
		if c.Src == nil || !c.Src.more(c) {
			return 0
		}
	}
}

// Kind reports the kind of the next value, stepping over the white space before it.
func (c *Cursor) Kind() Kind { return KindOfByte[c.Peek()] }

// A Kind is the kind of a JSON value by its first byte, numbered as stream.Kind is (a test
// holds them equal), so that the token layer and the codecs convert one to the other for free.
type Kind uint8

// The kinds of JSON values; KindNone for a byte that begins none.
const (
	KindNone Kind = iota
	KindNull
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

// KindOfByte is the kind of a value by its first byte.
var KindOfByte = [256]Kind{'{': KindObject, '[': KindArray, '"': KindString, 't': KindBool, 'f': KindBool,
	'n': KindNull, '-': KindNumber, '0': KindNumber, '1': KindNumber, '2': KindNumber, '3': KindNumber,
	'4': KindNumber, '5': KindNumber, '6': KindNumber, '7': KindNumber, '8': KindNumber, '9': KindNumber}

// Null reads a null.
func (c *Cursor) Null() {
	c.Peek()
	c.literal("null")
}

// Bool reads true or false.
func (c *Cursor) Bool() bool {
	if c.Peek() == 't' {
		c.literal("true")
		return !c.Bad
	}
	c.literal("false")
	return false
}

// Number returns the literal of the next value, a number ("0" if there is none).
func (c *Cursor) Number() []byte {
	c.Peek()
	c.Want = false
	start := c.Pos
	end, code := jsonnum.Scan(c.Data, start)
	if code != jsonnum.OK {
		c.Fail()
		return zeroLit
	}
	c.Pos = end
	return c.Data[start:end]
}

var zeroLit = []byte("0")

// QuickInt reads the next value, a number, when it is an integer of at most 18 digits (which
// an int64 holds) and without leading zeros; for anything else it reads nothing and reports
// false, and the caller reads the value as a Number, which checks it.
func (c *Cursor) QuickInt() (int64, bool) {
	data, i := c.Data, c.Pos
	neg := i < len(data) && data[i] == '-'
	if neg {
		i++
	}
	start := i
	i, n := jsonnum.DigitRun(data, i, 0) // a word at a time (ids and timestamps have 9 to 18 digits)
	if n := i - start; n == 0 || n > 18 || n > 1 && data[start] == '0' ||
		i < len(data) && isNumberByte[data[i]] { // a fraction or an exponent
		return 0, false
	}
	c.Pos, c.Want = i, false
	if neg {
		return -int64(n), true
	}
	return int64(n), true
}

// Float reads the next value, a number, as the nearest float64; ok is false for a number beyond
// the float64 range. lit is the number's literal.
func (c *Cursor) Float() (lit []byte, f float64, ok bool) {
	start := c.Pos
	c.Want = false
	// QuickFloat answers only for a well-formed literal; Number checks the others.
	if end, f, ok := jsonnum.QuickFloat(c.Data, start); ok {
		c.Pos = end
		return c.Data[start:end], f, true
	}
	lit = c.Number()
	f, code := jsonnum.ParseFloat64(lit)
	return lit, f, code == jsonnum.OK
}

var isNumberByte = [256]bool{'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true,
	'7': true, '8': true, '9': true, '-': true, '+': true, '.': true, 'e': true, 'E': true}

// StringBytes returns the value of the next value, a string: a view of data when the literal
// has no escapes (and no invalid UTF-8 to replace, which becomes U+FFFD as in encoding/json),
// else the value decoded into a buffer reused by the next call.
func (c *Cursor) StringBytes() []byte {
	c.Want = false
	if c.Peek() != '"' {
		c.Fail()
		return nil
	}
	out, end, plain, err := jsonstr.DecodeString(c.Str[:0], c.Data, c.Pos, c.Strict)
	if err != nil {
		if c.cutOff(err, true) {
			return c.StringBytes()
		}
		c.Fail()
		return nil
	}
	start := c.Pos
	c.Pos = end
	if plain {
		return c.Data[start+1 : end-1]
	}
	c.Str = out
	c.strMax = max(c.strMax, len(out))
	return out
}

// StringValue reads the next value, a string, for a Go string: b is its bytes, and owned
// reports that b is the decode buffer, given up to the caller, whose memory may become the
// string's (a long decoded value: the string then costs one allocation and one write, escaped or
// not); else the caller copies b (or interns it, Intern).
func (c *Cursor) StringValue() (b []byte, owned bool) {
	b = c.StringBytes()
	if len(b) >= ownMin && len(c.Str) == len(b) && cap(b)-len(b) <= len(b)/8 && &c.Str[0] == &b[0] {
		c.Str = nil
		return b, true
	}
	return b, false
}

// ownMin is the length from which StringValue hands the decode buffer over to a decoded value.
//
// NOTE: below it a copy costs less than growing a new buffer for the next escaped string.
const ownMin = 64 << 10

// Raw returns the next value as it is in data.
func (c *Cursor) Raw() []byte {
	c.Peek()
	if c.Src != nil {
		return c.Src.raw(c)
	}
	start := c.Pos
	c.skip()
	return c.Data[start:c.Pos]
}

// SkipValue steps over the next value.
func (c *Cursor) SkipValue() {
	c.Peek()
	c.skip()
}

// skip steps over the value at c.Pos, checking it: with the walk the Reader skips with (Skip),
// or, in stream mode, member by member with Object and Array, whose Next skips each value in turn
// and marks where the Source may drop what has been read.
func (c *Cursor) skip() {
	c.Want = false
	if c.Src != nil {
		c.skipStream()
		return
	}
	s := &c.walk
	s.Begin(c.Limit-c.Depth, c.Strict, false, c.CheckDups, true)
	s.Whole = true
	for {
		pos, step := s.Run(c.Data, c.Pos)
		c.Pos = pos
		// The walk sees all of the input, so a token it leaves is not valid; under CheckDups
		// it leaves every name.
		if step == StepDone {
			return
		}
		if step != StepName || !c.CheckDups || !c.skipName(s) {
			c.Fail()
			return
		}
		s.NameRead()
	}
}

// skipName reads, under CheckDups, the member name at c.Pos that the walk s stopped at, and
// reports whether it is valid and new to its object.
func (c *Cursor) skipName(s *Skip) bool {
	depth := c.Depth + s.Depth()
	for len(c.dups) < depth {
		c.dups = append(c.dups, openNames{})
	}
	n := &c.dups[depth-1]
	if s.First() {
		n.set.Reset()
		n.byFields = false
	}
	mark := len(c.Names)
	out, end, plain, err := jsonstr.DecodeString(c.Names, c.Data, c.Pos, c.Strict)
	if err != nil {
		return false
	}
	name := c.Data[c.Pos+1 : end-1]
	if !plain {
		name = out[mark:]
	}
	c.Names = out[:mark]
	c.Pos = end
	return !n.set.Add(name)
}

// literalOf is the literal name a value beginning with 't', 'f' or 'n' must be.
var literalOf = [256]string{'t': "true", 'f': "false", 'n': "null"}

// skipStream is skip in stream mode.
func (c *Cursor) skipStream() {
	c.Want = false
	if c.Pos >= len(c.Data) {
		c.Fail()
		return
	}
	switch c.Data[c.Pos] {
	case '"':
		if !c.Strict {
			// The skip's scan, which validates no UTF-8 (invalid UTF-8 is no error here); what
			// it gives up on (an error, or the end of what the cursor sees) the kernel reads.
			if end, _ := jsonstr.SkipString(c.Data, c.Pos); end > 0 {
				c.Pos = end
				return
			}
		}
		end, _, err := jsonstr.ScanString(c.Data, c.Pos, c.Strict)
		if err != nil {
			if c.cutOff(err, false) {
				c.skipStream()
				return
			}
			c.Fail()
			return
		}
		c.Pos = end
	case 't', 'f', 'n':
		// As the walk of skip does (literalEnd): a digit or letter may not follow.
		if end := literalEnd(c.Data, c.Pos, literalOf[c.Data[c.Pos]], true); end > 0 {
			c.Pos = end
		} else {
			c.Fail()
		}
	case '{':
		for obj := c.Object(); obj.Next(); {
		}
	case '[':
		for arr := c.Array(); arr.Next(); {
		}
	default:
		c.Number()
	}
}
