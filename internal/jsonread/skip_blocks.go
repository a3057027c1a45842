package jsonread

import (
	"math"
	"math/bits"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonstr"
)

// blocksOn is whether Run takes its fast path (runBlocks) where it may: where jsonstr.TokenBlocks
// has vector code (the pure-Go twin is slower than the walk). Tests turn it on everywhere, to hold the walk to Run on every machine.
var blocksOn = jsonstr.TokenVector()

// denseNumbers: where a chunk holds more numbers than this, runBlocks hands the container back to
// the walk at the next number, to take it over again blocksAfterDense bytes on.
//
// NOTE: the masks save nothing on the bytes of a number (the number is scanned anyway) and cost a
// step per token: canada.json (25 numbers in most chunks of 512 bytes), marine_ik.json (26) and
// mesh.json (34) were validated 1.3-1.4x slower with the masks throughout, while instruments.json
// (11, at most 16) was 1.3x faster; twitter.json has at most 8, citm_catalog.json 14.
const denseNumbers = 20

// The fast path takes over from the walk at the first ',' blocksAfter bytes into a value, and
// blocksAfterDense bytes after it handed a part dense with numbers back; noBlocks, never. Where it
// stops at an error, the walk goes on to report it, and the fast path does not take over again.
//
// NOTE: the walk is the faster through a small container (the masks' first blocks cost more than
// they save) and through a run of numbers. With blocksAfter at 0 (the fast path from the first
// byte of every array and object) the lookup near the start of citm_catalog.json, which passes
// many objects of a few hundred bytes, took 1.3x as long; at 256, 1.1x; at 512 and 1024 about as
// long as with the walk alone; at the end of each line of the NDJSON stream of tweets (compact
// objects of a few KB), 512 was 1.1x as fast as 1024 (bench/ BenchmarkPointers).
var blocksAfter, blocksAfterDense = 512, 4096 // variables for the tests

const noBlocks = math.MaxInt

// chunkBlocks is the most 64-byte blocks runBlocks classifies at a time. It classifies one block
// first, then twice as many each time up to this, so a container that ends soon after it takes
// over costs it a block or two, not a whole chunk.
const chunkBlocks = 8

// A tokenChunk holds the masks of a few blocks of a container, for runBlocks.
type tokenChunk struct {
	st    jsonstr.TokenState
	base  int    // the index in data of the chunk's first byte
	next  int    // the index in data of the next chunk's first byte
	size  int    // the blocks of the next chunk
	nb    int    // the blocks of this chunk
	blk   int    // the block runBlocks is in
	nums  int    // numbers read in this chunk
	t     uint64 // the tokens of the block at data[at:] not yet taken, where runBlocks left off
	at    int
	masks [2 * chunkBlocks]uint64
	pad   [64]byte // the last bytes of data, padded with spaces
}

// start makes c classify data from i on (a boundary between tokens, outside any string), one block
// first. Until a chunk is classified, its masks hold nothing (holds).
func (c *tokenChunk) start(i int) {
	c.st, c.base, c.next, c.size, c.nb, c.blk, c.t, c.at = jsonstr.TokenState{}, i, i, 1, 0, 0, 0, 0
}

// resume makes c go on from i, a boundary between tokens outside any string, and returns the
// tokens from i on of the block it is in, and the index of the block: where c's masks hold i
// (they were made of the same data, from an earlier boundary), from them; else c starts there, and
// returns no tokens, for nextBlock to classify the first chunk.
func (c *tokenChunk) resume(i int) (t uint64, base int) {
	if c.holds(i) {
		c.blk = (i - c.base) >> 6
		base = c.base + c.blk<<6
		return c.masks[2*c.blk] &^ (1<<(i-base) - 1), base
	}
	c.start(i)
	return 0, 0
}

// holds reports whether c's masks are of data[i].
func (c *tokenChunk) holds(i int) bool { return c.base <= i && i < c.next }

// Forget makes s classify its input afresh: its caller's data has changed (Reset of a Reader).
func (s *Skip) Forget() { s.chunk.start(0) }

// nextBlock moves on to the next block that holds a token, classifying the next chunk when this one
// is done, and returns the block's token mask and the index in data of its first byte; false where
// data ends first, or the masks find a byte that may not be where it is, or an escape inside a
// string is not valid.
//
// NOTE: runBlocks takes its tokens from the masks bit by bit, with no list of their indexes in
// between: listing them (eight stores a step, as simdjson's flattening does) cost as much as the
// classification itself, on the NDJSON stream of tweets (compact: a token every 8 bytes or so).
func (c *tokenChunk) nextBlock(data []byte) (uint64, int, bool) {
	for {
		if c.blk++; c.blk >= c.nb {
			if !c.fill(data) {
				return 0, 0, false
			}
			c.blk = 0
		}
		if t := c.masks[2*c.blk]; t != 0 {
			return t, c.base + 64*c.blk, true
		}
	}
}

// fill classifies the next chunk of data and checks the escapes the masks find in it; false where
// data ends first, or the masks find a byte that may not be where it is, or an escape is not valid.
func (c *tokenChunk) fill(data []byte) bool {
	from := c.next
	if from >= len(data) {
		return false
	}
	nb := min(c.size, (len(data)-from)/64)
	c.size = min(2*c.size, chunkBlocks)
	src := data[from : from+64*nb]
	if nb == 0 {
		n := copy(c.pad[:], data[from:])
		for k := n; k < 64; k++ {
			c.pad[k] = ' '
		}
		src, nb = c.pad[:], 1
	}
	// Where it fails, the masks are of no chunk, and the range they held is emptied (resume).
	if !jsonstr.TokenBlocks(src, &c.st, c.masks[:2*nb]) {
		c.next = c.base
		return false
	}
	for b := range nb {
		if e := c.masks[2*b+1]; e != 0 && !escapesValid(data, from+64*b, e) {
			c.next = c.base
			return false
		}
	}
	c.base, c.next, c.nb, c.nums = from, from+64*nb, nb, 0
	return true
}

// escapesValid reports whether the escaped bytes of the block at data[base:], the bits of m, each
// end a valid escape, as the walk's string scan checks them (jsonstr.EscapeLen, from the backslash
// before the byte).
func escapesValid(data []byte, base int, m uint64) bool {
	for ; m != 0; m &= m - 1 {
		if jsonstr.EscapeLen(data, base+bits.TrailingZeros64(m)-1) == 0 {
			return false
		}
	}
	return true
}

// endsScalar holds the bytes that may follow a number or literal for the token after it to begin
// there: white space, punctuation and a quote. Any other byte continues the run of bytes the
// masks took for one token, which is then not the number or literal it began as.
var endsScalar = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\r{}[]:,\"") {
		t[c] = true
	}
	return
}()

// fromBlocks is runBlocks for Run, which goes on from data[i] where it fails: the bits of the
// containers open there, which runBlocks may have written over (a container closed and another
// opened at its depth), are as they were.
func (s *Skip) fromBlocks(data []byte, i, depth int, obj bool) (int, bool) {
	s.saved = append(s.saved[:0], s.bits[:(depth+63)>>6]...)
	s.chunk.start(i)
	end, ok := s.runBlocks(data, depth, obj, false)
	if !ok && end == 0 {
		copy(s.bits, s.saved)
	}
	return end, ok
}

// runBlocks is Run's fast path through an array or object that data holds with the rest of the
// input, outside Strict, RawUTF8 and Names, depth containers open (obj: the innermost is an
// object), from where s.chunk stands: just after the innermost container's opening bracket (open),
// or after a value in it, the chunk started at the ',' after that value (chunk.start). It steps
// from token to token of the masks of jsonstr.TokenBlocks, checking the grammar as Run does, while
// the masks check the bytes between the tokens (inside strings, white space) and find the escapes,
// which fill checks. It returns the index after the depth containers close and true, the chunk
// left at the token after them. Or it returns false: with 0, for Run to go on from the ',' itself,
// wherever it meets anything Run would report (what the error is, and where, is Run's to say), a
// container deeper than Limit, or the end of data; or with the index of a value, in a part dense
// with numbers, for Run to go on from there, s's state (Expect, Depth, InObject) set as Run's
// would be there.
//
// NOTE: the masks make a string or a run of white space cost the same whatever its length, with a
// step per token only: twitter.json, 632 KB with 168 KB of indentation, validated 1.4x as fast.
// Each state takes its next token with the same six lines, as Run's labels each call spaceEnd:
// as a method they do not inline (cost 91 of 80), and a call per token made the skip of
// twitter.json and citm_catalog.json 1.3-1.4x slower.
func (s *Skip) runBlocks(data []byte, depth int, obj, open bool) (int, bool) {
	c := &s.chunk
	t, at := c.t, c.at // the tokens of the block at data[at:] not yet taken
	var p, end int
	var ch byte
	var ok bool
	if open {
		goto first
	}
	goto after
value:
	if t == 0 {
		if t, at, ok = c.nextBlock(data); !ok {
			return 0, false
		}
	}
	p = at + bits.TrailingZeros64(t)
	t &= t - 1
valueAt:
	switch ch = data[p]; ch {
	case '{', '[':
		if depth >= s.Limit {
			return 0, false
		}
		obj = ch == '{'
		s.push(depth, obj)
		depth++
		goto first
	case '"':
		goto after
	case 't':
		end = literalEnd(data, p, "true", true)
	case 'f':
		end = literalEnd(data, p, "false", true)
	case 'n':
		end = literalEnd(data, p, "null", true)
	default:
		if KindOfByte[ch] != KindNumber {
			return 0, false
		}
		if c.nums++; c.nums > denseNumbers {
			// Dense with numbers: the walk, from this value on.
			s.st, s.depth, s.obj = ExpectMember, depth, obj
			if !obj {
				s.st = ExpectElement
			}
			return p, false
		}
		if end = jsonnum.ShortEnd(data, p); end == 0 {
			end = numberEnd(data, p, true)
		}
	}
	if end == 0 || end >= len(data) || !endsScalar[data[end]] {
		return 0, false
	}
after:
	if t == 0 {
		if t, at, ok = c.nextBlock(data); !ok {
			return 0, false
		}
	}
	p = at + bits.TrailingZeros64(t)
	t &= t - 1
	if ch = data[p]; ch == ',' {
		if obj {
			goto name
		}
		goto value
	}
	if ch == '}' && obj || ch == ']' && !obj {
		if depth--; depth == 0 {
			c.t, c.at = t, at
			return p + 1, true
		}
		obj = s.objAt(depth)
		goto after
	}
	return 0, false
first:
	if t == 0 {
		if t, at, ok = c.nextBlock(data); !ok {
			return 0, false
		}
	}
	p = at + bits.TrailingZeros64(t)
	t &= t - 1
	if ch = data[p]; ch == '}' && obj || ch == ']' && !obj {
		if depth--; depth == 0 {
			c.t, c.at = t, at
			return p + 1, true
		}
		obj = s.objAt(depth)
		goto after
	}
	if !obj {
		goto valueAt
	}
	goto nameAt
name:
	if t == 0 {
		if t, at, ok = c.nextBlock(data); !ok {
			return 0, false
		}
	}
	p = at + bits.TrailingZeros64(t)
	t &= t - 1
nameAt:
	if data[p] != '"' {
		return 0, false
	}
	if t == 0 {
		if t, at, ok = c.nextBlock(data); !ok {
			return 0, false
		}
	}
	p = at + bits.TrailingZeros64(t)
	t &= t - 1
	if data[p] != ':' {
		return 0, false
	}
	goto value
}
