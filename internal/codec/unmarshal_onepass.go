package codec

import (
	"encoding/json"
	"reflect"
	"sync"
	"time"
)

// Unmarshal stores nothing when the input has a syntax error, as encoding/json does by validating
// the whole input before it decodes. Into a zero value of a type that calls no methods of the
// caller's, Stride instead checks the input as it decodes it (see cursor), in one pass instead of
// two: on a syntax error it sets the value back to zero, which is what it was, and no code outside
// the package has seen what was stored in between. The two ways give the same result for every
// input; FuzzUnmarshal and TestOnePass compare them with encoding/json.
//
// NOTE: the validation pass was a quarter to a third of typed Unmarshal (golang_source.json,
// citm_catalog.json).

// OnePass reports whether Unmarshal may decode into v before it knows that the input is valid:
// v is a non-nil pointer, *v is zero, so whatever decoding stores was made by it, and its type
// calls no UnmarshalJSON or UnmarshalText that could act on what it is given before a later
// syntax error is found.
func OnePass(v reflect.Value) bool {
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return false
	}
	e := v.Elem()
	return selfContained(e.Type()) && e.IsZero()
}

var selfContainedTypes sync.Map // reflect.Type to bool

// selfContained reports whether decoding into a t calls no method outside this package, other
// than those of the standard types in ownMethods.
func selfContained(t reflect.Type) bool {
	if ok, found := selfContainedTypes.Load(t); found {
		return ok.(bool)
	}
	ok := walkSelfContained(t, map[reflect.Type]bool{})
	selfContainedTypes.Store(t, ok)
	return ok
}

// ownMethods are the standard types whose decode methods set their receiver and do nothing else.
var ownMethods = map[reflect.Type]bool{
	reflect.TypeFor[json.RawMessage](): true,
	reflect.TypeFor[time.Time]():       true,
}

// walkSelfContained is selfContained for t and the types a value of t holds, conservatively: every
// field counts, decoded or not. seen ends the walk on recursive types.
func walkSelfContained(t reflect.Type, seen map[reflect.Type]bool) bool {
	if ownMethods[t] || seen[t] {
		return true
	}
	if pt := reflect.PointerTo(t); implementsUnmarshaler(pt) || pt.Implements(textUnmarshalerType) {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return walkSelfContained(t.Elem(), seen)
	case reflect.Map:
		return walkSelfContained(t.Key(), seen) && walkSelfContained(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if !walkSelfContained(t.Field(i).Type, seen) {
				return false
			}
		}
	}
	return true
}
