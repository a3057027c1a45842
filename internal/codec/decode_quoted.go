package codec

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"

	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// decodeQuoted decodes a member with the `string` tag option: its value is a string whose text is
// itself a JSON literal (or a plain null, decoded as usual). The error messages are
// encoding/json's.
func decodeQuoted(d *DecodeState, t reflect.Type, p rawfield.Pointer, dec decoderFunc) error {
	switch d.kind() {
	case stream.KindNull:
		return dec(d, p)
	case stream.KindString:
		return storeQuoted(d, []byte(readString(d.R)), rawfield.Value(t, p))
	}
	d.R.SkipValue()
	d.save(fmt.Errorf("json: invalid use of ,string struct tag, trying to unmarshal unquoted value into %v", t))
	return nil
}

func misuse(item []byte, t reflect.Type) error {
	return fmt.Errorf("json: invalid use of ,string struct tag, trying to unmarshal %q into %v", item, t)
}

// storeQuoted stores the literal item, the text of a `string` member, in v.
func storeQuoted(d *DecodeState, item []byte, v reflect.Value) error {
	if len(item) == 0 {
		d.save(misuse(item, v.Type()))
		return nil
	}
	null := item[0] == 'n'
	t0 := v.Type()
	// Find the value to store in, through pointers, or a method to hand the literal to.
	for first := true; ; first = false {
		t := v.Type()
		var m any
		if first && t.Name() != "" && t.Kind() != reflect.Pointer {
			m = v.Addr().Interface()
		} else if t.Kind() == reflect.Pointer && !(null && v.CanSet()) {
			if v.IsNil() {
				v.Set(reflect.New(t.Elem()))
			}
			m = v.Interface()
		} else {
			break
		}
		if u, ok := m.(json.Unmarshaler); ok {
			return d.ended(u.UnmarshalJSON(item))
		}
		if ut, ok := m.(encoding.TextUnmarshaler); ok && !null {
			if item[0] != '"' {
				d.save(misuse(item, t0))
				return nil
			}
			s, err := stream.AppendUnquote(nil, item)
			if err != nil {
				return d.ended(misuse(item, t0))
			}
			return d.ended(ut.UnmarshalText(s))
		}
		if t.Kind() == reflect.Pointer {
			v = v.Elem()
		}
	}
	switch c := item[0]; {
	case c == 'n':
		if string(item) != "null" {
			d.save(misuse(item, v.Type()))
		} else if k := v.Kind(); k == reflect.Pointer || k == reflect.Map || k == reflect.Slice || k == reflect.Interface {
			v.SetZero()
		}
	case c == 't' || c == 'f':
		if string(item) != "true" && string(item) != "false" || v.Kind() != reflect.Bool {
			d.save(misuse(item, v.Type()))
		} else {
			v.SetBool(c == 't')
		}
	case c == '"':
		s, err := stream.AppendUnquote(nil, item)
		if err != nil {
			return d.ended(misuse(item, v.Type()))
		}
		if v.Kind() != reflect.String {
			d.typeError("string", v.Type())
			return nil
		}
		if v.Type() == numberType && V2Based {
			d.typeError("string", v.Type()) // a json.Number in a `string` member is a number there
			return nil
		}
		if v.Type() == numberType && !validNumber(s) {
			return d.ended(fmt.Errorf("json: invalid number literal, trying to unmarshal %q into Number", item))
		}
		v.SetString(string(s))
	case c == '-' || '0' <= c && c <= '9':
		return storeQuotedNumber(d, string(item), v)
	case V2Based && v.Kind() >= reflect.Int && v.Kind() <= reflect.Float64:
		// The v2-based encoding/json hands a number kind's string to strconv whatever it
		// begins with ("+1", "Inf").
		return storeQuotedNumber(d, string(item), v)
	default:
		return d.ended(misuse(item, v.Type()))
	}
	return nil
}

// storeQuotedNumber parses a number from a `string` member with strconv, as encoding/json does
// (so "-Inf" reaches a float).
func storeQuotedNumber(d *DecodeState, s string, v reflect.Value) error {
	ok := true
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, 64)
		if ok = err == nil && !v.OverflowInt(n); ok {
			v.SetInt(n)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, err := strconv.ParseUint(s, 10, 64)
		if ok = err == nil && !v.OverflowUint(n); ok {
			v.SetUint(n)
		}
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(s, v.Type().Bits())
		if ok = err == nil && !v.OverflowFloat(f); ok {
			v.SetFloat(f)
		}
	default:
		if v.Type() == numberType {
			if V2Based && !validNumber([]byte(s)) {
				d.typeError("string", v.Type())
				return nil
			}
			v.SetString(s)
			return nil
		}
		return d.ended(misuse([]byte(s), v.Type()))
	}
	if !ok {
		d.typeError("number "+s, v.Type())
	}
	return nil
}
