package jsonread

import (
	"math/bits"

	"github.com/stridejson/stride/internal/jsonstr"
)

// blocksOn is whether Run takes its fast path (runBlocks) where it may: where jsonstr.TokenBlocks
// has vector code. Tests turn it on everywhere, to hold the walk to Run on every machine.
var blocksOn = jsonstr.TokenVector()

// denseNumbers: where a chunk holds more numbers than this, runBlocks hands the rest of the
// container to the walk.
//
// NOTE: the masks save nothing on the bytes of a number (the number is scanned anyway) and cost a
// step per token: canada.json (25 numbers in most chunks of 512 bytes), marine_ik.json (26) and
// mesh.json (34) were validated 1.3-1.4x slower with the masks throughout, while instruments.json
// (11, at most 16) was 1.3x faster; twitter.json has at most 8, citm_catalog.json 14.
const denseNumbers = 20

// chunkBlocks is the most 64-byte blocks runBlocks classifies at a time. A skip classifies one
// block first, then twice as many each time up to this, so a small container costs one block.
const chunkBlocks = 8

// A tokenChunk holds where the tokens of a few blocks of a container begin, for runBlocks.
type tokenChunk struct {
	st    jsonstr.TokenState
	base  int // the index in data of the chunk's first byte
	next  int // the index in data of the next chunk's first byte
	size  int // the blocks of the next chunk
	n     int // tokens in idx
	nums  int // numbers read in this chunk
	masks [2 * chunkBlocks]uint64
	idx   [64 * chunkBlocks]uint16 // where each token begins, from base
	pad   [64]byte                 // the last bytes of data, padded with spaces
}

// fill classifies the next chunks of data until one holds a token, and lists its tokens; false
// where data ends first, or the masks find a byte that may not be where it is, or an escape inside
// a string is not valid.
func (c *tokenChunk) fill(data []byte) bool {
	for {
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
		if !jsonstr.TokenBlocks(src, &c.st, c.masks[:2*nb]) {
			return false
		}
		c.base, c.next = from, from+64*nb
		n := 0
		for b := range nb {
			if e := c.masks[2*b+1]; e != 0 && !escapesValid(data, from+64*b, e) {
				return false
			}
			for t := c.masks[2*b]; t != 0; t &= t - 1 {
				c.idx[n] = uint16(64*b + bits.TrailingZeros64(t))
				n++
			}
		}
		if c.n, c.nums = n, 0; n > 0 {
			return true
		}
	}
}

// escapesValid reports whether the escaped bytes of the block at data[base:], the bits of m, are
// each one an escape may have: one of "\/bfnrt, or u and four hex digits.
func escapesValid(data []byte, base int, m uint64) bool {
	for ; m != 0; m &= m - 1 {
		q := base + bits.TrailingZeros64(m)
		if q >= len(data) {
			return false
		}
		switch data[q] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		case 'u':
			if q+5 > len(data) || !isHex[data[q+1]] || !isHex[data[q+2]] || !isHex[data[q+3]] || !isHex[data[q+4]] {
				return false
			}
		default:
			return false
		}
	}
	return true
}

var isHex = func() (t [256]bool) {
	for _, c := range []byte("0123456789abcdefABCDEF") {
		t[c] = true
	}
	return
}()

// endsScalar holds the bytes that may follow a number or literal for the token after it to begin
// there: white space, punctuation and a quote. Any other byte continues the run of bytes the
// masks took for one token, which is then not the number or literal it began as.
var endsScalar = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\r{}[]:,\"") {
		t[c] = true
	}
	return
}()

// runBlocks is Run's fast path over an array or object at data[i] ('[' or '{') that data holds
// with the rest of the input, outside Strict, RawUTF8 and Names: it steps from token to token of
// the masks of jsonstr.TokenBlocks, checking the grammar as Run does, while the masks check the
// bytes between the tokens (inside strings, white space) and fill the escapes. It returns the index
// after the container and true. Or it returns false: with 0, for Run to walk the container itself
// from i, wherever it meets anything Run would report (what the error is, and where, is Run's to
// say), a container deeper than Limit, or the end of data; or with the index of a value, in a part
// of the container dense with numbers, for Run to go on from there, with s's state (Expect, Depth,
// InObject) set as Run's would be there.
//
// NOTE: the masks make a string or a run of white space cost the same whatever its length, with a
// step per token only: twitter.json, 632 KB with 168 KB of indentation, validated 1.9x as fast.
func (s *Skip) runBlocks(data []byte, i int) (int, bool) {
	c := &s.chunk
	c.st, c.next, c.size, c.n = jsonstr.TokenState{}, i, 1, 0
	k, depth, obj := 0, 0, false
	var p, end int
	var ch byte
value:
	if k == c.n {
		if !c.fill(data) {
			return 0, false
		}
		k = 0
	}
	p = c.base + int(c.idx[k])
	k++
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
		if end = shortIntEnd(data, p); end == 0 {
			end = numberEnd(data, p, true)
		}
	}
	if end == 0 || end >= len(data) || !endsScalar[data[end]] {
		return 0, false
	}
after:
	if k == c.n {
		if !c.fill(data) {
			return 0, false
		}
		k = 0
	}
	p = c.base + int(c.idx[k])
	k++
	if ch = data[p]; ch == ',' {
		if obj {
			goto name
		}
		goto value
	}
	if ch == '}' && obj || ch == ']' && !obj {
		if depth--; depth == 0 {
			return p + 1, true
		}
		obj = s.objAt(depth)
		goto after
	}
	return 0, false
first:
	if k == c.n {
		if !c.fill(data) {
			return 0, false
		}
		k = 0
	}
	p = c.base + int(c.idx[k])
	k++
	if ch = data[p]; ch == '}' && obj || ch == ']' && !obj {
		if depth--; depth == 0 {
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
	if k == c.n {
		if !c.fill(data) {
			return 0, false
		}
		k = 0
	}
	p = c.base + int(c.idx[k])
	k++
nameAt:
	if data[p] != '"' {
		return 0, false
	}
	if k == c.n {
		if !c.fill(data) {
			return 0, false
		}
		k = 0
	}
	p = c.base + int(c.idx[k])
	k++
	if data[p] != ':' {
		return 0, false
	}
	goto value
}
