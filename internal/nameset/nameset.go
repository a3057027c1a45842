// Package nameset holds the set of member names of one JSON object, which the token layer's Reader
// and the codecs' decoding cursor (internal/jsonread) keep per open object to reject duplicate
// names.
package nameset

import (
	"hash/maphash"
	"math/bits"
)

// A Set holds the names of one object's members, back to back in one buffer. Most objects have
// few members: up to linear names are found by a one-byte tag of each (tagOf), eight tags to a
// word, and only a name whose tag matches is compared; past that, an open-addressing table of
// their indexes, hashed, finds a name. Once the buffers have grown nothing is allocated, however
// many names an object has. The zero Set is empty.
type Set struct {
	names []byte   // the names, back to back
	ends  []int    // where each ends in names
	tags  []byte   // the tag of each name, while not big
	table []uint32 // when big: 1 + the index of a name in ends, or 0 for an empty slot
	seed  maphash.Seed
	big   bool // the names are in table
}

// NOTE: a word of eight tags costs a few instructions, a hash and probe a call of maphash and a
// compare: with 16 names compared one by one before the table (and the table rebuilt at the 17th),
// the duplicate check was a fifth of the token reading of twitter.json, whose statuses have 25
// members and users 40 (BenchmarkSetAdd).
const linear = 64

// Reset empties s, keeping its buffers.
func (s *Set) Reset() {
	if cap(s.names) > 64<<10 {
		s.names = nil // one huge name; do not keep its room for every object to come
	}
	s.names, s.ends, s.tags = s.names[:0], s.ends[:0], s.tags[:0]
	if s.big {
		if len(s.table) > 1<<16 {
			s.table = nil // a huge object's table; objects to come are smaller
		}
		clear(s.table)
		s.big = false
	}
}

// Len returns the number of names in s.
func (s *Set) Len() int { return len(s.ends) }

// Name returns the name at index k (0 to Len()-1, in the order added), a view of s's buffer valid
// until the next Reset.
func (s *Set) Name(k int) []byte { return s.name(k) }

// name returns the name at index k.
func (s *Set) name(k int) []byte {
	start := 0
	if k > 0 {
		start = s.ends[k-1]
	}
	return s.names[start:s.ends[k]]
}

// Add adds name and reports whether it was there already.
func (s *Set) Add(name []byte) bool { return add(s, name) }

// AddString is Add for a name held as a string.
func (s *Set) AddString(name string) bool { return add(s, name) }

func add[T []byte | string](s *Set, name T) bool {
	if s.big {
		return addHashed(s, name)
	}
	t := tagOf(name)
	tags := s.tags
	i := 0
	for ; i+8 <= len(tags); i += 8 {
		// The lanes that hold t are zero in x; the lowest zero lane is flagged exactly, and a
		// lane above one may be flagged wrongly (a borrow): each flagged name is compared.
		x := load64(tags[i:i+8]) ^ lsb*uint64(t)
		for m := (x - lsb) &^ x & msb; m != 0; m &= m - 1 {
			if k := i + bits.TrailingZeros64(m)>>3; string(s.name(k)) == string(name) {
				return true
			}
		}
	}
	for ; i < len(tags); i++ {
		if tags[i] == t && string(s.name(i)) == string(name) {
			return true
		}
	}
	push(s, name)
	s.tags = append(s.tags, t)
	if len(s.ends) > linear {
		s.rehash(4 * linear)
	}
	return false
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// tagOf is a byte of name's length and its first and last bytes: names of one object seldom share
// all three.
func tagOf[T []byte | string](name T) byte {
	n := len(name)
	if n == 0 {
		return 0
	}
	return byte(n) ^ name[0] ^ name[n-1]<<3 ^ name[n/2]<<5
}

// load64 reads b[:8] little-endian, in one load.
func load64(b []byte) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// push appends name to the buffer.
func push[T []byte | string](s *Set, name T) {
	s.names = append(s.names, name...)
	s.ends = append(s.ends, len(s.names))
}

// addHashed is Add once the names are in the table.
func addHashed[T []byte | string](s *Set, name T) bool {
	mask := uint64(len(s.table) - 1)
	for i := hashOf(s.seed, name) & mask; ; i = (i + 1) & mask {
		k := s.table[i]
		if k == 0 {
			push(s, name)
			s.table[i] = uint32(len(s.ends))
			if 2*len(s.ends) > len(s.table) {
				s.rehash(2 * len(s.table))
			}
			return false
		}
		if string(s.name(int(k-1))) == string(name) {
			return true
		}
	}
}

// hashOf is name's hash under seed, the same for a []byte as for a string of the same bytes.
func hashOf[T []byte | string](seed maphash.Seed, name T) uint64 {
	switch name := any(name).(type) {
	case []byte:
		return maphash.Bytes(seed, name)
	case string:
		return maphash.String(seed, name)
	}
	panic("unreachable")
}

// rehash puts every name into a table of n slots (a power of two, more than twice the names).
func (s *Set) rehash(n int) {
	if s.seed == (maphash.Seed{}) {
		s.seed = maphash.MakeSeed()
	}
	if cap(s.table) >= n {
		s.table = s.table[:n]
		clear(s.table)
	} else {
		s.table = make([]uint32, n)
	}
	mask := uint64(n - 1)
	for k := range s.ends {
		i := hashOf(s.seed, s.name(k)) & mask
		for s.table[i] != 0 {
			i = (i + 1) & mask
		}
		s.table[i] = uint32(k + 1)
	}
	s.big = true
}
