// Package nameset holds the set of member names of one JSON object, which the token layer's Reader
// and the codecs' decoding cursor (internal/jsonread) keep per open object to reject duplicate
// names.
package nameset

import "hash/maphash"

// A Set holds the names of one object's members, back to back in one buffer. Most objects have
// few members: up to linear names are compared one by one; past that, an open-addressing table of
// their indexes, hashed, finds a name. Once the buffers have grown nothing is allocated, however
// many names an object has. The zero Set is empty.
type Set struct {
	names []byte   // the names, back to back
	ends  []int    // where each ends in names
	table []uint32 // when big: 1 + the index of a name in ends, or 0 for an empty slot
	seed  maphash.Seed
	big   bool // the names are in table
}

// NOTE: 16 compares of short names cost about one hash and probe.
const linear = 16

// Reset empties s, keeping its buffers.
func (s *Set) Reset() {
	if cap(s.names) > 64<<10 {
		s.names = nil // one huge name; do not keep its room for every object to come
	}
	s.names, s.ends = s.names[:0], s.ends[:0]
	if s.big {
		if len(s.table) > 1<<16 {
			s.table = nil // a huge object's table; objects to come are smaller
		}
		clear(s.table)
		s.big = false
	}
}

// name returns the name at index k.
func (s *Set) name(k int) []byte {
	start := 0
	if k > 0 {
		start = s.ends[k-1]
	}
	return s.names[start:s.ends[k]]
}

// Add adds name and reports whether it was there already.
func (s *Set) Add(name []byte) bool {
	if s.big {
		return s.addHashed(name)
	}
	start := 0
	for _, end := range s.ends {
		if string(s.names[start:end]) == string(name) {
			return true
		}
		start = end
	}
	s.push(name)
	if len(s.ends) > linear {
		s.rehash(4 * linear)
	}
	return false
}

// push appends name to the buffer.
func (s *Set) push(name []byte) {
	s.names = append(s.names, name...)
	s.ends = append(s.ends, len(s.names))
}

// addHashed is Add once the names are in the table.
func (s *Set) addHashed(name []byte) bool {
	mask := uint64(len(s.table) - 1)
	for i := maphash.Bytes(s.seed, name) & mask; ; i = (i + 1) & mask {
		k := s.table[i]
		if k == 0 {
			s.push(name)
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
		i := maphash.Bytes(s.seed, s.name(k)) & mask
		for s.table[i] != 0 {
			i = (i + 1) & mask
		}
		s.table[i] = uint32(k + 1)
	}
	s.big = true
}
