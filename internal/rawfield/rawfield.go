// Package rawfield reads scalar fields of a struct in memory by their offsets, so that the struct
// encoder, which writes many small fields, does not build a reflect.Value (reflect.Value.Field) for
// each of them. It is the module's only use of unsafe.
//
// Invariants the caller (the root package's struct encoder) keeps:
//   - base is the address of a struct value, taken with reflect.Value.Addr().UnsafePointer() from
//     an addressable value, which stays alive for the call;
//   - off is the reflect.StructField.Offset of a field of that struct type (not of an embedded
//     struct's field), so base+off lies inside the struct;
//   - the field has the kind the function reads: a bool for Bool; a signed integer of size bytes for
//     Int, an unsigned one for Uint (uintptr included); a float32, float64 or string for those.
//
// With -race, the checkptr instrumentation checks every conversion below against the object base
// points into.
package rawfield

import "unsafe"

// Pointer is the type of a struct's address, so that callers can hold one without importing unsafe.
type Pointer = unsafe.Pointer

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
