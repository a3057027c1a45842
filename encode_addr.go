package stride

import (
	"reflect"
	"sync"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/rawfield"
)

// Encoders by address. Everything reached through a pointer or a slice element is addressable, so
// from there on a value is walked by address (internal/rawfield): a struct's members, a slice's or
// an array's elements and a pointer's target are read in place, without a reflect.Value for each.
// A part of a type that these encoders do not handle (a map, an interface, a type with marshal
// methods, a `string` option) goes back to its reflect encoder with an addressable
// reflect.Value, so encoding/json's rules for methods on pointer receivers hold unchanged.
//
// NOTE: reflect.Value.Field, Index, Elem and Addr (with the pointer type Addr looks up) took a
// quarter to a third of Marshal's time on the bench/ documents; walking by address made
// citm_catalog marshal 1.35x and golang_source 1.26x as fast.

// A ptrEncoderFunc appends the value of its type stored at p.
type ptrEncoderFunc func(e *encodeState, p rawfield.Pointer) error

// ptrEncoders caches a ptrEncoderFunc per reflect.Type (see cached).
var ptrEncoders sync.Map

// cachedPtrEncoder returns the address encoder of t, or nil when t is not direct.
func cachedPtrEncoder(t reflect.Type) ptrEncoderFunc {
	if !direct(t, nil) {
		return nil
	}
	return cached(&ptrEncoders, t, func() ptrEncoderFunc { return newPtrEncoderOf(t) },
		func(wg *sync.WaitGroup, f *ptrEncoderFunc) ptrEncoderFunc {
			return func(e *encodeState, p rawfield.Pointer) error { wg.Wait(); return (*f)(e, p) }
		})
}

// direct reports whether values of type t are encoded by address: t has no marshal methods (on t
// or *t) and is a plain scalar (fastKindOf), a struct, a []byte, or a slice, array or pointer of a
// direct type. seen ends the walk on types such as `type T []T`.
func direct(t reflect.Type, seen map[reflect.Type]bool) bool {
	if hasMarshalMethods(t) {
		return false
	}
	switch t.Kind() {
	case reflect.Struct:
		return true
	case reflect.Slice, reflect.Array, reflect.Pointer:
		if isBytes(t) || seen[t] {
			return true
		}
		if seen == nil {
			seen = map[reflect.Type]bool{}
		}
		seen[t] = true
		return direct(t.Elem(), seen)
	}
	return fastKindOf(t, false) != fastNone
}

func hasMarshalMethods(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return implementsMarshaler(t) || t.Implements(textMarshalerType) ||
		implementsMarshaler(pt) || pt.Implements(textMarshalerType)
}

// isBytes reports whether slice type t is written as a base64 string: its elements are of a byte
// kind without marshal methods on their pointer.
func isBytes(t reflect.Type) bool {
	if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Uint8 {
		return false
	}
	p := reflect.PointerTo(t.Elem())
	return !implementsMarshaler(p) && !p.Implements(textMarshalerType)
}

// newPtrEncoderOf builds the address encoder of t, which is direct.
func newPtrEncoderOf(t reflect.Type) ptrEncoderFunc {
	switch t.Kind() {
	case reflect.Struct:
		return newStructPtrEncoder(t)
	case reflect.Slice:
		if isBytes(t) {
			return func(e *encodeState, p rawfield.Pointer) error { return e.appendBytes(rawfield.Bytes(p)) }
		}
		el := newElemAt(t.Elem())
		return func(e *encodeState, p rawfield.Pointer) error {
			data, n := rawfield.Slice(p)
			if data == nil {
				e.puts("null")
				return nil
			}
			var id any
			if e.ptrLevel >= startCycleCheck {
				id = sliceID{rawfield.Uintptr(data), n}
			}
			if !e.enter(id) {
				return cycleError(rawfield.Value(t, p))
			}
			err := e.elemsAt(data, n, &el)
			e.leave(id)
			return err
		}
	case reflect.Array:
		el, n := newElemAt(t.Elem()), t.Len()
		return func(e *encodeState, p rawfield.Pointer) error { return e.elemsAt(p, n, &el) }
	case reflect.Pointer:
		el := newElemAt(t.Elem())
		return func(e *encodeState, p rawfield.Pointer) error {
			q := rawfield.Deref(p)
			if q == nil {
				e.puts("null")
				return nil
			}
			var id any
			if e.ptrLevel >= startCycleCheck {
				id = rawfield.Value(t, p).Interface() // the key newPtrEncoder uses
			}
			if !e.enter(id) {
				return cycleError(rawfield.Value(t, p))
			}
			err := el.write(e, q)
			e.leave(id)
			return err
		}
	}
	el := newElemAt(t)
	return el.write
}

// An elemAt writes a value of a direct type at its address: a plain scalar inline, anything else
// through its address encoder.
type elemAt struct {
	t    reflect.Type
	fast fastKind
	size uintptr
	enc  ptrEncoderFunc // when fast is fastNone
}

func newElemAt(t reflect.Type) elemAt {
	el := elemAt{t: t, fast: fastKindOf(t, false), size: t.Size()}
	if el.fast == fastNone {
		el.enc = cachedPtrEncoder(t)
	}
	return el
}

func (el *elemAt) write(e *encodeState, p rawfield.Pointer) error {
	if el.fast == fastNone {
		return el.enc(e, p)
	}
	if !e.appendScalar(el.fast, p, el.size) {
		return encodeFloat(e, rawfield.Value(el.t, p), floatBits(el.fast))
	}
	return nil
}

// elemsAt writes the n elements from data on, each el.size bytes, as an array.
func (e *encodeState) elemsAt(data rawfield.Pointer, n int, el *elemAt) error {
	e.put('[')
	if el.fast == fastFloat64 && e.dst == nil {
		// NOTE: coordinates (canada.json) are arrays of float64, two by two: without the call
		// through el.write and appendScalar's switch per number, they marshal 1.05x as fast.
		for i := range n {
			if i > 0 {
				e.put(',')
			}
			x := rawfield.Float64(data, uintptr(i)*8)
			if !finite(x) {
				return encodeFloat(e, rawfield.Value(el.t, rawfield.Add(data, uintptr(i)*8)), 64)
			}
			e.took(jsonnum.AppendFloat64(e.buf, x))
		}
		e.put(']')
		return nil
	}
	for i := range n {
		if i > 0 {
			e.put(',')
		}
		if err := el.write(e, rawfield.Add(data, uintptr(i)*el.size)); err != nil {
			return err
		}
		e.maybeFlush()
	}
	e.put(']')
	return nil
}

// appendScalar writes the scalar of fast kind k (not fastNone) and size bytes at p, as its
// encoder would. It reports false, with nothing written, for a NaN or infinite float, whose error
// the caller builds.
func (e *encodeState) appendScalar(k fastKind, p rawfield.Pointer, size uintptr) bool {
	switch k {
	case fastString:
		e.quote(rawfield.String(p, 0))
	case fastInt:
		e.took(jsonnum.AppendInt(e.buf, rawfield.Int(p, 0, size)))
	case fastUint:
		e.took(jsonnum.AppendUint(e.buf, rawfield.Uint(p, 0, size)))
	case fastBool:
		if rawfield.Bool(p, 0) {
			e.puts("true")
		} else {
			e.puts("false")
		}
	case fastFloat64:
		x := rawfield.Float64(p, 0)
		if !finite(x) {
			return false
		}
		e.took(jsonnum.AppendFloat64(e.buf, x))
	default: // fastFloat32
		x := rawfield.Float32(p, 0)
		if !finite(float64(x)) {
			return false
		}
		e.took(jsonnum.AppendFloat32(e.buf, x))
	}
	return true
}

// finite reports whether x is neither NaN nor infinite.
func finite(x float64) bool { return x-x == 0 }

// scalarEmpty is the omitempty test of the scalar of fast kind k and size bytes at p.
func scalarEmpty(k fastKind, p rawfield.Pointer, size uintptr) bool {
	switch k {
	case fastString:
		return rawfield.String(p, 0) == ""
	case fastInt:
		return rawfield.Int(p, 0, size) == 0
	case fastUint:
		return rawfield.Uint(p, 0, size) == 0
	case fastBool:
		return !rawfield.Bool(p, 0)
	case fastFloat64:
		return rawfield.Float64(p, 0) == 0
	}
	return rawfield.Float32(p, 0) == 0
}

func floatBits(k fastKind) int {
	if k == fastFloat32 {
		return 32
	}
	return 64
}

// emptyAt is the omitempty test of a value of direct, non-scalar kind k at p, for the fields that
// are not neverZero: an array here has length 0.
func emptyAt(k reflect.Kind, p rawfield.Pointer) bool {
	switch k {
	case reflect.Array:
		return true
	case reflect.Slice:
		_, n := rawfield.Slice(p)
		return n == 0
	case reflect.Pointer:
		return rawfield.Deref(p) == nil
	}
	return false
}
