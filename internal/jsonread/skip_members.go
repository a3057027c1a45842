package jsonread

import (
	"math/bits"

	"github.com/stridejson/stride/internal/jsonstr"
)

// Members is the fast path of a lookup (stream's Seek and Find) through the members of an object
// that data holds with the rest of the input, outside Strict, RawUTF8 and Names: from data[i], a
// boundary between its members (just inside the '{' when first, else after a member's value), it
// steps from token to token of the masks of jsonstr.TokenBlocks as runBlocks does, one chunk of
// masks kept from member to member, and shows want the name of each member, which must be plain
// ASCII (its bytes are its text). Each member value may open s.Limit containers; set it with
// Begin, as for Run.
//
// At the first member whose name want asks for it returns that member's value's index, the
// members passed before it, its name, and true. Else it returns false and the boundary after the
// last member it passed (the index of the ',' or '}' after it; i when it passed none), their
// number and the name of the last of them: at the object's end, at a name that is not plain ASCII,
// in a part dense with numbers, and at anything the walk would report, which the walk reads
// again from that boundary (what the error is, and where, is its to say).
//
// NOTE: a chunk of masks costs a block or two to start (runBlocks takes over only 512 bytes into a
// value for that reason), so a lookup that skipped the members of an object one Run each walked
// through values of a few hundred bytes byte by byte: the objects of citm_catalog.json's events,
// the top level of each tweet of an NDJSON stream. Kept across the members, it is started once;
// and a lookup of many pointers, which calls Members again after each value it reads, goes on with
// the masks it has where they hold i. So s must be told (Forget) when data changes.
func (s *Skip) Members(data []byte, i int, first bool, want func(name []byte) bool) (at, n int, name []byte, found bool) {
	if !blocksOn || i < len(data) && !endsScalar[data[i]] {
		// (At a boundary there is white space, a token's first byte, or the end: anything else
		// goes on a token before it, which the masks do not take for one.)
		return i, 0, nil, false
	}
	c := &s.chunk
	t, base := c.resume(i) // the tokens of the block at data[base:] not yet taken
	var p, end int
	var ok bool
	var nm []byte // the name of the member being read (a slice of data, not nil, once there is one)
	mark := i     // the boundary after the last member passed
	if first {
		goto name
	}
after:
	if t == 0 {
		if t, base, ok = c.nextBlock(data); !ok {
			return mark, n, name, false
		}
	}
	p = base + bits.TrailingZeros64(t)
	t &= t - 1
	if nm != nil { // not the boundary Members began at: the member's value ends before this token
		n, name, mark = n+1, nm, p
	}
	if data[p] != ',' {
		return mark, n, name, false
	}
name:
	if t == 0 {
		if t, base, ok = c.nextBlock(data); !ok {
			return mark, n, name, false
		}
	}
	p = base + bits.TrailingZeros64(t)
	t &= t - 1
	if data[p] != '"' {
		return mark, n, name, false
	}
	if t == 0 {
		if t, base, ok = c.nextBlock(data); !ok {
			return mark, n, name, false
		}
	}
	end = base + bits.TrailingZeros64(t) // the ':', after the name and any white space
	t &= t - 1
	if data[end] != ':' {
		return mark, n, name, false
	}
	for end--; data[end] != '"'; end-- { // back over the white space to the closing quote
	}
	if !plainTo(data, p+1, end) {
		return mark, n, name, false
	}
	nm = data[p+1 : end]
	if t == 0 {
		if t, base, ok = c.nextBlock(data); !ok {
			return mark, n, name, false
		}
	}
	p = base + bits.TrailingZeros64(t)
	t &= t - 1
	if want(nm) {
		return p, n, nm, true
	}
	switch ch := data[p]; ch {
	case '{', '[':
		if s.Limit < 1 {
			return mark, n, name, false
		}
		// The value's containers, from depth 1: the object's own bit is not needed.
		s.push(0, ch == '{')
		c.t, c.at = t, base
		if _, ok = s.runBlocks(data, 1, ch == '{', true); !ok {
			return mark, n, name, false
		}
		t, base = c.t, c.at
	case '"': // the masks checked it
	default:
		if end = ScalarEnd(data, p); end == 0 || end >= len(data) || !endsScalar[data[end]] {
			return mark, n, name, false
		}
	}
	goto after
}

// plainTo reports whether data[i:end] is plain ASCII, none of it a string's stop (jsonstr.Stops),
// data[end] being a '"': the first stop from i on is at end.
func plainTo(data []byte, i, end int) bool {
	for ; i+8 <= len(data); i += 8 {
		if m := jsonstr.Stops(jsonstr.Load64(data, i)); m != 0 {
			return i+jsonstr.FirstLane(m) == end
		}
	}
	for ; i < end; i++ { // the last few bytes of data
		if c := data[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// Holds reports whether s's masks hold data[i], for Members to go on with them from there.
func (s *Skip) Holds(i int) bool { return s.chunk.holds(i) }
