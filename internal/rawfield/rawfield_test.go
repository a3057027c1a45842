package rawfield

import (
	"fmt"
	"math"
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

// TestSetters stores through each Set function and checks the value, and the refusal of a value
// that does not fit, against reflect's Set and Overflow methods.
func TestSetters(t *testing.T) {
	var v struct {
		I8  int8
		I16 int16
		I32 int32
		I64 int64
		U8  uint8
		U16 uint16
		U32 uint32
		U64 uint64
		B   bool
		F   float64
		S   string
	}
	rv := reflect.ValueOf(&v).Elem()
	base := rv.Addr().UnsafePointer()
	ints := []int64{0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32769, 65535, 65536,
		1<<31 - 1, 1 << 31, -1<<31 - 1, 1<<32 - 1, 1 << 32, 1<<63 - 1, -1 << 63}
	for i := range rv.NumField() {
		f, fv := rv.Type().Field(i), rv.Field(i)
		p := Add(base, f.Offset)
		for _, n := range ints {
			switch fv.Kind() {
			case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				before := fv.Int()
				ok := SetInt(p, f.Type.Size(), n)
				if ok == fv.OverflowInt(n) || ok && fv.Int() != n || !ok && fv.Int() != before {
					t.Errorf("SetInt(%s, %d) = %v, field now %d", f.Name, n, ok, fv.Int())
				}
			case reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
				u := uint64(n)
				before := fv.Uint()
				ok := SetUint(p, f.Type.Size(), u)
				if ok == fv.OverflowUint(u) || ok && fv.Uint() != u || !ok && fv.Uint() != before {
					t.Errorf("SetUint(%s, %d) = %v, field now %d", f.Name, u, ok, fv.Uint())
				}
			}
		}
	}
	SetBool(Add(base, rv.Type().Field(8).Offset), true)
	SetFloat64(Add(base, rv.Type().Field(9).Offset), -2.5)
	SetString(Add(base, rv.Type().Field(10).Offset), "s")
	if !v.B || v.F != -2.5 || v.S != "s" {
		t.Errorf("SetBool, SetFloat64, SetString stored %v %v %q", v.B, v.F, v.S)
	}
}

// TestSlicesAndPointers stores slice headers and pointers through the Set functions and New, and
// checks them through reflect: the element type of the slice and the pointer's target type differ
// from the byte slice these functions view a header as.
func TestSlicesAndPointers(t *testing.T) {
	type node struct {
		Name string
		Next *node
	}
	var v struct {
		Kids []*node
		Ptr  *node
	}
	rv := reflect.ValueOf(&v).Elem()
	kids, ptr := rv.Field(0).Addr().UnsafePointer(), rv.Field(1).Addr().UnsafePointer()

	SetEmptySlice(kids)
	if v.Kids == nil || len(v.Kids) != 0 || cap(v.Kids) != 0 {
		t.Fatalf("SetEmptySlice: got %#v, want an empty slice that is not nil", v.Kids)
	}
	v.Kids = make([]*node, 1, 4)
	v.Kids[0] = &node{Name: "a"}
	if data, n := Slice(kids); data != reflect.ValueOf(v.Kids).UnsafePointer() || n != 1 || Cap(kids) != 4 {
		t.Fatalf("Slice, Cap: got %v, %d, %d", data, n, Cap(kids))
	}
	SetLen(kids, 3)
	if len(v.Kids) != 3 || cap(v.Kids) != 4 || v.Kids[0].Name != "a" || v.Kids[1] != nil {
		t.Fatalf("SetLen(3): got %#v", v.Kids)
	}
	SetLen(kids, 0)
	if len(v.Kids) != 0 || cap(v.Kids) != 4 || v.Kids[:1][0].Name != "a" {
		t.Fatalf("SetLen(0): got %#v", v.Kids)
	}
	SetNilSlice(kids)
	if v.Kids != nil {
		t.Fatalf("SetNilSlice: got %#v", v.Kids)
	}

	e := New(reflect.TypeFor[node]())
	(*node)(e).Name = "b"
	SetPointer(ptr, e)
	if v.Ptr == nil || v.Ptr.Name != "b" || Deref(ptr) != e {
		t.Fatalf("New, SetPointer: got %#v", v.Ptr)
	}
	SetPointer(ptr, nil)
	if v.Ptr != nil {
		t.Fatalf("SetPointer(nil): got %#v", v.Ptr)
	}
}

// Any, SetAny, As and Of against reflect's view of the same values.
func TestInterfacesAndViews(t *testing.T) {
	v := struct {
		A any
		N []int
	}{A: "x", N: []int{1, 2}}
	rv := reflect.ValueOf(&v).Elem()
	pa := Addr(rv.Field(0))
	if got := Any(pa); got != "x" {
		t.Errorf("Any = %v, want x", got)
	}
	SetAny(pa, 3.5)
	if got := rv.Field(0).Interface(); got != 3.5 {
		t.Errorf("after SetAny, the field holds %v", got)
	}
	SetAny(pa, nil)
	if !rv.Field(0).IsNil() {
		t.Errorf("after SetAny(nil), the field holds %v", rv.Field(0).Interface())
	}
	n := As[[]int](Addr(rv.Field(1)))
	*n = append(*n, 3)
	if !reflect.DeepEqual(v.N, []int{1, 2, 3}) {
		t.Errorf("through As, N = %v", v.N)
	}
	if p, size := Of(&v.N[1]), reflect.TypeFor[int]().Size(); Int(p, 0, size) != 2 {
		t.Errorf("Of(&N[1]) reads %d", Int(p, 0, size))
	}
}

type (
	onePtr  struct{ p *int }
	zeroPtr struct { // one word, all pointer: held directly since Go 1.26, not by Go 1.25's rule
		_ [0]int
		p *int
	}
	twoPtrs  struct{ p, q *int }
	ptrArray [1]*int
	nested   struct{ a ptrArray }
)

// IfaceData against the values an interface holds, for types held directly and not.
func TestIfaceData(t *testing.T) {
	n := 7
	p := Of(&n)
	// Held directly: the data word is the value, so its pointer is where the value is.
	for _, x := range []any{&n, onePtr{&n}, ptrArray{&n}, nested{ptrArray{&n}}, zeroPtr{p: &n}} {
		box := []any{x}
		d := IfaceData(Addr(reflect.ValueOf(box).Index(0)), DirectIface(reflect.TypeOf(x)))
		if !DirectIface(reflect.TypeOf(x)) || Deref(d) != p {
			t.Errorf("%T: direct %v, reads %p, want %p", x, DirectIface(reflect.TypeOf(x)), Deref(d), p)
		}
	}
	// Held through a pointer to a copy: the value is there.
	s := "text"
	box := []any{s, 2.5, twoPtrs{&n, nil}, [2]int{4, 5}}
	if got := String(IfaceData(Addr(reflect.ValueOf(box).Index(0)), DirectIface(reflect.TypeOf(s))), 0); got != s {
		t.Errorf("string: %q", got)
	}
	if got := Float64(IfaceData(Addr(reflect.ValueOf(box).Index(1)), false), 0); got != 2.5 {
		t.Errorf("float64: %v", got)
	}
	if got := Deref(IfaceData(Addr(reflect.ValueOf(box).Index(2)), DirectIface(reflect.TypeFor[twoPtrs]()))); got != p {
		t.Errorf("twoPtrs: first field %p, want %p", got, p)
	}
	size := reflect.TypeFor[int]().Size()
	if got := Int(IfaceData(Addr(reflect.ValueOf(box).Index(3)), false), size, size); got != 5 {
		t.Errorf("[2]int: second element %d", got)
	}
	// A non-empty interface keeps its value's word second too.
	var st fmt.Stringer = onePtrStringer{&n}
	if d := IfaceData(Of(&st), DirectIface(reflect.TypeFor[onePtrStringer]())); Deref(d) != p {
		t.Errorf("Stringer: reads %p, want %p", Deref(d), p)
	}
}

type onePtrStringer struct{ p *int }

func (onePtrStringer) String() string { return "" }

// The boxes against the interfaces the compiler builds: the same dynamic type, value and
// equality, seen through a type switch, reflect and ==, for values in a slab as the decoders keep
// them.
func TestBox(t *testing.T) {
	floats := make([]float64, 0, 8)
	strs := make([]string, 0, 8)
	for _, f := range []float64{0, math.Copysign(0, -1), 1.5, -2.25, 1e308, 5e-324} {
		floats = append(floats, f)
		x := BoxFloat64(&floats[len(floats)-1])
		if g, ok := x.(float64); !ok || math.Float64bits(g) != math.Float64bits(f) || x != any(f) || reflect.TypeOf(x) != reflect.TypeFor[float64]() ||
			reflect.ValueOf(x).Float() != f || reflect.ValueOf(x).CanAddr() || fmt.Sprint(x) != fmt.Sprint(f) {
			t.Errorf("BoxFloat64(%v) = %#v", f, x)
		}
		if _, ok := x.(string); ok {
			t.Errorf("BoxFloat64(%v) holds a string", f)
		}
	}
	for _, s := range []string{"", "a", "name", string(make([]byte, 100))} {
		strs = append(strs, s)
		x := BoxString(&strs[len(strs)-1])
		if g, ok := x.(string); !ok || g != s || x != any(s) || reflect.TypeOf(x) != reflect.TypeFor[string]() ||
			reflect.ValueOf(x).String() != s || fmt.Sprint(x) != s {
			t.Errorf("BoxString(%q) = %#v", s, x)
		}
		if m := map[any]int{any(s): 1}; m[x] != 1 {
			t.Errorf("BoxString(%q) is not the same map key as any(%q)", s, s)
		}
	}
	arrays := make([][]any, 0, 8)
	for _, a := range [][]any{nil, {}, {1.5, "s", nil}} {
		arrays = append(arrays, a)
		x := BoxSlice(&arrays[len(arrays)-1])
		if g, ok := x.([]any); !ok || !reflect.DeepEqual(g, a) || (g == nil) != (a == nil) ||
			reflect.TypeOf(x) != reflect.TypeFor[[]any]() || reflect.ValueOf(x).Len() != len(a) ||
			fmt.Sprint(x) != fmt.Sprint(a) {
			t.Errorf("BoxSlice(%#v) = %#v", a, x)
		}
	}
}
