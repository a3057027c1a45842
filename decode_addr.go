package stride

import (
	"reflect"
	"sync"

	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// Decoders by address. Pointers, slices, arrays and structs are decoded by address
// (internal/rawfield), as encode_addr.go encodes them: a struct's members, the elements of a slice
// or array and a pointer's target are reached by adding offsets, and a tree of them (a struct of
// slices of pointers to structs ...) is decoded with no reflect.Value for each part. A part that
// is decoded otherwise (a map, an interface, a type with decode methods, a member of an embedded
// struct) gets an addressable reflect.Value of itself, rawfield.Value, and goes to its reflect
// decoder.
//
// The reflect decoders of these kinds hand their value's address to the decoder by address. Every
// value a decoderFunc is given is settable (it is reached from Unmarshal's pointer through
// exported members, elements and pointers), but for a pointer held by an interface, which
// newPtrDecoder handles through reflect.
//
// NOTE: golang_source.json is a tree of 12,806 *Node in []*Node members, 12,106 of them empty:
// reflect.Value.Set, New, Elem, Index, SetLen and Field took about a tenth of its typed Unmarshal.
// By address it is 1.17x as fast, canada.json ([][][2]float64 points) 1.13x; twitter and
// citm_catalog are unchanged. An empty slice is stored without reflect (rawfield.SetEmptySlice):
// reflect.NewAt looks up the pointer type of an unnamed type such as []*Node in a sync.Map, and
// doing that for each empty array gave back half the gain.

// An atDecoderFunc decodes the next value of d.r into the value of its type at p; it returns
// errors as a decoderFunc does.
type atDecoderFunc func(d *decodeState, p rawfield.Pointer) error

// atDecoders caches the decoder by address of each pointer, slice, array and struct type (see
// cached).
var atDecoders sync.Map

// atDecoder returns the decoder by address of t, or nil if t is not a pointer, slice, array or
// struct, or has decode methods of its own.
func atDecoder(t reflect.Type) atDecoderFunc {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Struct:
		if !hasDecodeMethods(t) {
			return kindAtDecoder(t)
		}
	}
	return nil
}

// kindAtDecoder returns the decoder by address of t, a pointer, slice, array or struct type, by its
// kind: t's own decode methods, if any, are the caller's to call.
func kindAtDecoder(t reflect.Type) atDecoderFunc {
	return cached(&atDecoders, t, func() atDecoderFunc {
		switch t.Kind() {
		case reflect.Pointer:
			return newPtrAtDecoder(t)
		case reflect.Slice:
			return newSliceAtDecoder(t)
		case reflect.Array:
			return newArrayAtDecoder(t)
		}
		return newStructAtDecoder(t)
	}, func(wg *sync.WaitGroup, f *atDecoderFunc) atDecoderFunc {
		return func(d *decodeState, p rawfield.Pointer) error { wg.Wait(); return (*f)(d, p) }
	})
}

// hasDecodeMethods reports whether newDecoder gives t a decoder that calls UnmarshalJSON or
// UnmarshalText: methods on the address of a named type that is not a pointer, or of a pointer
// type itself (newPtrDecoder).
func hasDecodeMethods(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		return implementsUnmarshaler(t) || t.Implements(textUnmarshalerType)
	}
	pt := reflect.PointerTo(t)
	return t.Name() != "" && (implementsUnmarshaler(pt) || pt.Implements(textUnmarshalerType))
}

// An elemDecoder decodes values of type t stored by address, for the decoders by address of the
// types that hold them: by t's own decoder by address, by decodeAt for a plain scalar, or by t's
// reflect decoder.
type elemDecoder struct {
	t    reflect.Type
	size uintptr
	at   atDecoderFunc
	fast fastKind
	dec  decoderFunc
}

func newElemDecoder(t reflect.Type) elemDecoder {
	return elemDecoder{t: t, size: t.Size(), at: atDecoder(t), fast: fastDecodeKind(t, false),
		dec: typeDecoder(t)}
}

// decode decodes the next value into the value at p.
func (e *elemDecoder) decode(d *decodeState, p rawfield.Pointer) error {
	switch {
	case e.at != nil:
		return e.at(d, p)
	case e.fast != fastNone && decodeAt(d, e.fast, p, e.size):
		return nil
	}
	return e.dec(d, rawfield.Value(e.t, p))
}

// newPtrAtDecoder decodes into the value a pointer points to, allocating it when the pointer is
// nil; null sets the pointer to nil.
func newPtrAtDecoder(t reflect.Type) atDecoderFunc {
	if endlessPointer(t) {
		return func(d *decodeState, p rawfield.Pointer) error {
			if d.r.Kind() == stream.KindNull {
				d.r.Null()
				rawfield.SetPointer(p, nil)
				return nil
			}
			d.mismatch(t)
			return nil
		}
	}
	elem := newElemDecoder(t.Elem())
	return func(d *decodeState, p rawfield.Pointer) error {
		if d.r.Kind() == stream.KindNull {
			d.r.Null()
			rawfield.SetPointer(p, nil)
			return nil
		}
		e := rawfield.Deref(p)
		if e == nil {
			e = rawfield.New(elem.t)
			rawfield.SetPointer(p, e)
		}
		return elem.decode(d, e)
	}
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
