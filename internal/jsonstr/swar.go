package jsonstr

import "math/bits"

// SIMD within a register: eight bytes ("lanes") of a uint64 are tested at once.
//
// The tests below are the classic has-less-than and has-zero-byte tricks (Alan Mycroft's has-zero,
// popularised by Sean Anderson's "Bit Twiddling Hacks"; segmentio/encoding uses the same forms):
//
//   - w - lsb*k sets bit 7 of a lane whose byte b is below k (the subtraction wraps), or is at least
//     0x80+k (bit 7 was already set).
//   - (w ^ lsb*c) - lsb turns a lane equal to c into zero, which wraps to 0xff: bit 7 is set when b == c,
//     or when b ^ c >= 0x81, which needs b >= 0x80.
//   - w itself has bit 7 set in every lane whose byte is at least 0x80.
//
// OR-ing these and keeping bit 7 of each lane flags every ASCII lane that is a stop, and every non-ASCII
// lane. A subtraction borrows out of a lane only when that lane wrapped, that is when the lane is
// itself a stop; so lanes above a true stop may be flagged wrongly, but the lowest flagged lane is
// always a true stop. Callers use only the lowest one (FirstLane) and rescan after it.
const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// load64 returns the 8 bytes s[i:i+8] as a little-endian word. The byte-wise form compiles to a single
// load for both string and []byte instantiations (checked by TestHotFunctionsInline's build and by
// the benchmarks), which binary.LittleEndian.Uint64 cannot offer a string.
func load64[S ~string | ~[]byte](s S, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// The exported leaves below are the word tricks of this file, for this package's kernels and for the
// packages above (stream, the codecs, internal/jsonnum), which used to keep copies of them. They are
// not generic: a generic function called from another package goes through a dictionary unless it
// inlines, and these are small enough that each inlines into its callers as the few instructions it
// is (TestLeavesInline holds every call of them in the module to that).

// Load64 returns b[i:i+8] as a little-endian word: the bounds check of that slice expression, which
// the compiler often proves away in a loop, and one 64-bit load (MOVQ on amd64). Callers make sure
// that i+8 <= len(b): the slice expression is checked against cap(b), not len(b). It is written out
// because encoding/binary imports reflect, which package stream and the kernels must not depend on
// (binary.LittleEndian.Uint64(b[i:]) also costs a second check, against len(b)).
//
// NOTE: it is load64's body for a []byte, not a call of load64: a call inlined inside an inlined
// call leaves a one-byte NOP (the outer call's inline mark) in the caller's loop, one per load.
func Load64(b []byte, i int) uint64 {
	b = b[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// Load32 returns b[i:i+4] as a little-endian word, as Load64 does for eight bytes.
func Load32(b []byte, i int) uint32 {
	b = b[i : i+4]
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// Stops flags, in bit 7 of each lane of w, the bytes that end a plain run of a string literal as
// the string kernels read it, the stops of the default policy: '"', '\\', control bytes below 0x20,
// and every byte from 0x80 up (UTF-8 that must be validated). Only the lowest flagged lane is exact
// (see the top of this file): take it with FirstLane.
func Stops(w uint64) uint64 {
	return (w | (w - lsb*0x20) | ((w ^ lsb*'"') - lsb) | ((w ^ lsb*'\\') - lsb)) & msb
}

// QuoteStops flags, in bit 7 of each lane of w, '"', '\\' and bytes below 0x20: the bytes that end a
// run of a string literal when its UTF-8 need not be checked (a skip, IndexQuote). It is Stops
// without the high bytes: a lane from 0x80 up can set bit 7 of the subtractions without being a
// stop, and &^ w clears it; such a lane never wraps, so it sends no borrow up, and the lowest
// flagged lane stays exact.
func QuoteStops(w uint64) uint64 {
	return ((w - lsb*0x20) | ((w ^ lsb*'"') - lsb) | ((w ^ lsb*'\\') - lsb)) &^ w & msb
}

// stopsExtra flags control bytes, bytes from 0x80 up, and the bytes of four masked-equality slots
// (see slots), which hold '"' and '\\' as well as the policy's extra stops. OR-ing a lane with a
// one-bit mask before the has-zero test keeps its exactness: the lane becomes zero only for the two
// bytes of the pair, and the OR never changes bit 7 or creates a borrow.
func stopsExtra(w uint64, s *slots) uint64 {
	return (w | (w - lsb*0x20) |
		(((w | s.or[0]) ^ s.eq[0]) - lsb) | (((w | s.or[1]) ^ s.eq[1]) - lsb) |
		(((w | s.or[2]) ^ s.eq[2]) - lsb) | (((w | s.or[3]) ^ s.eq[3]) - lsb)) & msb
}

// FirstLane returns the index (0 to 7) of the lowest flagged lane of m, a non-zero mask such as
// Stops returns: the offset of the first stop in the word.
func FirstLane(m uint64) int { return bits.TrailingZeros64(m) >> 3 }

// store64 writes v little-endian to b[0:8]. It is binary.LittleEndian.PutUint64, written here because
// the compiler does not inline that call into this package's generic functions once instantiated in
// another package (seen with Go 1.26: a real call per store); this form compiles to one store.
func store64(b []byte, v uint64) {
	_ = b[7]
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	b[4], b[5], b[6], b[7] = byte(v>>32), byte(v>>40), byte(v>>48), byte(v>>56)
}
