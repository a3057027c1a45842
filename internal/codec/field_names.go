package codec

import "github.com/stridejson/stride/internal/jsonread"

// fieldNames finds a struct's field by a member's exact name without hashing, for the decoders
// of both APIs. Documents mostly list members in the struct's order, so the field after the last
// one found comes first: by its key, as NextKey reads the name (a hit), or else by a compare of
// the name read (one with escapes, say); then the fields of the name's length. A name longer than
// every field's matches none.
type fieldNames struct {
	names []string
	keys  []jsonread.NameKey // of names, and one zero key past the end, for NextKey
	byLen [][]int32          // indexes into names, by name length
}

func newFieldNames(names []string) *fieldNames {
	t := &fieldNames{names: names, keys: make([]jsonread.NameKey, len(names)+1)}
	for i, name := range names {
		t.keys[i] = jsonread.KeyOf(name)
		for len(t.byLen) <= len(name) {
			t.byLen = append(t.byLen, nil)
		}
		t.byLen[len(name)] = append(t.byLen[len(name)], int32(i))
	}
	return t
}

// find returns the index of the field named name, the first if several are, or -1; next is the
// index tried first.
func (t *fieldNames) find(name []byte, next int) int {
	if next < len(t.names) && t.names[next] == string(name) {
		return next
	}
	if len(name) < len(t.byLen) {
		for _, i := range t.byLen[len(name)] {
			if t.names[i] == string(name) {
				return int(i)
			}
		}
	}
	return -1
}
