package stride

import (
	"encoding"
	"reflect"
	"sync/atomic"
)

// interfaceEncoder encodes the dynamic value of an interface, nil as null.
func interfaceEncoder(e *encodeState, v reflect.Value) error {
	if v.IsNil() {
		e.puts("null")
		return nil
	}
	el := v.Elem()
	// NOTE: the values of a decoded document (float64, string, bool) are most elements of []any
	// and map[string]any; their exact types skip the encoder cache, whose lookup hashes the type
	// and took a third of Marshal of a GeoJSON document decoded into any.
	switch el.Type() {
	case float64Type:
		return e.appendFast(fastFloat64, el)
	case stringType:
		return e.appendFast(fastString, el)
	case boolType:
		return e.appendFast(fastBool, el)
	case anySliceType: // GeoJSON's points, decoded into any, are an []any each
		return knownEncoder(&anySliceEncoder, anySliceType)(e, el)
	case anyMapType:
		return knownEncoder(&anyMapEncoder, anyMapType)(e, el)
	}
	return typeEncoder(el.Type())(e, el)
}

var (
	float64Type  = reflect.TypeFor[float64]()
	stringType   = reflect.TypeFor[string]()
	boolType     = reflect.TypeFor[bool]()
	anySliceType = reflect.TypeFor[[]any]()
	anyMapType   = reflect.TypeFor[map[string]any]()

	anySliceEncoder, anyMapEncoder atomic.Pointer[encoderFunc]
)

// knownEncoder returns typeEncoder(t), kept in *p after the first call.
func knownEncoder(p *atomic.Pointer[encoderFunc], t reflect.Type) encoderFunc {
	if f := p.Load(); f != nil {
		return *f
	}
	f := typeEncoder(t)
	p.Store(&f)
	return f
}

// newPtrEncoder encodes what a pointer points to, nil as null; the pointer takes part in the cycle
// check. quoted passes the `string` option through to the element, as encoding/json does for a
// field of type *int.
func newPtrEncoder(t reflect.Type, quoted bool) encoderFunc {
	elem := cachedEncoder(encKey{t.Elem(), quoted})
	var el *elemAt // by address, when the target is direct and has no `string` option
	if !quoted && direct(t.Elem(), nil) {
		x := newElemAt(t.Elem())
		el = &x
	}
	return func(e *encodeState, v reflect.Value) error {
		if v.IsNil() {
			e.puts("null")
			return nil
		}
		var p any
		if e.ptrLevel >= startCycleCheck {
			p = v.Interface()
		}
		if !e.enter(p) {
			return cycleError(v)
		}
		var err error
		if el != nil {
			err = el.write(e, v.UnsafePointer())
		} else {
			err = elem(e, v.Elem())
		}
		e.leave(p)
		return err
	}
}

// marshalerEncoder calls MarshalJSON on v, a type that has it (a nil pointer or nil interface is
// null), and appends the result compacted and escaped as the state escapes strings.
func marshalerEncoder(e *encodeState, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		e.puts("null")
		return nil
	}
	m, ok := v.Interface().(Marshaler)
	if !ok {
		e.puts("null")
		return nil
	}
	return appendMarshaler(e, m, v.Type())
}

// addrMarshalerEncoder calls MarshalJSON on the address of v, which is addressable.
func addrMarshalerEncoder(e *encodeState, v reflect.Value) error {
	return appendMarshaler(e, v.Addr().Interface().(Marshaler), v.Type())
}

func appendMarshaler(e *encodeState, m Marshaler, t reflect.Type) error {
	b, err := m.MarshalJSON()
	if err == nil && !e.pol.preset {
		return e.appendEscapedJSON(b, t)
	}
	if err == nil {
		e.buf, err = appendCompact(e.buf, b, e.html, e.html || v2Based)
	}
	if err != nil {
		return marshalerError(t, err, false)
	}
	return nil
}

// textMarshalerEncoder calls MarshalText on v and appends the text as a string literal.
func textMarshalerEncoder(e *encodeState, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		e.puts("null")
		return nil
	}
	m, ok := v.Interface().(encoding.TextMarshaler)
	if !ok {
		e.puts("null")
		return nil
	}
	return appendText(e, m, v.Type())
}

// addrTextMarshalerEncoder calls MarshalText on the address of v, which is addressable.
func addrTextMarshalerEncoder(e *encodeState, v reflect.Value) error {
	return appendText(e, v.Addr().Interface().(encoding.TextMarshaler), v.Type())
}

func appendText(e *encodeState, m encoding.TextMarshaler, t reflect.Type) error {
	b, err := m.MarshalText()
	if err != nil {
		return marshalerError(t, err, true)
	}
	e.buf, err = e.esc.AppendQuoteBytes(e.buf, b)
	return err // only from a custom Escaper with RejectInvalidUTF8
}
