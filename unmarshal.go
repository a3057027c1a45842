package stride

import (
	"reflect"

	"github.com/stridejson/stride/internal/jsonfmt"
	"github.com/stridejson/stride/internal/jsonread"
)

// Unmarshal parses the JSON-encoded data and stores the result in the value pointed to by v. If v
// is nil or not a pointer, Unmarshal returns an InvalidUnmarshalError.
//
// Unmarshal follows encoding/json's rules (see there): member names match struct fields exactly
// or else case-insensitively, the last of duplicate members wins, null leaves non-reference values
// unchanged, numbers decode into an interface as float64, maps and slices are reused, and a value
// of the wrong type is skipped and reported, after the rest has been decoded, as an
// *UnmarshalTypeError. A syntax error leaves v as it was: the input is checked before anything
// is stored or, for a zero value of a type without decode methods, while it is decoded, and the
// value is set back to zero on an error.
func Unmarshal(data []byte, v any) error {
	d := decodeState{data: data}
	return d.decode(v, false)
}

// decode decodes d.data into v with a pooled cursor. Unless checked says a caller has, it checks
// that the input is valid before anything is stored, or in the one pass (see onePass).
func (d *decodeState) decode(v any, checked bool) error {
	if err := d.decodeValue(v, checked); err != nil {
		if d.checkFailed {
			return err // the check of UnmarshalOptions: a stream.SyntaxError or encoding/json's
		}
		return d.stdDecodeError(d.data, v, err)
	}
	return nil
}

// decodeValue is decode with the errors of the older encoding/json.
func (d *decodeState) decodeValue(v any, checked bool) error {
	c := jsonread.Get()
	defer jsonread.Put(c)
	d.r = c
	c.Reset(d.data)
	if rv := reflect.ValueOf(v); !checked && onePass(rv) {
		c.Limit = jsonread.MaxDepth
		if d.check != nil {
			c.SetChecks(d.check.MaxDepth, d.check.StrictStrings, d.check.RejectDuplicateNames) // in the same pass: a value that breaks them is bad input
		}
		err := d.unmarshal(v)
		if err == nil && !c.Bad && c.AtEnd() {
			return d.saved
		}
		// Not valid, or decoding ended early, on an error, so the rest was not checked: the
		// input decides, as it does for every other value.
		rv.Elem().SetZero()
		d.saved, d.errStruct, d.errFields = nil, nil, d.errFields[:0]
		c.Reset(d.data)
	}
	switch {
	case checked:
	case d.check != nil:
		// The error of what broke a check, exactly as the Reader reports it.
		if err := checkStrict(d.data, *d.check); err != nil {
			d.checkFailed = true
			return err
		}
	case !jsonfmt.Valid(d.data):
		return jsonfmt.SyntaxError(d.data)
	}
	if err := d.unmarshal(v); err != nil {
		return err
	}
	return d.saved
}

// unmarshal decodes the next value of d.r into v. It returns the error that ended decoding, if
// any; the type errors it carried on after are in d.saved.
func (d *decodeState) unmarshal(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &InvalidUnmarshalError{Type: reflect.TypeOf(v)}
	}
	if err := d.throughPointer(rv); err != nil {
		return d.withContext(err)
	}
	return nil
}
