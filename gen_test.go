package stride

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// typeGen makes random Go types (reflect.StructOf, SliceOf, MapOf, ...) and random values of them,
// for differential tests against encoding/json.
type typeGen struct{ r *rand.Rand }

func newTypeGen(seed uint64) *typeGen { return &typeGen{rand.New(rand.NewPCG(seed, 2))} }

var (
	scalarTypes = []reflect.Type{
		reflect.TypeFor[bool](), reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int64](),
		reflect.TypeFor[uint](), reflect.TypeFor[uint8](), reflect.TypeFor[uint32](), reflect.TypeFor[uintptr](),
		reflect.TypeFor[float32](), reflect.TypeFor[float64](), reflect.TypeFor[string](),
		reflect.TypeFor[MyString](), reflect.TypeFor[Number](), reflect.TypeFor[[]byte](),
		reflect.TypeFor[any](), reflect.TypeFor[RawMessage](),
	}
	// namedTypes are types with methods or promotion rules of interest; they are also the types
	// generated structs embed.
	namedTypes = []reflect.Type{
		reflect.TypeFor[Inner](), reflect.TypeFor[E1](), reflect.TypeFor[E2](), reflect.TypeFor[Same](),
		reflect.TypeFor[Same2](), reflect.TypeFor[ValM](), reflect.TypeFor[PtrM](), reflect.TypeFor[ValT](),
		reflect.TypeFor[PtrT](), reflect.TypeFor[ZeroV](), reflect.TypeFor[ZeroP](), reflect.TypeFor[MyString](),
		reflect.TypeFor[Key](),
	}
	fieldNames = []string{"A", "B", "X", "Y", "V", "S", "K"}
	tagChoices = []string{"", "", "", `json:"a"`, `json:"X"`, `json:"y,omitempty"`, `json:",omitempty"`,
		`json:",omitzero"`, `json:",string"`, `json:"-"`, `json:"-,"`, `json:"<&>,omitempty,string"`,
		`json:"S,omitzero,omitempty"`, `json:"y,case:strict"`, `json:"A,case:ignore"`, `json:",embed"`,
		`json:",format:base64"`, `json:"x,format:emitnull"`}
)

func (g *typeGen) typ(depth int) reflect.Type {
	n := 7
	if depth > 3 {
		n = 2
	}
	switch g.r.IntN(n) {
	case 0, 1:
		return scalarTypes[g.r.IntN(len(scalarTypes))]
	case 2:
		return g.structType(depth + 1)
	case 3:
		return reflect.SliceOf(g.typ(depth + 1))
	case 4:
		keys := []reflect.Type{reflect.TypeFor[string](), reflect.TypeFor[int16](), reflect.TypeFor[uint](),
			reflect.TypeFor[Key](), reflect.TypeFor[MyString]()}
		return reflect.MapOf(keys[g.r.IntN(len(keys))], g.typ(depth+1))
	case 5:
		return reflect.PointerTo(g.typ(depth + 1))
	case 6:
		if g.r.IntN(2) == 0 {
			return reflect.ArrayOf(g.r.IntN(3), g.typ(depth+1))
		}
		return namedTypes[g.r.IntN(len(namedTypes))]
	}
	panic("unreachable")
}

func (g *typeGen) structType(depth int) reflect.Type {
	var fs []reflect.StructField
	used := map[string]bool{}
	for range g.r.IntN(6) {
		var f reflect.StructField
		if g.r.IntN(4) == 0 {
			et := namedTypes[g.r.IntN(len(namedTypes))]
			// reflect.StructOf cannot embed a type with methods after the first field.
			if et.Kind() != reflect.Struct || used[et.Name()] || reflect.PointerTo(et).NumMethod() > 0 {
				continue
			}
			f = reflect.StructField{Name: et.Name(), Type: et, Anonymous: true}
			if g.r.IntN(3) == 0 {
				f.Type = reflect.PointerTo(et)
			}
		} else {
			name := fieldNames[g.r.IntN(len(fieldNames))]
			if used[name] {
				continue
			}
			f = reflect.StructField{Name: name, Type: g.typ(depth)}
		}
		used[f.Name] = true
		f.Tag = reflect.StructTag(tagChoices[g.r.IntN(len(tagChoices))])
		fs = append(fs, f)
	}
	return reflect.StructOf(fs)
}

var fragments = []string{"", "a", "<", "&", ">", "\"", "\\", "\x00", "\x1f", "\u2028", "é", "😀", "\xff", "\n", "plain text "}

func (g *typeGen) str() string {
	var b strings.Builder
	for range g.r.IntN(5) {
		b.WriteString(fragments[g.r.IntN(len(fragments))])
	}
	return b.String()
}

// value returns a random value of type t (addressable, so pointer methods are reachable where
// encoding/json reaches them).
func (g *typeGen) value(t reflect.Type, depth int) reflect.Value {
	v := reflect.New(t).Elem()
	g.fill(v, depth)
	return v
}

func (g *typeGen) fill(v reflect.Value, depth int) {
	if depth > 6 || g.r.IntN(8) == 0 {
		return // the zero value
	}
	switch t := v.Type(); {
	case t == reflect.TypeFor[Number]():
		v.SetString([]string{"0", "-1.5e3", "12345678901234567890", "x1"}[g.r.IntN(4)])
	case t == reflect.TypeFor[RawMessage]():
		v.SetBytes([]byte([]string{`{"a" : [1, "<"]}`, ` null `, `"\u2028"`}[g.r.IntN(3)]))
	default:
		switch t.Kind() {
		case reflect.Bool:
			v.SetBool(g.r.IntN(2) == 0)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			v.SetInt(int64(g.r.Uint64()) >> g.r.IntN(64))
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			v.SetUint(g.r.Uint64() >> g.r.IntN(64))
		case reflect.Float32, reflect.Float64:
			f := math.Float64frombits(g.r.Uint64())
			switch g.r.IntN(4) {
			case 0:
				f = float64(g.r.IntN(1000)) / 8
			case 1:
				f = g.r.NormFloat64() * math.Pow(10, float64(g.r.IntN(60)-30))
			}
			if math.IsNaN(f) && g.r.IntN(4) != 0 {
				f = 0.5
			}
			v.SetFloat(f)
		case reflect.String:
			v.SetString(g.str())
		case reflect.Interface:
			inner := []any{nil, 1.5, "s<", []any{true, nil}, map[string]any{"k": "v"}, ValM{"i"}, &PtrM{}, PtrT{"t"}}
			if x := inner[g.r.IntN(len(inner))]; x != nil {
				v.Set(reflect.ValueOf(x))
			}
		case reflect.Slice:
			n := g.r.IntN(4)
			v.Set(reflect.MakeSlice(t, n, n))
			for i := range n {
				g.fill(v.Index(i), depth+1)
			}
		case reflect.Array:
			for i := range v.Len() {
				g.fill(v.Index(i), depth+1)
			}
		case reflect.Map:
			v.Set(reflect.MakeMap(t))
			for range g.r.IntN(4) {
				v.SetMapIndex(g.value(t.Key(), depth+1), g.value(t.Elem(), depth+1))
			}
		case reflect.Pointer:
			v.Set(reflect.New(t.Elem()))
			g.fill(v.Elem(), depth+1)
		case reflect.Struct:
			for i := range v.NumField() {
				if t.Field(i).IsExported() {
					g.fill(v.Field(i), depth+1)
				}
			}
		}
	}
}

func TestMarshalGenerated(t *testing.T) {
	g := newTypeGen(1)
	n := 1500
	if testing.Short() {
		n = 300
	}
	for i := range n {
		typ := g.typ(0)
		v := g.value(typ, 0)
		name := fmt.Sprintf("#%d %v", i, typ)
		checkMarshal(t, name, v.Interface())
		if v.CanAddr() {
			checkMarshal(t, name+" (pointer)", v.Addr().Interface())
		}
		if t.Failed() {
			return
		}
	}
}
