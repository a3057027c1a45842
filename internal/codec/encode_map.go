package codec

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/stridejson/stride/internal/rawfield"
)

// A mapEntry is a map member waiting to be written: its key as text, and where its value is.
type mapEntry struct {
	key string
	val rawfield.Pointer
}

// newMapEncoder encodes a map as an object with its members sorted by key text, nil as null. Keys
// are strings, integers (in decimal) or encoding.TextMarshalers; any other key type is
// unsupported. The values do not count as addressable.
func newMapEncoder(t reflect.Type) encoderFunc {
	kt := t.Key()
	switch kt.Kind() {
	case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
	default:
		if !implementsText(kt) && V2Based {
			// NOTE: the v2-based encoding/json writes keys of other types too (floats as
			// numbers in strings, ...), and fails only for a map with members it cannot write:
			// such maps are left to it.
			return func(e *EncodeState, p rawfield.Pointer) error {
				return e.appendStd(rawfield.Value(t, p).Interface())
			}
		}
		if !implementsText(kt) {
			return func(*EncodeState, rawfield.Pointer) error { return &json.UnsupportedTypeError{Type: t} }
		}
	}
	el := newElemAt(t.Elem(), false, false)
	st := reflect.SliceOf(t.Elem())
	scratch := &sync.Pool{New: func() any {
		return &mapScratch{key: reflect.New(kt).Elem(), vals: reflect.MakeSlice(st, 0, 0), typ: st}
	}}
	return func(e *EncodeState, p rawfield.Pointer) error {
		if rawfield.Deref(p) == nil { // a map is a pointer
			e.puts("null")
			return nil
		}
		v := rawfield.Value(t, p)
		var id any
		if e.ptrLevel >= startCycleCheck {
			id = v.Pointer()
		}
		if !e.enter(id) {
			return cycleError(v)
		}
		err := encodeMap(e, v, &el, scratch)
		e.leave(id)
		return err
	}
}

// A mapScratch is where encodeMap copies the keys and values of a map: one settable key and a
// slice of values. A pool of them per map type lets a warm encoder write maps without allocating.
type mapScratch struct {
	key  reflect.Value
	vals reflect.Value // len == cap
	typ  reflect.Type  // of vals
}

// encodeMap writes the members of v sorted by key. The entries of all the maps being written go
// on one stack in the encodeState (a nested map's above its parent's), so a Marshal call
// allocates that space once, not once per map. The values are copied into a slice from scratch,
// and written from there (not counting as addressable) rather than boxed one by one.
//
// NOTE: the pool of scratch took citm_catalog's Marshal from 29 allocations to 1 (the result): it
// has eleven maps, each of which allocated its key and its slice of values.
func encodeMap(e *EncodeState, v reflect.Value, el *elemAt, scratch *sync.Pool) error {
	base, obase := len(e.entries), len(e.order)
	defer func() { clear(e.entries[base:]); e.entries, e.order = e.entries[:base], e.order[:obase] }()
	sc := scratch.Get().(*mapScratch)
	if n := v.Len(); sc.vals.Len() < n {
		sc.vals = reflect.MakeSlice(sc.typ, n, n)
	}
	vals, key := sc.vals, sc.key
	used := 0      // values copied into vals
	defer func() { // let go of what the map held, for the next map
		if used*4 >= vals.Len() { // (Slice would allocate a header)
			vals.Clear()
		} else {
			for i := range used {
				vals.Index(i).SetZero()
			}
		}
		key.SetZero()
		scratch.Put(sc)
	}()
	data := vals.UnsafePointer()
	var it reflect.MapIter // not MapRange: that allocates the iterator
	for it.Reset(v); it.Next() && used < vals.Len(); used++ {
		key.SetIterKey(&it)
		vals.Index(used).SetIterValue(&it)
		ks, err := keyText(key)
		if err != nil {
			return fmt.Errorf("json: encoding error for type %q: %q", v.Type().String(), err.Error())
		}
		e.entries = append(e.entries, mapEntry{ks, rawfield.Add(data, uintptr(used)*el.size)})
	}
	// NOTE: the entries are put in order through indexes: sorting the 40-byte entries themselves
	// took a quarter of Marshal of a document decoded into any (maps of about ten members).
	ents := e.entries[base:]
	for j := range ents {
		e.order = append(e.order, int32(j))
	}
	byKey := func(a, b int32) int { return strings.Compare(ents[a].key, ents[b].key) }
	slices.SortFunc(e.order[obase:], byKey)
	e.put('{')
	for j := range ents {
		if j > 0 {
			e.put(',')
		}
		me := e.entries[base+int(e.order[obase+j])] // a copy: the encoder below may grow the stacks
		e.quote(me.key)
		e.put(':')
		if err := el.write(e, me.val); err != nil {
			return err
		}
		e.maybeFlush()
	}
	e.put('}')
	return nil
}

// keyText returns a map key as the text of its member name.
func keyText(k reflect.Value) (string, error) {
	if k.Kind() == reflect.String && (!textKeysFirst || !k.Type().Implements(textMarshalerType)) {
		return k.String(), nil
	}
	if ta, ok := k.Interface().(encoding.TextAppender); ok && V2Based {
		if k.Kind() == reflect.Pointer && k.IsNil() {
			return "", nil
		}
		b, err := ta.AppendText(nil)
		return string(b), err
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		if k.Kind() == reflect.Pointer && k.IsNil() {
			return "", nil
		}
		b, err := tm.MarshalText()
		return string(b), err
	}
	switch k.Kind() {
	case reflect.String:
		return k.String(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), nil
	}
	return strconv.FormatUint(k.Uint(), 10), nil
}
