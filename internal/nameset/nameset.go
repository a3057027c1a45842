// Package nameset holds the set of member names of one JSON object, which the token layer's
// Reader and the root package's decoding cursor keep per open object to reject duplicate names.
package nameset

// A Set holds the names of one object's members. Most objects have few members: up to
// linear names are kept back to back in one buffer and compared one by one, which allocates
// nothing once the buffers have grown; a larger object moves to a map. The zero Set is empty.
type Set struct {
	names []byte // the names, back to back
	ends  []int  // where each ends in names
	m     map[string]struct{}
	big   bool // the names are in m
}

// NOTE: 16 compares of short names cost about one map insertion, which allocates its key.
const linear = 16

// Reset empties s, keeping its buffers.
func (s *Set) Reset() {
	if cap(s.names) > 64<<10 {
		s.names = nil // one huge name; do not keep its room for every object to come
	}
	s.names, s.ends = s.names[:0], s.ends[:0]
	if s.big {
		clear(s.m)
		s.big = false
	}
}

// Add adds name and reports whether it was there already.
func (s *Set) Add(name []byte) bool {
	if s.big {
		if _, dup := s.m[string(name)]; dup {
			return true
		}
		s.m[string(name)] = struct{}{}
		return false
	}
	start := 0
	for _, end := range s.ends {
		if string(s.names[start:end]) == string(name) {
			return true
		}
		start = end
	}
	if len(s.ends) < linear {
		s.names = append(s.names, name...)
		s.ends = append(s.ends, len(s.names))
		return false
	}
	if s.m == nil {
		s.m = make(map[string]struct{})
	}
	start = 0
	for _, end := range s.ends {
		s.m[string(s.names[start:end])] = struct{}{}
		start = end
	}
	s.m[string(name)] = struct{}{}
	s.big = true
	return false
}
