package jsonstr

import "math/bits"

// Bracket matching (jsonread.Brackets, the unchecked skip) reads its input 64 bytes at a time as
// bit masks, one bit per byte, rather than byte by byte: quotes, backslashes and brackets are all
// it needs to find where an array or object ends, and the masks of a block tell it that with a few
// word operations, whatever the block holds.

// A BlockState is where bracket matching stands at a block boundary.
type BlockState struct {
	Depth    int    // containers open
	InString uint64 // all ones when the boundary is inside a string, else 0
	Escaped  uint64 // 1 when the first byte after the boundary is escaped, else 0
}

// SkipBlocks steps over the 64-byte blocks of src from its start, counting the brackets outside
// strings, until st.Depth falls to 0: it returns the index after the closing bracket that does it
// and true, or the bytes stepped over (every whole block) and false, with st updated. (When it
// returns true, st is left as it was given.) A backslash escapes the byte after it wherever it
// is: that byte is no quote or bracket.
func SkipBlocks(src []byte, st *BlockState) (int, bool) {
	if useSkipVector {
		return skipBlocksVector(src, st)
	}
	return skipBlocksGo(src, st)
}

// skipBlocksGo is SkipBlocks in pure Go: the twin of the vector version, and the version on
// machines without one.
func skipBlocksGo(src []byte, st *BlockState) (int, bool) {
	s := *st
	i := 0
	for ; i+64 <= len(src); i += 64 {
		b := classifyGo(src[i : i+64])
		escaped, next := Escaped(b.backslash, s.Escaped)
		// Bit j of in is set when byte j is inside a string: the running XOR of the quotes.
		in := PrefixXOR(b.quote&^escaped) ^ s.InString
		open, closing := b.open&^(in|escaped), b.close&^(in|escaped)
		if n := bits.OnesCount64(closing); n < s.Depth {
			// Fewer closing brackets than containers open: none of them can end the last.
			s.Depth += bits.OnesCount64(open) - n
		} else {
			for ; closing != 0; closing &= closing - 1 {
				c := closing & -closing
				s.Depth += bits.OnesCount64(open&(c-1)) - 1
				if s.Depth == 0 {
					return i + bits.TrailingZeros64(c) + 1, true
				}
				open &^= c - 1
			}
			s.Depth += bits.OnesCount64(open)
		}
		s.InString, s.Escaped = uint64(int64(in)>>63), next
	}
	*st = s
	return i, false
}

// A block holds the masks of 64 bytes of input: bit i of each field is set when byte i is of that
// kind.
type block struct {
	quote     uint64 // '"'
	backslash uint64 // '\\'
	open      uint64 // '[' or '{'
	close     uint64 // ']' or '}'
}

// classifyGo returns the masks of src[:64], eight lanes of a word at a time.
func classifyGo(src []byte) (b block) {
	for j := 0; j < 64; j += 8 {
		w := Load64(src, j)
		b.quote |= laneBits(equalLanes(w, '"')) << j
		b.backslash |= laneBits(equalLanes(w, '\\')) << j
		b.open |= laneBits(equalLanes(w|lsb*0x20, '{')) << j  // '[' | 0x20 is '{'
		b.close |= laneBits(equalLanes(w|lsb*0x20, '}')) << j // ']' | 0x20 is '}'
	}
	return b
}

// equalLanes sets bit 7 of exactly the lanes of w that equal c. Unlike the tricks of swar.go it is
// exact in every lane: a lane of t = w ^ c is zero only when the byte is c, and (t&0x7f)+0x7f sets
// bit 7 of a lane when its low seven bits are not all zero without carrying into the next lane
// (0x7f+0x7f < 0x100); OR-ing t adds the lanes whose bit 7 is set.
func equalLanes(w uint64, c byte) uint64 {
	t := w ^ lsb*uint64(c)
	return ^((t&^msb + lsb*0x7f) | t) & msb
}

// laneBits gathers bit 7 of each lane of m (set lanes only: m&^msb == 0) into bits 0 to 7, lane i
// to bit i. Lane i's bit (bit 8i+7, shifted to 8i) times 1<<(56-7j) lands on bit 56+i for j = i
// and, for every other j, on a bit of its own below 56 or above 63, so no two products meet and
// nothing carries into the top byte.
func laneBits(m uint64) uint64 {
	return (m >> 7) * 0x0102040810204080 >> 56
}

// Escaped returns the bytes of a block that a backslash escapes, given the block's backslashes bs
// and carry (1 when the block's first byte is escaped by the block before), and the carry for the
// next block. A run of backslashes escapes the byte after it when its length is odd (each pair is
// one escaped backslash); an escaped backslash begins no run. Only the bits of bytes other than
// backslashes are meant: callers clear quotes and brackets with them.
//
// Without a loop over the runs (the form simdjson uses): take p, the backslashes less one escaped
// by the block before, and subtract p from p<<1 | odd, where odd has the odd bits set. For a run
// of p from bit s of length L, p<<1 has bits s+1 to s+L. When s is odd, bit s is in odd too, and
// the subtraction leaves bit s+L alone; when s is even, it borrows from bit s+L and leaves it
// clear. XOR-ing odd back then sets bit s+L exactly when s+L and s differ in parity, that is when
// L is odd; every other bit outside the runs is clear again. The carry out is a backslash at bit
// 63 that escapes (the code of a run there is set on its escaping backslashes).
func Escaped(bs, carry uint64) (escaped, next uint64) {
	const odd = 0xaaaaaaaaaaaaaaaa
	p := bs &^ carry
	code := ((p<<1 | odd) - p) ^ odd
	return code ^ (bs | carry), (code & bs) >> 63
}

// PrefixXOR returns the mask whose bit i is the XOR of bits 0 to i of x: of a block's unescaped
// quotes, the bytes inside strings (each opening quote counted, each closing one not).
func PrefixXOR(x uint64) uint64 {
	x ^= x << 1
	x ^= x << 2
	x ^= x << 4
	x ^= x << 8
	x ^= x << 16
	x ^= x << 32
	return x
}
