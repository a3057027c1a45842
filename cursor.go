package stride

import (
	"math"
	"sync"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonstr"
	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// A cursor reads one JSON value for the decoders. It has the part of stream.Reader's methods the
// decoders use, with the same results on valid input, and leaves InputOffset where the Reader
// would, which the offsets of type errors depend on: white space before a value is consumed by
// Kind and by the method that reads the value, and after a member's ':' (or an element's ',')
// one space is stepped over at once.
//
// It checks the grammar as it goes, but keeps no error: at the first byte that breaks it, it
// sets bad and jumps to the end of data, so that every loop of the decoders ends at once, and
// the caller finds out what is wrong by validating the input (see Unmarshal). So that a decode
// that ends without bad has read valid JSON, every method checks the token it reads, Next checks
// the separators, and the decoders read values only where one is expected and containers to
// their end unless decoding stops; the caller checks that only white space follows the value.
// Every method returns a harmless value when it finds bad input (a zero number, an empty
// string), never panics, and leaves pos past where it was or at the end, so decoding ends.
type cursor struct {
	data  []byte
	pos   int
	bad   bool   // the input broke the grammar (or nested too deep) before pos
	depth int    // open arrays and objects
	limit int    // the depth allowed: maxDepth in the one pass (or a lower MaxDepth), else none
	want  bool   // Next reported a value that has not been read: the next Next skips it
	hit   bool   // NextKey read the name it was given
	names []byte // decoded names of the current members of the open objects, back to back
	name  []byte // the name the last call of an object's Next read
	str   []byte // decode buffer for StringBytes, sized as stream.Reader's (see reset)

	strMax  int // the longest string decoded in this window of documents (see Reset)
	strPrev int // the same in the window before
	docs    int // documents begun in this window

	// The checks of UnmarshalOptions, in the one pass (see setChecks): a string or name that
	// breaks one is bad input, as a syntax error is.
	strict    bool        // invalid UTF-8 and unpaired surrogate escapes (StrictStrings)
	checkDups bool        // a name repeated in an object (RejectDuplicateNames)
	dups      []openNames // with checkDups, the names of the open objects, by depth

	interned *[internSlots]string // see intern; nil interns nothing

	// In a Decoder's stream mode (see decoder_stream.go), src reads more input when data runs
	// out, and base counts the bytes of the value it has dropped from the front of data.
	src  *Decoder
	base int

	// anyVals is the scratch stack of Unmarshal into any (see anyValue): the elements of the
	// arrays and the member values of the objects being decoded, innermost on top, kept with
	// the pooled cursor.
	anyVals []any
	anyKeys []string // the names of the members of the objects being decoded, the same way
}

// popAny drops the scratch elements from mark up, clearing them so that the pooled cursor holds
// no decoded value. A stack grown past anyKeep elements by a wide document is let go.
func (c *cursor) popAny(mark int) {
	clear(c.anyVals[mark:])
	c.anyVals = c.anyVals[:mark]
	if mark == 0 && cap(c.anyVals) > anyKeep {
		c.anyVals = nil
	}
}

// popKeys is popAny for the names.
func (c *cursor) popKeys(mark int) {
	clear(c.anyKeys[mark:])
	c.anyKeys = c.anyKeys[:mark]
	if mark == 0 && cap(c.anyKeys) > anyKeep {
		c.anyKeys = nil
	}
}

// anyKeep bounds the scratch stack a pooled cursor keeps between documents.
const anyKeep = 1 << 14

var cursors = sync.Pool{New: func() any { return &cursor{interned: new([internSlots]string)} }}

// Reset makes c read data from the start, keeping its buffers.
func (c *cursor) Reset(data []byte) {
	// The decode buffer keeps the size recent documents needed: it shrinks to the longest
	// string decoded in the last keepDocs to 2*keepDocs documents only when it is more than
	// twice that (and above 4 KiB, below which shrinking saves less than it costs).
	need := max(c.strMax, c.strPrev)
	if n := cap(c.str); n > 2*need && n > 4<<10 {
		if need == 0 {
			c.str = nil
		} else {
			c.str = make([]byte, 0, need)
		}
	}
	if c.docs++; c.docs == keepDocs {
		c.strPrev, c.strMax, c.docs = c.strMax, 0, 0
	}
	c.data, c.pos, c.want, c.names = data, 0, false, c.names[:0]
	c.bad, c.depth, c.limit = false, 0, math.MaxInt
	c.strict, c.checkDups = false, false
	c.src, c.base = nil, 0
}

// keepDocs is the window of documents whose longest string a cursor's decode buffer keeps room
// for (see Reset).
//
// NOTE: sized by the last document alone, a buffer alternating between a document with a
// 1.25 MiB string and a small one was made again, by doubling, for every large one.
const keepDocs = 16

// setChecks makes the one pass check what a stream.Reader under opts checks beyond the grammar:
// the depth limit, strict strings and duplicate names. A limit above maxDepth is held to
// maxDepth: the decoders recurse once per level, and input that nests deeper (within the limit,
// or not) is left to the check that needs no stack, which runs when the pass finds bad input.
func (c *cursor) setChecks(opts *stream.ReaderOptions) {
	c.limit = min(opts.MaxDepth, maxDepth)
	c.strict, c.checkDups = opts.StrictStrings, opts.RejectDuplicateNames
}

// fail marks the input bad and moves to its end (see cursor).
func (c *cursor) fail() {
	c.bad, c.pos, c.want = true, len(c.data), false
}

// maxDepth is the nesting a Reader with default options allows, which the one pass holds to so
// that it accepts exactly what the validation does.
const maxDepth = 10_000

// atEnd reports whether only white space follows pos, as it must after the value.
func (c *cursor) atEnd() bool {
	c.ws()
	return !c.bad && c.pos == len(c.data)
}

// literal reads name (null, true or false) at pos.
func (c *cursor) literal(name string) {
	c.want = false
	if i := c.pos; i+len(name) <= len(c.data) && string(c.data[i:i+len(name)]) == name {
		c.pos += len(name)
		return
	}
	c.fail()
}

// InputOffset returns the offset in data of the next unread byte.
func (c *cursor) InputOffset() int64 { return int64(c.base + c.pos) }

// ws skips white space and returns the next byte (0 at the end of data).
func (c *cursor) ws() (b byte) {
	// NOTE: kept within the inlining budget (go build -gcflags=-m), as it runs before every
	// token and most tokens of compact JSON follow no space.
	if c.pos < len(c.data) {
		b = c.data[c.pos]
	}
	if b <= ' ' {
		b = c.wsSlow()
	}
	return
}

func (c *cursor) wsSlow() byte {
again:
	data, i := c.data, c.pos
	for i < len(data) {
		b := data[i]
		if !isSpace(b) {
			c.pos = i
			return b
		}
		i++
		// Indented documents put a run of spaces after each newline: one word compared with
		// eight spaces finds the end of a run of up to 8 (the lowest lane that differs).
		for i+8 <= len(data) {
			if x := jsonstr.Load64(data, i) ^ spaces8; x != 0 {
				i += jsonstr.FirstLane(x)
				break
			}
			i += 8
		}
	}
	c.pos = len(data)
	if c.src != nil && c.src.more(c) {
		goto again
	}
	return 0
}

const spaces8 = 0x2020202020202020

// Kind reports the kind of the next value, stepping over the white space before it.
func (c *cursor) Kind() stream.Kind { return kindOfByte[c.ws()] }

// kindOfByte is the kind of a value by its first byte.
var kindOfByte = [256]stream.Kind{'{': stream.KindObject, '[': stream.KindArray, '"': stream.KindString,
	't': stream.KindBool, 'f': stream.KindBool, 'n': stream.KindNull, '-': stream.KindNumber,
	'0': stream.KindNumber, '1': stream.KindNumber, '2': stream.KindNumber, '3': stream.KindNumber,
	'4': stream.KindNumber, '5': stream.KindNumber, '6': stream.KindNumber, '7': stream.KindNumber,
	'8': stream.KindNumber, '9': stream.KindNumber}

// Null reads a null.
func (c *cursor) Null() {
	c.ws()
	c.literal("null")
}

// Bool reads true or false.
func (c *cursor) Bool() bool {
	if c.ws() == 't' {
		c.literal("true")
		return !c.bad
	}
	c.literal("false")
	return false
}

// Number returns the literal of the next value, a number ("0" if there is none).
func (c *cursor) Number() []byte {
	c.ws()
	c.want = false
	start := c.pos
	end, code := jsonnum.Scan(c.data, start)
	if code != jsonnum.OK {
		c.fail()
		return zeroLit
	}
	c.pos = end
	return c.data[start:end]
}

var zeroLit = []byte("0")

// quickInt reads the next value, a number, when it is an integer of at most 18 digits (which
// an int64 holds) and without leading zeros; for anything else it reads nothing and reports
// false, and the caller reads the value as a Number, which checks it.
func (c *cursor) quickInt() (int64, bool) {
	data, i := c.data, c.pos
	neg := i < len(data) && data[i] == '-'
	if neg {
		i++
	}
	start := i
	var n uint64
	// Eight digits at a time while they come (ids and timestamps have 9 to 18), then one by one.
	for i+8 <= len(data) {
		w := jsonstr.Load64(data, i)
		if jsonnum.NonDigits(w) != 0 { // not eight digits
			break
		}
		n = n*100_000_000 + jsonnum.DigitsValue(w)
		i += 8
	}
	for i < len(data) && data[i]-'0' <= 9 {
		n = n*10 + uint64(data[i]-'0')
		i++
	}
	if n := i - start; n == 0 || n > 18 || n > 1 && data[start] == '0' ||
		i < len(data) && isNumberByte[data[i]] { // a fraction or an exponent
		return 0, false
	}
	c.pos, c.want = i, false
	if neg {
		return -int64(n), true
	}
	return int64(n), true
}

// float reads the next value, a number, as the nearest float64; ok is false for a number beyond
// the float64 range. lit is the number's literal.
func (c *cursor) float() (lit []byte, f float64, ok bool) {
	start := c.pos
	c.want = false
	// QuickFloat answers only for a well-formed literal; Number checks the others.
	if end, f, ok := jsonnum.QuickFloat(c.data, start); ok {
		c.pos = end
		return c.data[start:end], f, true
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
func (c *cursor) StringBytes() []byte {
	c.want = false
	if c.ws() != '"' {
		c.fail()
		return nil
	}
	out, end, plain, err := jsonstr.DecodeString(c.str[:0], c.data, c.pos, c.strict)
	if err != nil {
		if c.cutOff(err, true) {
			return c.StringBytes()
		}
		c.fail()
		return nil
	}
	start := c.pos
	c.pos = end
	if plain {
		return c.data[start+1 : end-1]
	}
	c.str = out
	c.strMax = max(c.strMax, len(out))
	return out
}

// String returns the value of the next value, a string.
func (c *cursor) String() string {
	b := c.StringBytes()
	if len(b) >= ownMin && len(c.str) == len(b) && cap(b)-len(b) <= len(b)/8 && &c.str[0] == &b[0] {
		// A long decoded value: the decode buffer becomes the string's memory instead of being
		// copied into new memory, so the string costs one allocation and one write, escaped or not.
		c.str = nil
		return rawfield.OwnString(b)
	}
	return c.intern(b)
}

// ownMin is the length from which String hands the decode buffer over to a decoded value.
//
// NOTE: below it a copy costs less than growing a new buffer for the next escaped string.
const ownMin = 64 << 10

// Raw returns the next value as it is in data.
func (c *cursor) Raw() []byte {
	c.ws()
	if c.src != nil {
		return c.src.raw(c)
	}
	start := c.pos
	c.skip()
	return c.data[start:c.pos]
}

// SkipValue steps over the next value.
func (c *cursor) SkipValue() {
	c.ws()
	c.skip()
}

// skip steps over the value at c.pos, checking it. Containers are read member by member with
// Object and Array, whose Next skips each value in turn.
func (c *cursor) skip() {
	c.want = false
	if c.pos >= len(c.data) {
		c.fail()
		return
	}
	switch c.data[c.pos] {
	case '"':
		end, _, err := jsonstr.ScanString(c.data, c.pos, c.strict)
		if err != nil {
			if c.cutOff(err, false) {
				c.skip()
				return
			}
			c.fail()
			return
		}
		c.pos = end
	case 't':
		c.literal("true")
	case 'f':
		c.literal("false")
	case 'n':
		c.literal("null")
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
