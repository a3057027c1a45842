// Package rawfield reads and writes values in memory by address, so that the encoders of structs,
// slices, arrays and pointers (internal/codec's encode_addr.go) and every decoder (decode_addr.go)
// walk a value without building a reflect.Value (reflect.Value.Field, Index, Elem, Addr, Set) for
// each part of it. It is the module's only use of unsafe.
//
// Invariants the caller keeps:
//   - every address comes from reflect: Addr of an addressable reflect.Value, UnsafePointer of a
//     pointer or slice Value, or an address this package computed, allocated (New) or read
//     (Deref, Slice) from one of those; the value it points into stays alive for the call (the
//     caller holds it);
//   - an offset added to a struct's address is the reflect.StructField.Offset of a field of that
//     struct type, and an element's offset i*size has i below the length of its array or slice,
//     so every address lies inside the value it was taken from;
//   - the value at an address has the type the function reads: a bool for Bool; a signed integer
//     of size bytes for Int, an unsigned one for Uint (uintptr included); a float32, float64 or
//     string for those; a pointer for Deref; a slice (of any element type: every slice has the
//     same header) for Slice, Cap, SetLen, SetNilSlice and SetEmptySlice, of a one-byte element
//     kind for Bytes; t itself for Value; and the Set functions' types likewise for the values
//     they store, where the value is settable (not reached through an unexported field); the
//     address SetPointer stores is nil or one of a value of the type the pointer points to; an
//     empty interface for Any and SetAny, a T for As[T]; Of takes the address of a Go value; an
//     interface (empty or not) for IfaceData, whose direct argument is DirectIface of the type it
//     holds, and nothing is written where IfaceData points;
//   - what BoxFloat64, BoxString and BoxSlice are given lies in a heap block of such values and is
//     never written again: the interface they return shares it, as a copy made by any(v) is shared
//     by the interfaces it is copied to (box.go).
//
// With -race, the checkptr instrumentation checks every conversion below against the object the
// address points into.
package rawfield

import (
	"reflect"
	"unsafe"
)

// Pointer is the type of an address, so that callers can hold one without importing unsafe.
type Pointer = unsafe.Pointer

// Addr is the address of v, which must be addressable.
func Addr(v reflect.Value) Pointer { return unsafe.Pointer(v.UnsafeAddr()) }

// Add is p+off.
func Add(p Pointer, off uintptr) Pointer { return unsafe.Add(p, off) }

// Uintptr is p as a number, for identity checks (the encoder's cycle check) only.
func Uintptr(p Pointer) uintptr { return uintptr(p) }

// Deref reads the pointer at p.
func Deref(p Pointer) Pointer { return *(*unsafe.Pointer)(p) }

// Slice reads the slice header at p: the address of its first element (nil for a nil slice) and
// its length.
func Slice(p Pointer) (data Pointer, n int) {
	s := *(*[]byte)(p)
	return unsafe.Pointer(unsafe.SliceData(s)), len(s)
}

// Cap reads the capacity of the slice at p.
func Cap(p Pointer) int { return cap(*(*[]byte)(p)) }

// SetLen sets the length of the slice at p to n, which must not exceed its capacity.
func SetLen(p Pointer, n int) {
	s := (*[]byte)(p)
	*s = (*s)[:n]
}

// SetNilSlice stores a nil slice at p.
func SetNilSlice(p Pointer) { *(*[]byte)(p) = nil }

// SetEmptySlice stores an empty slice that is not nil at p (one of no capacity, whose address
// is the runtime's for values of no size, as reflect.MakeSlice(t, 0, 0) gives).
func SetEmptySlice(p Pointer) { *(*[]byte)(p) = []byte{} }

// ByteView returns the n bytes from p on as a slice, without a copy.
func ByteView(p Pointer, n int) []byte { return unsafe.Slice((*byte)(p), n) }

// Bytes reads the slice of one-byte elements at p.
func Bytes(p Pointer) []byte { return *(*[]byte)(p) }

// New allocates a zero value of type t and returns its address.
func New(t reflect.Type) Pointer { return reflect.New(t).UnsafePointer() }

// Value is the addressable reflect.Value of type t at p, for the parts of a value that the
// encoders still handle through reflect.
func Value(t reflect.Type, p Pointer) reflect.Value { return reflect.NewAt(t, p).Elem() }

// Bool reads the bool at base+off.
func Bool(base Pointer, off uintptr) bool { return *(*bool)(unsafe.Add(base, off)) }

// Int reads the signed integer of size bytes at base+off.
func Int(base Pointer, off, size uintptr) int64 {
	p := unsafe.Add(base, off)
	switch size {
	case 1:
		return int64(*(*int8)(p))
	case 2:
		return int64(*(*int16)(p))
	case 4:
		return int64(*(*int32)(p))
	}
	return *(*int64)(p)
}

// Uint reads the unsigned integer of size bytes at base+off.
func Uint(base Pointer, off, size uintptr) uint64 {
	p := unsafe.Add(base, off)
	switch size {
	case 1:
		return uint64(*(*uint8)(p))
	case 2:
		return uint64(*(*uint16)(p))
	case 4:
		return uint64(*(*uint32)(p))
	}
	return *(*uint64)(p)
}

// Float32 reads the float32 at base+off.
func Float32(base Pointer, off uintptr) float32 { return *(*float32)(unsafe.Add(base, off)) }

// Float64 reads the float64 at base+off.
func Float64(base Pointer, off uintptr) float64 { return *(*float64)(unsafe.Add(base, off)) }

// String reads the string at base+off.
func String(base Pointer, off uintptr) string { return *(*string)(unsafe.Add(base, off)) }

// SetBool stores b in the bool at p.
func SetBool(p Pointer, b bool) { *(*bool)(p) = b }

// SetInt stores n in the signed integer of size bytes at p, and reports true, when n fits in it;
// otherwise it stores nothing and reports false.
func SetInt(p Pointer, size uintptr, n int64) bool {
	switch size {
	case 1:
		if n != int64(int8(n)) {
			return false
		}
		*(*int8)(p) = int8(n)
	case 2:
		if n != int64(int16(n)) {
			return false
		}
		*(*int16)(p) = int16(n)
	case 4:
		if n != int64(int32(n)) {
			return false
		}
		*(*int32)(p) = int32(n)
	default:
		*(*int64)(p) = n
	}
	return true
}

// SetUint is SetInt for an unsigned integer.
func SetUint(p Pointer, size uintptr, n uint64) bool {
	switch size {
	case 1:
		if n != uint64(uint8(n)) {
			return false
		}
		*(*uint8)(p) = uint8(n)
	case 2:
		if n != uint64(uint16(n)) {
			return false
		}
		*(*uint16)(p) = uint16(n)
	case 4:
		if n != uint64(uint32(n)) {
			return false
		}
		*(*uint32)(p) = uint32(n)
	default:
		*(*uint64)(p) = n
	}
	return true
}

// SetFloat64 stores f in the float64 at p.
func SetFloat64(p Pointer, f float64) { *(*float64)(p) = f }

// SetString stores s in the string at p.
func SetString(p Pointer, s string) { *(*string)(p) = s }

// SetPointer stores e in the pointer at p; e is nil or the address of a value of the type the
// pointer points to.
func SetPointer(p, e Pointer) { *(*unsafe.Pointer)(p) = e }

// OwnString returns a string that shares b's memory, without a copy. The caller hands b over: no
// one may write to b's array again (internal/codec's decoder gives up its decode buffer to a
// long decoded string this way, instead of copying it into a new one).
func OwnString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// Any reads the empty interface at p.
func Any(p Pointer) any { return *(*any)(p) }

// SetAny stores x in the empty interface at p.
func SetAny(p Pointer, x any) { *(*any)(p) = x }

// As is p as a *T; the value at p must be a T.
func As[T any](p Pointer) *T { return (*T)(p) }

// Of is the address x holds, for a value decoded by address (x points into a Go value of T).
func Of[T any](x *T) Pointer { return unsafe.Pointer(x) }

// DirectIface reports whether an interface holds a value of type t in its data word itself, not a
// pointer to a copy of it. The rule is the compiler's and has changed between releases (pointers,
// maps, channels and functions, and arrays and structs of one such element or field, until Go
// 1.25; any type of one word that is all pointer, since), so it is found out: a value of t one
// word long is given the bits of a pointer and put in an interface, which holds it directly if its
// data word is that pointer. Callers keep the answer per type (the test allocates).
func DirectIface(t reflect.Type) bool {
	if t.Size() != unsafe.Sizeof(uintptr(0)) {
		return false
	}
	mark := new(uintptr)
	v := reflect.New(t)
	*(*unsafe.Pointer)(v.UnsafePointer()) = unsafe.Pointer(mark)
	x := v.Elem().Interface()
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1] == unsafe.Pointer(mark)
}

// IfaceData returns the address of the value held by the interface at p (empty or not: both
// keep the value's word second), whose dynamic type is direct (DirectIface) or not: the data word
// itself, or where it points. The value there must only be read: it is the interface's, and a
// copy held by an interface is shared.
func IfaceData(p Pointer, direct bool) Pointer {
	data := unsafe.Add(p, unsafe.Sizeof(uintptr(0)))
	if direct {
		return data
	}
	return *(*unsafe.Pointer)(data)
}
