package stride

import (
	"encoding"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// A mapEntry is a map member waiting to be written: its key as text, and its value.
type mapEntry struct {
	key string
	val reflect.Value
}

// newMapEncoder encodes a map as an object with its members sorted by key text, nil as null. Keys
// are strings, integers (in decimal) or encoding.TextMarshalers; any other key type is
// unsupported.
func newMapEncoder(t reflect.Type) encoderFunc {
	kt := t.Key()
	switch kt.Kind() {
	case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
	default:
		if !kt.Implements(textMarshalerType) {
			return unsupportedTypeEncoder
		}
	}
	elem := typeEncoder(t.Elem())
	return func(e *encodeState, v reflect.Value) error {
		if v.IsNil() {
			e.buf = append(e.buf, "null"...)
			return nil
		}
		var id any
		if e.ptrLevel >= startCycleCheck {
			id = v.Pointer()
		}
		if err := e.enter(id, v); err != nil {
			return err
		}
		err := encodeMap(e, v, elem)
		e.leave(id)
		return err
	}
}

func encodeMap(e *encodeState, v reflect.Value, elem encoderFunc) error {
	entries := make([]mapEntry, 0, v.Len())
	for it := v.MapRange(); it.Next(); {
		k, err := keyText(it.Key())
		if err != nil {
			return fmt.Errorf("json: encoding error for type %q: %q", v.Type().String(), err.Error())
		}
		entries = append(entries, mapEntry{k, it.Value()})
	}
	slices.SortFunc(entries, func(a, b mapEntry) int { return strings.Compare(a.key, b.key) })
	e.buf = append(e.buf, '{')
	for i := range entries {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.quote(entries[i].key)
		e.buf = append(e.buf, ':')
		if err := elem(e, entries[i].val); err != nil {
			return err
		}
		e.maybeFlush()
	}
	e.buf = append(e.buf, '}')
	return nil
}

// keyText returns a map key as the text of its member name.
func keyText(k reflect.Value) (string, error) {
	if k.Kind() == reflect.String {
		return k.String(), nil
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		if k.Kind() == reflect.Pointer && k.IsNil() {
			return "", nil
		}
		b, err := tm.MarshalText()
		return string(b), err
	}
	switch k.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), nil
	}
	return strconv.FormatUint(k.Uint(), 10), nil
}
