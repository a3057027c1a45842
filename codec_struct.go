package stride

import "reflect"

// A fieldEncoder writes one struct member: its name, prebuilt as `"name":` for both escaping
// modes, and its value.
type fieldEncoder struct {
	field
	nameHTML  string
	namePlain string
	enc       encoderFunc
	fast      fastKind
}

// newStructEncoder encodes a struct as an object of its members (structFields) in field order,
// leaving out omitempty members that are empty, omitzero members that are zero, and members
// promoted through a nil embedded pointer.
func newStructEncoder(t reflect.Type) encoderFunc {
	fs := structFields(t)
	list := make([]fieldEncoder, len(fs))
	for i, f := range fs {
		list[i] = fieldEncoder{
			field:     f,
			namePlain: `"` + f.name + `":`,
			nameHTML:  `"` + string(htmlEscape(nil, []byte(f.name))) + `":`,
			enc:       cachedEncoder(encKey{t.FieldByIndex(f.index).Type, f.quoted}),
			fast:      fastKindOf(t.FieldByIndex(f.index).Type, f.quoted),
		}
	}
	return func(e *encodeState, v reflect.Value) error {
		open := byte('{')
		for i := range list {
			f := &list[i]
			fv, ok := fieldValue(v, f.index)
			if !ok || f.omitEmpty && isEmptyValue(fv) || f.omitZero && f.zero(fv) {
				continue
			}
			e.buf = append(e.buf, open)
			open = ','
			switch {
			case e.html:
				e.buf = append(e.buf, f.nameHTML...)
			case !e.custom:
				e.buf = append(e.buf, f.namePlain...)
			default:
				e.quote(f.name)
				e.buf = append(e.buf, ':')
			}
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
