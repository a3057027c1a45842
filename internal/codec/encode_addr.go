package codec

import (
	"reflect"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/rawfield"
)

// Every encoder encodes by address (internal/rawfield): a struct's members, a slice's or an
// array's elements and a pointer's target are read in place, without a reflect.Value for each.
// A value that is not addressable in Go is encoded where it is all the same: an interface's
// value where the interface holds it (rawfield.IfaceData), a map's values from a copy; its
// encoder is the one built for values that do not count as addressable (encKey.addr), so
// encoding/json's rules for methods on pointer receivers hold unchanged. The encoders that need
// reflect (maps, marshal methods, errors) make a reflect.Value of their own value from its
// address.
//
// NOTE: reflect.Value.Field, Index, Elem and Addr (with the pointer type Addr looks up) took a
// quarter to a third of Marshal's time on the bench/ documents; walking by address made
// citm_catalog marshal 1.35x and golang_source 1.26x as fast.

// isBytes reports whether slice type t is written as a base64 string: its elements are of a byte
// kind without marshal methods on their pointer.
func isBytes(t reflect.Type) bool {
	if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Uint8 {
		return false
	}
	p := reflect.PointerTo(t.Elem())
	return !implementsMarshaler(p) && !implementsText(p)
}

// An elemAt writes a value of one type at its address: a plain scalar inline, anything else
// through its encoder.
type elemAt struct {
	t    reflect.Type
	fast fastKind
	size uintptr
	enc  encoderFunc // when fast is fastNone
}

// newElemAt makes the writer of values of type t, with the `string` option if quoted, that count
// as addressable or not (see encKey).
func newElemAt(t reflect.Type, quoted, addr bool) elemAt {
	el := elemAt{t: t, fast: fastKindOf(t, quoted), size: t.Size()}
	if el.fast == fastNone {
		el.enc = cachedEncoder(encKey{t, quoted, addr})
	}
	return el
}

func (el *elemAt) write(e *EncodeState, p rawfield.Pointer) error {
	if el.fast == fastNone {
		return el.enc(e, p)
	}
	if !e.appendScalar(el.fast, p, el.size) {
		return floatAtError(el.t, p, floatBits(el.fast))
	}
	return nil
}

// elemsAt writes the n elements from data on, each el.size bytes, as an array.
func (e *EncodeState) elemsAt(data rawfield.Pointer, n int, el *elemAt) error {
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
				return floatAtError(el.t, rawfield.Add(data, uintptr(i)*8), 64)
			}
			e.took(jsonnum.AppendFloat64(e.Buf, x))
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
func (e *EncodeState) appendScalar(k fastKind, p rawfield.Pointer, size uintptr) bool {
	switch k {
	case fastString:
		e.quote(rawfield.String(p, 0))
	case fastInt:
		e.took(jsonnum.AppendInt(e.Buf, rawfield.Int(p, 0, size)))
	case fastUint:
		e.took(jsonnum.AppendUint(e.Buf, rawfield.Uint(p, 0, size)))
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
		e.took(jsonnum.AppendFloat64(e.Buf, x))
	default: // fastFloat32
		x := rawfield.Float32(p, 0)
		if !finite(float64(x)) {
			return false
		}
		e.took(jsonnum.AppendFloat32(e.Buf, x))
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

// emptyAt is the omitempty test of a value of type t (of kind k) at p, which is not a plain scalar
// (scalarEmpty): false, 0, a nil pointer or interface, an empty array, map, slice or string; a
// struct is never empty.
func emptyAt(t reflect.Type, k reflect.Kind, p rawfield.Pointer) bool {
	switch k {
	case reflect.Array:
		return t.Len() == 0
	case reflect.Slice:
		_, n := rawfield.Slice(p)
		return n == 0
	case reflect.String:
		return rawfield.String(p, 0) == ""
	case reflect.Pointer, reflect.Interface:
		return rawfield.Deref(p) == nil // an interface's first word: its type, nil when it is nil
	case reflect.Map:
		return rawfield.Value(t, p).Len() == 0
	case reflect.Bool:
		return !rawfield.Bool(p, 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rawfield.Int(p, 0, t.Size()) == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return rawfield.Uint(p, 0, t.Size()) == 0
	case reflect.Float32:
		return rawfield.Float32(p, 0) == 0 // -0 too, unlike reflect.Value.IsZero
	case reflect.Float64:
		return rawfield.Float64(p, 0) == 0
	}
	return false
}
