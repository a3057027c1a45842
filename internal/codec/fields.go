package codec

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
)

// A field is a JSON member of a struct type, found by structFields: its name, where it is (the
// index path through embedded structs) and how its tag options say to write it.
type field struct {
	name      string
	tagged    bool  // the name came from the tag
	index     []int // reflect.Value.FieldByIndex path
	typ       reflect.Type
	omitEmpty bool
	omitZero  bool
	quoted    bool // the `string` option, on a kind it applies to
	isZero    func(reflect.Value) bool

	// encoding/json/v2's (structFieldsV2)
	format string // the `format` tag option
	casing int8   // the `case` tag option: caseIgnore, caseStrict or 0
	id     int    // the field's place among all fields before the names were resolved
	folded string // the name folded as v2 matches names case-insensitively (foldNameV2)
}

// structFields lists the members of struct type t in field order, with encoding/json's rules:
// exported fields (and the exported fields of embedded structs, exported or not), names from tags
// or Go names, and among fields of one name the dominant one (shallowest, then tagged); a tie of
// that rank hides the name altogether.
func structFields(t reflect.Type) []field {
	var fields []field
	type queued struct {
		typ   reflect.Type
		index []int
	}
	next := []queued{{typ: t}}
	var count, nextCount map[reflect.Type]int
	visited := map[reflect.Type]bool{}
	for len(next) > 0 {
		current := next
		next = nil
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, q := range current {
			if visited[q.typ] {
				continue
			}
			visited[q.typ] = true
			for i := range q.typ.NumField() {
				sf := q.typ.Field(i)
				if sf.Anonymous {
					et := sf.Type
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if !sf.IsExported() && et.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, named, opts := tagName(tag)
				index := append(slices.Clip(q.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if named || !sf.Anonymous || ft.Kind() != reflect.Struct {
					f := field{
						name:      name,
						tagged:    named,
						index:     index,
						typ:       ft,
						omitEmpty: hasOption(opts, "omitempty"),
						omitZero:  hasOption(opts, "omitzero"),
						quoted:    hasOption(opts, "string") && quotable(ft.Kind()),
					}
					if !named {
						f.name = sf.Name
					}
					if f.omitZero {
						f.isZero = zeroTest(sf.Type)
					}
					fields = append(fields, f)
					if count[q.typ] > 1 {
						// The struct holding this field was embedded twice at this depth: a
						// second copy makes the name ambiguous below.
						fields = append(fields, f)
					}
					continue
				}
				if nextCount[ft]++; nextCount[ft] == 1 {
					next = append(next, queued{ft, index})
				}
			}
		}
	}
	slices.SortFunc(fields, func(a, b field) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tagged != b.tagged {
			if a.tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.index, b.index)
	})
	out := fields[:0]
	for i := 0; i < len(fields); {
		j := i + 1
		for j < len(fields) && fields[j].name == fields[i].name {
			j++
		}
		// fields[i] is the shallowest, tagged first; it wins unless the next one ties with it.
		if j-i == 1 || len(fields[i].index) != len(fields[i+1].index) || fields[i].tagged != fields[i+1].tagged {
			out = append(out, fields[i])
		}
		i = j
	}
	slices.SortFunc(out, func(a, b field) int { return slices.Compare(a.index, b.index) })
	return out
}

// quotable reports whether the `string` option applies to a field of kind k.
func quotable(k reflect.Kind) bool {
	switch k {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return true
	}
	return false
}

// hasOption reports whether the comma-separated tag options opts include name.
func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}

type isZeroer interface{ IsZero() bool }

var isZeroerType = reflect.TypeFor[isZeroer]()

// zeroTest returns the omitzero test for a field of type t that has an IsZero method (on t or
// *t), or nil to use reflect.Value.IsZero. Nil interfaces and pointers count as zero without a
// call.
func zeroTest(t reflect.Type) func(reflect.Value) bool {
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			return v.IsNil() || (v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil()) ||
				v.Interface().(isZeroer).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return func(v reflect.Value) bool { return v.IsNil() || v.Interface().(isZeroer).IsZero() }
	case t.Implements(isZeroerType):
		return func(v reflect.Value) bool { return v.Interface().(isZeroer).IsZero() }
	case reflect.PointerTo(t).Implements(isZeroerType):
		return func(v reflect.Value) bool {
			if !v.CanAddr() {
				c := reflect.New(v.Type()).Elem()
				c.Set(v)
				v = c
			}
			return v.Addr().Interface().(isZeroer).IsZero()
		}
	}
	return nil
}

// An embedHop is an embedded pointer on the way to a promoted member: its offset from the struct
// (or the target of the pointer before it) that holds it, the type it points to, and whether it
// may be set, which a nil one must be to reach the member.
type embedHop struct {
	off  uintptr
	elem reflect.Type
	set  bool // the embedded field is exported: not a pointer to an unexported struct type
}

// embedHops returns the embedded pointers on the way from struct type t along index, and the
// member's offset from the last of them (from t, if none): the path by address of a promoted
// member, for the encoders (which stop at a nil pointer) and the decoders (which allocate it).
func embedHops(t reflect.Type, index []int) (hops []embedHop, off uintptr) {
	for k, i := range index {
		sf := t.Field(i)
		off += sf.Offset
		if k == len(index)-1 {
			break
		}
		if t = sf.Type; t.Kind() == reflect.Pointer {
			hops = append(hops, embedHop{off: off, elem: t.Elem(), set: sf.IsExported()})
			t, off = t.Elem(), 0
		}
	}
	return hops, off
}
