package codec

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/rawfield"
)

// scalarEncoder returns the encoder of a bool, number or string kind. quoted (the `string` tag
// option) wraps the value in a string literal: a string is then quoted twice.
func scalarEncoder(t reflect.Type, quoted bool) encoderFunc {
	if t == numberType {
		return func(e *EncodeState, p rawfield.Pointer) error {
			return encodeNumber(e, rawfield.String(p, 0), quoted)
		}
	}
	if t.Kind() == reflect.String {
		if quoted {
			return func(e *EncodeState, p rawfield.Pointer) error {
				inner, err := e.esc.AppendQuote(nil, rawfield.String(p, 0))
				if err == nil {
					e.Buf, err = e.esc.AppendQuoteBytes(e.Buf, inner)
				}
				return err // only from a custom Escaper with RejectInvalidUTF8
			}
		}
		return func(e *EncodeState, p rawfield.Pointer) error {
			e.quote(rawfield.String(p, 0))
			return nil
		}
	}
	k, size := scalarKind(t), t.Size()
	f := func(e *EncodeState, p rawfield.Pointer) error {
		if !e.appendScalar(k, p, size) {
			return floatAtError(t, p, floatBits(k))
		}
		return nil
	}
	if !quoted {
		return f
	}
	return func(e *EncodeState, p rawfield.Pointer) error {
		e.put('"')
		if err := f(e, p); err != nil {
			return err
		}
		e.put('"')
		return nil
	}
}

// scalarKind is the fast kind of the bool, number or string kind of t, whatever its methods;
// fastNone for the other kinds.
func scalarKind(t reflect.Type) fastKind {
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

// floatAtError is the error of the NaN or infinite float of type t at p: an
// *json.UnsupportedValueError, as encoding/json's.
func floatAtError(t reflect.Type, p rawfield.Pointer, bits int) error {
	v := rawfield.Value(t, p)
	return &json.UnsupportedValueError{Value: v, Str: strconv.FormatFloat(v.Float(), 'g', -1, bits)}
}

// floatError is floatAtError for a float64 held by an interface.
func floatError(f float64, bits int) error {
	str := strconv.FormatFloat(f, 'g', -1, bits)
	return &json.UnsupportedValueError{Value: reflect.ValueOf(f), Str: str}
}

// appendFloat64 appends a finite float64 as encoding/json does.
func (e *EncodeState) appendFloat64(f float64) { e.took(jsonnum.AppendFloat64(e.Buf, f)) }

// appendBool appends true or false.
func (e *EncodeState) appendBool(b bool) {
	if b {
		e.puts("true")
	} else {
		e.puts("false")
	}
}

// encodeNumber appends a json.Number's text as it is ("" as 0) after checking that it is a JSON
// number.
func encodeNumber(e *EncodeState, s string, quoted bool) error {
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
	if implementsMarshaler(pt) || implementsText(pt) {
		return fastNone // *t's method set includes t's
	}
	return scalarKind(t)
}
