package codec

import (
	"encoding"
	"encoding/json"
	"reflect"

	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// Every decoder decodes by address (internal/rawfield), as encode_addr.go encodes: a struct's
// members, the elements of a slice or array and a pointer's target are reached by adding offsets,
// and a tree of them (a struct of slices of pointers to structs ...) is decoded with no
// reflect.Value for each part. The decoders that need reflect (maps, interfaces with methods, the
// decode methods, scalars of named kinds) make an addressable reflect.Value of their own value,
// rawfield.Value, from its address.
//
// Every address a decoder is given is of a settable value: it is reached from Unmarshal's pointer
// through exported members, elements and pointers. A pointer that is not settable (Unmarshal's own
// argument, or one held by an interface) is decoded through, by throughPointer.
//
// NOTE: golang_source.json is a tree of 12,806 *Node in []*Node members, 12,106 of them empty:
// reflect.Value.Set, New, Elem, Index, SetLen and Field took about a tenth of its typed Unmarshal.
// By address it is 1.17x as fast, canada.json ([][][2]float64 points) 1.13x; twitter and
// citm_catalog are unchanged. An empty slice is stored without reflect (rawfield.SetEmptySlice):
// reflect.NewAt looks up the pointer type of an unnamed type such as []*Node in a sync.Map, and
// doing that for each empty array gave back half the gain.

// An elemDecoder decodes values of type t stored by address, for the decoders of the types that
// hold them (pointers, slices, arrays): a plain scalar by decodeAt, anything else by its decoder.
type elemDecoder struct {
	t    reflect.Type
	size uintptr
	fast fastKind
	dec  decoderFunc
}

func newElemDecoder(t reflect.Type) elemDecoder {
	return elemDecoder{t: t, size: t.Size(), fast: fastDecodeKind(t, false), dec: typeDecoder(t)}
}

// decode decodes the next value into the value at p.
func (e *elemDecoder) decode(d *DecodeState, p rawfield.Pointer) error {
	if e.fast != fastNone && decodeAt(d, e.fast, p, e.size) {
		return nil
	}
	return e.dec(d, p)
}

// newPtrDecoder decodes into the value a pointer points to, allocating it when the pointer is nil;
// null sets the pointer to nil. A pointer type with UnmarshalJSON or UnmarshalText gets the value
// instead.
func newPtrDecoder(t reflect.Type) decoderFunc {
	if endlessPointer(t) {
		return func(d *DecodeState, p rawfield.Pointer) error {
			if d.kind() == stream.KindNull {
				d.R.Null()
				rawfield.SetPointer(p, nil)
				return nil
			}
			d.mismatch(t)
			return nil
		}
	}
	elem := newElemDecoder(t.Elem())
	isU, isT := t.Implements(unmarshalerType), t.Implements(textUnmarshalerType)
	if V2Based && t.Elem() == timeType {
		isU = false // its decoder checks the kind first (newDecoder)
	}
	return func(d *DecodeState, p rawfield.Pointer) error {
		if d.kind() == stream.KindNull {
			d.R.Null()
			rawfield.SetPointer(p, nil)
			return nil
		}
		e := rawfield.Deref(p)
		if e == nil {
			e = rawfield.New(elem.t)
			rawfield.SetPointer(p, e)
		}
		switch {
		case isU:
			return callUnmarshaler(d, reflect.NewAt(elem.t, e).Interface().(json.Unmarshaler))
		case isT:
			return callTextUnmarshaler(d, reflect.NewAt(elem.t, e).Interface().(encoding.TextUnmarshaler), t)
		}
		return elem.decode(d, e)
	}
}

// throughPointer decodes the next value through v, a pointer that is not nil and cannot be set
// (Unmarshal's argument, or one held by an interface): into what it points to, carrying even null
// on to that, as encoding/json does; or, when the pointer type has UnmarshalJSON or UnmarshalText,
// to the method (null included for UnmarshalJSON).
func (d *DecodeState) throughPointer(v reflect.Value) error {
	t := v.Type()
	isU, isT := t.Implements(unmarshalerType), t.Implements(textUnmarshalerType)
	if V2Based && t.Elem() == timeType {
		isU = false // its decoder checks the kind first (newDecoder)
	}
	switch {
	case isU:
		return callUnmarshaler(d, v.Interface().(json.Unmarshaler))
	case isT && d.kind() != stream.KindNull:
		return callTextUnmarshaler(d, v.Interface().(encoding.TextUnmarshaler), t)
	}
	return typeDecoder(t.Elem())(d, v.UnsafePointer())
}

// endlessPointer reports whether t is a pointer type whose targets are pointers for ever, such as
// `type P *P`: a value of it holds null or nothing at all, and decoding anything else into it is a
// type error. encoding/json (Go 1.26) follows such pointers, or allocates them, for ever; Go
// 1.27's overflows the stack.
func endlessPointer(t reflect.Type) bool {
	seen := map[reflect.Type]bool{}
	for ; t.Kind() == reflect.Pointer; t = t.Elem() {
		if seen[t] {
			return true
		}
		seen[t] = true
	}
	return false
}
