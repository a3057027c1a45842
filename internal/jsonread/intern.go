package jsonread

import "github.com/stridejson/stride/internal/jsonstr"

// Strings decoded by Unmarshal are interned per Cursor: a short string equal to one decoded
// recently is given the same memory instead of a new copy. Documents repeat their short strings
// (member names most of all, when objects decode into maps; and codes, languages, names of
// files), and a copy is an allocation. Sharing is invisible to Go code, since strings cannot be
// changed, and the cache holds at most InternSlots strings of InternMax bytes, let go with the
// pooled Cursor. A Decoder makes its cache at its second value, or once it holds InternFrom bytes
// of its first, so that one made to read a single small value (an HTTP request body) does not pay
// for it.
//
// NOTE: typed Unmarshal allocations went from 5,180 to 2,997 on twitter.json, 3,497 to 3,075 on
// citm_catalog.json; Unmarshal into any took 33-41% fewer (twitter 1.15x as fast, golang_source
// 1.08x, citm_catalog n.s.); typed speed was n.s.

const (
	InternSlots = 256     // a power of two
	InternMax   = 32      // longer strings repeat less and cost more to compare
	InternFrom  = 4 << 10 // a Decoder makes its cache once it holds a value this long
)

// Intern returns b as a string, the cached one if it has the same bytes.
func (c *Cursor) Intern(b []byte) string {
	if len(b) == 0 || len(b) > InternMax || c.Interned == nil {
		return string(b)
	}
	slot := &c.Interned[internHash(b)&(InternSlots-1)]
	if *slot == string(b) {
		return *slot
	}
	s := string(b)
	*slot = s
	return s
}

// internHash mixes the first and last (up to) eight bytes of b and its length.
//
// NOTE: a string shorter than eight bytes is taken whole in two overlapping loads (four bytes
// each, or three single bytes below four), not byte by byte: the loop's trip count, the length,
// changes from string to string, and its mispredicted exit cost more than the hash (7% of the
// mispredicted branches of Unmarshal of citm_catalog into any, in cachegrind's model).
func internHash(b []byte) uint64 {
	var w uint64
	switch n := len(b); {
	case n >= 8:
		w = jsonstr.Load64(b, 0) ^ jsonstr.Load64(b, n-8)*0xff51afd7ed558ccd
	case n >= 4:
		w = uint64(jsonstr.Load32(b, 0)) | uint64(jsonstr.Load32(b, n-4))<<32
	case n > 0:
		w = uint64(b[0]) | uint64(b[n/2])<<8 | uint64(b[n-1])<<16
	}
	return (w ^ uint64(len(b))) * 0x9e3779b97f4a7c15 >> 32
}

// An InternTable interns the short strings of a token reader (jsontext's Decoder), which cannot
// know whether its caller will want a string token as a Go string: it caches a string the second
// time in a row it is seen at its slot, so that strings seen once (ids, text) cost a hash and no
// allocation, and strings that repeat (member names most of all) are allocated once.
type InternTable [InternSlots]struct {
	s    string // the string cached here
	seen uint64 // the hash (| 1) of the string last seen here and not cached
}

// Lookup returns the cached string with the bytes of b, or "" when there is none yet.
func (t *InternTable) Lookup(b []byte) string {
	if len(b) == 0 || len(b) > InternMax {
		return ""
	}
	h := internHash(b)
	slot := &t[h&(InternSlots-1)]
	switch {
	case slot.s == string(b):
		return slot.s
	case slot.seen == h|1:
		slot.s, slot.seen = string(b), 0
		return slot.s
	}
	slot.seen = h | 1
	return ""
}
