package stride

import (
	"reflect"

	"github.com/stridejson/stride/internal/rawfield"
)

// A fieldEncoder writes one struct member: its name (prebuilt per escaping policy, in the
// struct's nameTable) and its value.
type fieldEncoder struct {
	field
	enc   encoderFunc
	fast  fastKind
	ftype reflect.Type // the field's type (field.typ is its element for an unnamed pointer)

	// By address (encode_addr.go): the offsets of the embedded pointers to follow in turn from the
	// struct's address (nil for a field of the struct itself), then the field's offset from there.
	hops      []uintptr
	off, size uintptr
	at        ptrEncoderFunc // the address encoder of a direct, non-scalar type; nil otherwise
	kind      reflect.Kind   // ftype.Kind()
	neverZero bool           // omitempty never leaves the field out (a struct, a non-empty array)
	mode      fieldMode
}

// A fieldMode says how the address encoder writes a field.
type fieldMode uint8

const (
	byScalar fieldMode = iota // inline, a plain scalar (fast)
	byAddr                    // through its address encoder (at)
	byValue                   // through reflect: an omitzero field, or one of a type that is not direct
)

// newStructEncoder encodes a struct as an object of its members (structFields) in field order,
// leaving out omitempty members that are empty, omitzero members that are zero, and members
// promoted through a nil embedded pointer. An addressable struct goes to its address encoder.
func newStructEncoder(t reflect.Type) encoderFunc {
	list, table := fieldEncoders(t)
	byAddr := cachedPtrEncoder(t)
	return func(e *encodeState, v reflect.Value) error {
		if v.CanAddr() {
			return byAddr(e, rawfield.Addr(v))
		}
		e.put('{')
		names := table.built(e.pol.id)
		if names == nil {
			names = table.build(e.pol)
		}
		sep := 1 // 0 once a member is written: the names begin with a comma
		for i := range list {
			f := &list[i]
			fv, ok := fieldValue(v, f.index)
			if !ok || f.omitEmpty && isEmptyValue(fv) || f.omitZero && f.zero(fv) {
				continue
			}
			e.memberName(names, i, sep, table)
			sep = 0
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
		e.put('}')
		return nil
	}
}

// newStructPtrEncoder is newStructEncoder by address.
func newStructPtrEncoder(t reflect.Type) ptrEncoderFunc {
	list, table := fieldEncoders(t)
	return func(e *encodeState, base rawfield.Pointer) error {
		e.put('{')
		names := table.built(e.pol.id)
		if names == nil {
			names = table.build(e.pol)
		}
		sep := 1 // 0 once a member is written: the names begin with a comma
		for i := range list {
			f := &list[i]
			p := base
			if f.hops != nil {
				if p = follow(p, f.hops); p == nil {
					continue
				}
			}
			p = rawfield.Add(p, f.off)
			var fv reflect.Value
			switch f.mode {
			case byScalar:
				if f.omitEmpty && scalarEmpty(f.fast, p, f.size) {
					continue
				}
			case byAddr:
				if f.omitEmpty && !f.neverZero && emptyAt(f.kind, p) {
					continue
				}
			default:
				fv = rawfield.Value(f.ftype, p)
				if f.omitEmpty && isEmptyValue(fv) || f.omitZero && f.zero(fv) {
					continue
				}
			}
			// NOTE: memberName inline, with the names looked up once per struct: through the
			// call, citm_catalog (small structs of ids) marshalled 0.97x as fast.
			if i < len(names) {
				e.appendName(names[i][sep:])
			} else {
				e.quoteName(i, sep, table)
			}
			sep = 0
			switch f.mode {
			case byScalar:
				if !e.appendScalar(f.fast, p, f.size) {
					return encodeFloat(e, rawfield.Value(f.ftype, p), floatBits(f.fast))
				}
			case byAddr:
				if err := f.at(e, p); err != nil {
					return err
				}
			default:
				if err := f.enc(e, fv); err != nil {
					return err
				}
			}
			e.maybeFlush()
		}
		e.put('}')
		return nil
	}
}

// follow follows the embedded pointers at the offsets hops from p in turn; it returns nil at a nil
// one.
func follow(p rawfield.Pointer, hops []uintptr) rawfield.Pointer {
	for _, h := range hops {
		if p = rawfield.Deref(rawfield.Add(p, h)); p == nil {
			return nil
		}
	}
	return p
}

// memberName writes the name of member i, after a comma unless sep is 1 (the first member
// written), from names, the struct's names under the state's policy (see nameTable.built).
func (e *encodeState) memberName(names [][]byte, i, sep int, table *nameTable) {
	if i < len(names) {
		e.appendName(names[i][sep:])
		return
	}
	e.quoteName(i, sep, table)
}

// quoteName writes the name of member i quoted as it is written, under a policy whose names are
// not prebuilt (see maxPolicies).
func (e *encodeState) quoteName(i, sep int, table *nameTable) {
	if sep == 0 {
		e.put(',')
	}
	e.quote(table.names[i])
	e.put(':')
}

// fieldEncoders builds the member writers of struct type t, and the table of their names.
func fieldEncoders(t reflect.Type) ([]fieldEncoder, *nameTable) {
	fs := structFields(t)
	list := make([]fieldEncoder, len(fs))
	names := make([]string, len(fs))
	for i, f := range fs {
		ft := t.FieldByIndex(f.index).Type
		names[i] = f.name
		fe := fieldEncoder{
			field: f,
			enc:   cachedEncoder(encKey{ft, f.quoted}),
			fast:  fastKindOf(ft, f.quoted),
			ftype: ft,
			size:  ft.Size(),
			kind:  ft.Kind(),
		}
		fe.hops, fe.off = hopsOf(t, f.index)
		if !f.quoted && fe.fast == fastNone {
			fe.at = cachedPtrEncoder(ft)
		}
		fe.neverZero = fe.kind == reflect.Struct || fe.kind == reflect.Array && ft.Len() > 0
		switch {
		case f.omitZero:
			fe.mode = byValue
		case fe.fast != fastNone:
			fe.mode = byScalar
		case fe.at != nil:
			fe.mode = byAddr
		default:
			fe.mode = byValue
		}
		list[i] = fe
	}
	return list, newNameTable(names)
}

// hopsOf turns the index path of a field of struct type t into the offsets of the embedded
// pointers to follow and the field's offset after the last of them.
func hopsOf(t reflect.Type, index []int) (hops []uintptr, off uintptr) {
	for k, i := range index {
		sf := t.Field(i)
		off += sf.Offset
		t = sf.Type
		if k < len(index)-1 && t.Kind() == reflect.Pointer {
			hops = append(hops, off)
			off, t = 0, t.Elem()
		}
	}
	return hops, off
}

// paddedName is name with 16 bytes of room after it, for appendName.
func paddedName(name string) []byte {
	b := make([]byte, len(name), len(name)+16)
	copy(b, name)
	return b
}

// appendName appends a name made by paddedName (or a tail of one).
//
// NOTE: a name of up to 16 bytes is copied as one 16-byte block, without a call to memmove, when
// the buffer has room: the bytes past the name land in the buffer's spare capacity and are
// written over next. Most member names are that short. (A 32-byte block for longer names made
// citm_catalog, whose longest are 25 bytes, marshal 0.95x as fast.)
func (e *encodeState) appendName(name []byte) {
	l := len(e.buf)
	if cap(e.buf)-l < len(name)+16 { // rare: the buffer is nearly full
		e.buf = append(e.buf, name...)
		return
	}
	if len(name) <= 16 && cap(name) >= 16 {
		*(*[16]byte)(e.buf[l : l+16]) = *(*[16]byte)(name[:16])
	} else {
		copy(e.buf[l:cap(e.buf)], name)
	}
	e.buf = e.buf[:l+len(name)]
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
