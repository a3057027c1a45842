package stride

import (
	"math"
	"reflect"
	"strconv"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/rawfield"
)

// A fieldEncoder writes one struct member: its name, prebuilt as `"name":` for both escaping
// modes, and its value.
type fieldEncoder struct {
	field
	nameHTML  string
	namePlain string
	enc       encoderFunc
	fast      fastKind
	raw       bool    // a fast field of the struct itself, read by offset when the struct is addressable
	off, size uintptr // its offset and size
}

// newStructEncoder encodes a struct as an object of its members (structFields) in field order,
// leaving out omitempty members that are empty, omitzero members that are zero, and members
// promoted through a nil embedded pointer.
func newStructEncoder(t reflect.Type) encoderFunc {
	fs := structFields(t)
	list := make([]fieldEncoder, len(fs))
	for i, f := range fs {
		sf := t.FieldByIndex(f.index)
		list[i] = fieldEncoder{
			field:     f,
			namePlain: `"` + f.name + `":`,
			nameHTML:  `"` + string(htmlEscape(nil, []byte(f.name))) + `":`,
			enc:       cachedEncoder(encKey{sf.Type, f.quoted}),
			fast:      fastKindOf(sf.Type, f.quoted),
			off:       sf.Offset,
			size:      sf.Type.Size(),
		}
		list[i].raw = list[i].fast != fastNone && len(f.index) == 1 && !f.omitZero
	}
	return func(e *encodeState, v reflect.Value) error {
		// NOTE: reflect.Value.Field took some 15% of Marshal on twitter.json; where the struct is
		// addressable (behind a pointer, in a slice), its plain scalar fields are read by offset
		// through internal/rawfield instead.
		var base rawfield.Pointer
		if v.CanAddr() {
			base = v.Addr().UnsafePointer()
		}
		open := byte('{')
		for i := range list {
			f := &list[i]
			if f.raw && base != nil {
				if done, ok := e.appendRaw(f, base, &open); ok {
					if done {
						e.maybeFlush()
					}
					continue
				}
			}
			fv, ok := fieldValue(v, f.index)
			if !ok || f.omitEmpty && isEmptyValue(fv) || f.omitZero && f.zero(fv) {
				continue
			}
			e.member(f, &open)
			var err error
			if f.fast != fastNone {
				err = e.appendFast(f.fast, fv)
			} else {
				err = f.enc(e, fv)
			}
			if err != nil {
				return err
			}
			e.maybeFlush()
		}
		if open == '{' {
			e.buf = append(e.buf, '{')
		}
		e.buf = append(e.buf, '}')
		return nil
	}
}

// member writes the separator before a member (open, then ',') and its name.
func (e *encodeState) member(f *fieldEncoder, open *byte) {
	e.buf = append(e.buf, *open)
	*open = ','
	switch {
	case e.html:
		e.buf = append(e.buf, f.nameHTML...)
	case !e.custom:
		e.buf = append(e.buf, f.namePlain...)
	default:
		e.quote(f.name)
		e.buf = append(e.buf, ':')
	}
}

// appendRaw writes the raw field f of the struct at base, as appendFast would, unless it is empty
// under omitempty: done reports whether it wrote the member. ok is false, with nothing written, for
// a NaN or infinite float, whose error the reflect path builds.
func (e *encodeState) appendRaw(f *fieldEncoder, base rawfield.Pointer, open *byte) (done, ok bool) {
	switch f.fast {
	case fastString:
		s := rawfield.String(base, f.off)
		if f.omitEmpty && s == "" {
			return false, true
		}
		e.member(f, open)
		e.quote(s)
	case fastInt:
		n := rawfield.Int(base, f.off, f.size)
		if f.omitEmpty && n == 0 {
			return false, true
		}
		e.member(f, open)
		e.buf = strconv.AppendInt(e.buf, n, 10)
	case fastUint:
		n := rawfield.Uint(base, f.off, f.size)
		if f.omitEmpty && n == 0 {
			return false, true
		}
		e.member(f, open)
		e.buf = strconv.AppendUint(e.buf, n, 10)
	case fastBool:
		b := rawfield.Bool(base, f.off)
		if f.omitEmpty && !b {
			return false, true
		}
		e.member(f, open)
		e.buf = strconv.AppendBool(e.buf, b)
	case fastFloat64:
		x := rawfield.Float64(base, f.off)
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false, false
		}
		if f.omitEmpty && x == 0 {
			return false, true
		}
		e.member(f, open)
		e.buf = jsonnum.AppendFloat64(e.buf, x)
	case fastFloat32:
		x := rawfield.Float32(base, f.off)
		if x != x || math.IsInf(float64(x), 0) {
			return false, false
		}
		if f.omitEmpty && x == 0 {
			return false, true
		}
		e.member(f, open)
		e.buf = jsonnum.AppendFloat32(e.buf, x)
	default:
		return false, false
	}
	return true, true
}

// fieldValue follows index from struct v, through embedded pointers; ok is false at a nil one.
func fieldValue(v reflect.Value, index []int) (reflect.Value, bool) {
	if len(index) == 1 {
		return v.Field(index[0]), true
	}
	for k, i := range index {
		if k > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return v, false
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, true
}

// zero is the omitzero test.
func (f *field) zero(v reflect.Value) bool {
	if f.isZero != nil {
		return f.isZero(v)
	}
	return v.IsZero()
}

// isEmptyValue is the omitempty test: false, 0, a nil pointer or interface, an empty array, map,
// slice or string. A struct is never empty.
func isEmptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0 // -0 too, unlike reflect.Value.IsZero
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return false
}
