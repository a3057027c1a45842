package stride

import (
	"fmt"
	"math"
	"reflect"
	"strconv"

	"github.com/stridejson/stride/internal/jsonnum"
)

// scalarEncoder returns the encoder of a bool, number or string kind. quoted (the `string` tag
// option) wraps the value in a string literal: a string is then quoted twice.
func scalarEncoder(t reflect.Type, quoted bool) encoderFunc {
	if t == numberType {
		return func(e *encodeState, v reflect.Value) error { return encodeNumber(e, v.String(), quoted) }
	}
	var f encoderFunc
	switch t.Kind() {
	case reflect.Bool:
		f = func(e *encodeState, v reflect.Value) error {
			e.took(strconv.AppendBool(e.buf, v.Bool()))
			return nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		f = func(e *encodeState, v reflect.Value) error {
			e.took(jsonnum.AppendInt(e.buf, v.Int()))
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		f = func(e *encodeState, v reflect.Value) error {
			e.took(jsonnum.AppendUint(e.buf, v.Uint()))
			return nil
		}
	case reflect.Float32:
		f = func(e *encodeState, v reflect.Value) error { return encodeFloat(e, v, 32) }
	case reflect.Float64:
		f = func(e *encodeState, v reflect.Value) error { return encodeFloat(e, v, 64) }
	case reflect.String:
		if quoted {
			return func(e *encodeState, v reflect.Value) error {
				inner, err := e.esc.AppendQuote(nil, v.String())
				if err == nil {
					e.buf, err = e.esc.AppendQuoteBytes(e.buf, inner)
				}
				return err // only from a custom Escaper with RejectInvalidUTF8
			}
		}
		return func(e *encodeState, v reflect.Value) error {
			e.quote(v.String())
			return nil
		}
	}
	if !quoted {
		return f
	}
	return func(e *encodeState, v reflect.Value) error {
		e.put('"')
		if err := f(e, v); err != nil {
			return err
		}
		e.put('"')
		return nil
	}
}

// encodeFloat appends a float of the given bit size as encoding/json does; NaN and the infinities
// are an *UnsupportedValueError.
func encodeFloat(e *encodeState, v reflect.Value, bits int) error {
	f := v.Float()
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return &UnsupportedValueError{Value: v, Str: strconv.FormatFloat(f, 'g', -1, bits)}
	}
	if bits == 32 {
		e.took(jsonnum.AppendFloat32(e.buf, float32(f)))
	} else {
		e.took(jsonnum.AppendFloat64(e.buf, f))
	}
	return nil
}

// encodeNumber appends a Number's text as it is ("" as 0) after checking that it is a JSON number.
func encodeNumber(e *encodeState, s string, quoted bool) error {
	if s == "" {
		s = "0"
	}
	if end, c := jsonnum.Scan([]byte(s), 0); end != len(s) || c != jsonnum.OK {
		return fmt.Errorf("json: invalid number literal %q", s)
	}
	if quoted {
		e.put('"')
	}
	e.puts(s)
	if quoted {
		e.put('"')
	}
	return nil
}

func fastKindOf(t reflect.Type, quoted bool) fastKind {
	if quoted || t == numberType {
		return fastNone
	}
	pt := reflect.PointerTo(t)
	if implementsMarshaler(pt) || pt.Implements(textMarshalerType) {
		return fastNone // *t's method set includes t's
	}
	switch t.Kind() {
	case reflect.Bool:
		return fastBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return fastInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return fastUint
	case reflect.Float32:
		return fastFloat32
	case reflect.Float64:
		return fastFloat64
	case reflect.String:
		return fastString
	}
	return fastNone
}

// appendFast encodes v, of fast kind k (not fastNone), as its encoder would.
func (e *encodeState) appendFast(k fastKind, v reflect.Value) error {
	switch k {
	case fastBool:
		e.took(strconv.AppendBool(e.buf, v.Bool()))
	case fastInt:
		e.took(jsonnum.AppendInt(e.buf, v.Int()))
	case fastUint:
		e.took(jsonnum.AppendUint(e.buf, v.Uint()))
	case fastFloat32:
		return encodeFloat(e, v, 32)
	case fastFloat64:
		return encodeFloat(e, v, 64)
	default:
		e.quote(v.String())
	}
	return nil
}
