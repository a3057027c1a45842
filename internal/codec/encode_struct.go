package codec

import (
	"reflect"

	"github.com/stridejson/stride/internal/rawfield"
)

// A fieldEncoder writes one struct member: its name (prebuilt per escaping policy, in the
// struct's nameTable) and its value.
type fieldEncoder struct {
	field
	enc   encoderFunc // when fast is fastNone
	fast  fastKind
	ftype reflect.Type // the field's type (field.typ is its element for an unnamed pointer)

	// The offsets of the embedded pointers to follow in turn from the struct's address (nil for a
	// field of the struct itself), then the field's offset from there.
	hops      []embedHop
	off, size uintptr
	kind      reflect.Kind // ftype.Kind()
	neverZero bool         // omitempty never leaves the field out (a struct, a non-empty array)
}

// newStructEncoder encodes a struct as an object of its members (structFields) in field order,
// leaving out omitempty members that are empty, omitzero members that are zero, and members
// promoted through a nil embedded pointer. Its members count as addressable when the struct does.
func newStructEncoder(t reflect.Type, addr bool) encoderFunc {
	list, table := fieldEncoders(t, addr)
	return func(e *EncodeState, base rawfield.Pointer) error {
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
			switch {
			case f.omitEmpty && f.fast != fastNone:
				if scalarEmpty(f.fast, p, f.size) {
					continue
				}
			case f.omitEmpty && !f.neverZero:
				if emptyAt(f.ftype, f.kind, p) {
					continue
				}
			}
			if f.omitZero && f.zero(rawfield.Value(f.ftype, p)) {
				continue
			}
			// NOTE: memberName inline, with the names looked up once per struct: through the
			// call, citm_catalog (small structs of ids) marshalled 0.97x as fast.
			switch {
			case i >= len(names):
				e.quoteName(i, sep, table)
			case len(names[i])-sep <= 16:
				e.appendName(names[i][sep:])
			default:
				e.appendLongName(names[i][sep:])
			}
			sep = 0
			if f.fast != fastNone {
				if !e.appendScalar(f.fast, p, f.size) {
					return floatAtError(f.ftype, p, floatBits(f.fast))
				}
			} else if err := f.enc(e, p); err != nil {
				return err
			}
			e.maybeFlush()
		}
		e.put('}')
		return nil
	}
}

// follow follows the embedded pointers hops from p in turn; it returns nil at a nil one.
func follow(p rawfield.Pointer, hops []embedHop) rawfield.Pointer {
	for _, h := range hops {
		if p = rawfield.Deref(rawfield.Add(p, h.off)); p == nil {
			return nil
		}
	}
	return p
}

// quoteName writes the name of member i quoted as it is written, under a policy whose names are
// not prebuilt (see maxPolicies).
func (e *EncodeState) quoteName(i, sep int, table *nameTable) {
	if sep == 0 {
		e.put(',')
	}
	e.quote(table.names[i])
	e.put(':')
}

// fieldEncoders builds the member writers of struct type t, whose members count as addressable or
// not (addr), and the table of their names.
func fieldEncoders(t reflect.Type, addr bool) ([]fieldEncoder, *nameTable) {
	fs := structFields(t)
	list := make([]fieldEncoder, len(fs))
	names := make([]string, len(fs))
	for i, f := range fs {
		ft := t.FieldByIndex(f.index).Type
		names[i] = f.name
		fe := fieldEncoder{field: f, fast: fastKindOf(ft, f.quoted), ftype: ft, size: ft.Size(), kind: ft.Kind()}
		// A member reached through an embedded pointer is addressable whatever the struct is.
		fe.hops, fe.off = embedHops(t, f.index)
		if fe.fast == fastNone {
			fe.enc = cachedEncoder(encKey{ft, f.quoted, addr || fe.hops != nil})
		}
		fe.neverZero = fe.kind == reflect.Struct || fe.kind == reflect.Array && ft.Len() > 0
		list[i] = fe
	}
	return list, newNameTable(names)
}

// paddedName is name with 32 bytes of room after it, for appendName.
func paddedName(name string) []byte {
	b := make([]byte, len(name), len(name)+32)
	copy(b, name)
	return b
}

// appendName appends a name made by paddedName (or a tail of one).
//
// NOTE: a name of up to 16 bytes is copied as one 16-byte block, without a call to memmove, when
// the buffer has room: the bytes past the name land in the buffer's spare capacity and are
// written over next. Most member names are that short; longer ones go to appendLongName. (One
// 32-byte block for every name made citm_catalog, whose longest are 25 bytes, marshal 0.95x as
// fast.)
func (e *EncodeState) appendName(name []byte) {
	l := len(e.Buf)
	if cap(e.Buf)-l < len(name)+16 { // rare: the buffer is nearly full
		e.Buf = append(e.Buf, name...)
		return
	}
	if len(name) <= 16 && cap(name) >= 16 {
		*(*[16]byte)(e.Buf[l : l+16]) = *(*[16]byte)(name[:16])
	} else {
		copy(e.Buf[l:cap(e.Buf)], name)
	}
	e.Buf = e.Buf[:l+len(name)]
}

// appendLongName is appendName for a name of 17 to 32 bytes, copied as two 16-byte blocks.
//
// NOTE: twitter.json's names of that length (`,"profile_background_color":` and the like) spent
// a fifth of Marshal's memmove in their copies.
func (e *EncodeState) appendLongName(name []byte) {
	l := len(e.Buf)
	if len(name) > 32 || cap(name) < 32 || cap(e.Buf)-l < 32 {
		e.appendName(name)
		return
	}
	*(*[16]byte)(e.Buf[l : l+16]) = *(*[16]byte)(name[:16])
	*(*[16]byte)(e.Buf[l+16 : l+32]) = *(*[16]byte)(name[16:32])
	e.Buf = e.Buf[:l+len(name)]
}

// zero is the omitzero test.
func (f *field) zero(v reflect.Value) bool {
	if f.isZero != nil {
		return f.isZero(v)
	}
	return v.IsZero()
}
