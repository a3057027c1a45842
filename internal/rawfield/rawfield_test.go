package rawfield

import (
	"reflect"
	"testing"
)

// Each reader against reflect's view of the same field, for every size.
func TestReaders(t *testing.T) {
	v := struct {
		B   bool
		I8  int8
		I16 int16
		I32 int32
		I64 int64
		I   int
		U8  uint8
		U16 uint16
		U32 uint32
		U64 uint64
		UP  uintptr
		F32 float32
		F64 float64
		S   string
	}{true, -8, -16, -32, -64, -1, 8, 16, 32, 64, 7, 1.5, -2.25, "s"}
	rv := reflect.ValueOf(&v).Elem()
	base := rv.Addr().UnsafePointer()
	rt := rv.Type()
	for i := range rt.NumField() {
		f, fv := rt.Field(i), rv.Field(i)
		var got, want any
		switch fv.Kind() {
		case reflect.Bool:
			got, want = Bool(base, f.Offset), fv.Bool()
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			got, want = Int(base, f.Offset, f.Type.Size()), fv.Int()
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			got, want = Uint(base, f.Offset, f.Type.Size()), fv.Uint()
		case reflect.Float32:
			got, want = Float32(base, f.Offset), float32(fv.Float())
		case reflect.Float64:
			got, want = Float64(base, f.Offset), fv.Float()
		case reflect.String:
			got, want = String(base, f.Offset), fv.String()
		}
		if got != want {
			t.Errorf("%s: got %v, want %v", f.Name, got, want)
		}
	}
}
