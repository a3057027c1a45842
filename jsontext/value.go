package jsontext

import (
	"errors"
	"sync"

	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/internal/jsonstr"
	"github.com/stridejson/stride/stream"
)

// A Value is the text of one JSON value, as it is (with its white space). Its methods check and
// reformat it; a Value passes to and from the standard package's Value as plain bytes.
type Value []byte

// Clone returns a copy of v.
func (v Value) Clone() Value {
	if v == nil {
		return nil
	}
	return append(Value{}, v...)
}

// String returns v as a string; "null" for a nil Value.
func (v Value) String() string {
	if v == nil {
		return "null"
	}
	return string(v)
}

// IsValid reports whether v is one valid JSON value with only white space around it, under the
// options (AllowDuplicateNames and AllowInvalidUTF8; by default, as RFC 7493 has it, a repeated
// member name or invalid UTF-8 makes it invalid).
func (v Value) IsValid(opts ...Options) bool {
	dups, _ := jsonopts.GetBool(opts, jsonopts.AllowDuplicateNames)
	badUTF8, _ := jsonopts.GetBool(opts, jsonopts.AllowInvalidUTF8)
	p := &checkers[b2i(dups)<<1|b2i(badUTF8)]
	r, _ := p.Get().(*stream.Reader)
	if r == nil {
		r = stream.NewReader(nil, stream.ReaderOptions{RejectDuplicateNames: !dups, StrictStrings: !badUTF8})
	}
	r.Reset(v)
	ok := r.SkipValue() == nil && r.End() == nil
	r.Reset(nil)
	p.Put(r)
	return ok
}

// checkers pools the Readers of IsValid, by options: AllowDuplicateNames<<1 | AllowInvalidUTF8.
var checkers [4]sync.Pool

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Kind returns the kind of the value, by its first byte after white space (KindInvalid for
// none). It does not check the value.
func (v Value) Kind() Kind {
	if i := jsonstr.SpaceEnd(v, 0); i < len(v) {
		return kindOf[v[i]]
	}
	return KindInvalid
}

// MarshalJSON returns v (null for a nil Value); it does not check it.
func (v Value) MarshalJSON() ([]byte, error) {
	if v == nil {
		return []byte("null"), nil
	}
	return v, nil
}

// UnmarshalJSON sets v to a copy of b; it does not check it.
func (v *Value) UnmarshalJSON(b []byte) error {
	if v == nil {
		return errors.New("jsontext.Value: UnmarshalJSON on nil pointer")
	}
	*v = append((*v)[:0], b...)
	return nil
}
