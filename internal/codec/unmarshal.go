package codec

import (
	"encoding/json"
	"reflect"

	"github.com/stridejson/stride/internal/jsonfmt"
	"github.com/stridejson/stride/internal/jsonread"
)

// Decode decodes d.Data into v with a pooled cursor. Unless checked says a caller has, it checks
// that the input is valid before anything is stored, or in the one pass (see OnePass).
func (d *DecodeState) Decode(v any, checked bool) error {
	if V2Based && d.Check == nil && rawFallbackIn(reflect.TypeOf(v)) {
		// A jsontext.Value fallback takes the unknown members added to it, which StdDecodeError
		// keeps from being added twice by decoding into a new value for the error; so that v
		// ends as encoding/json leaves it, such a value is encoding/json's to decode from the
		// start, once it is known to be one valid value (as below: some of stdDecode's ways read
		// only the first).
		if !checked && !jsonfmt.Valid(d.Data) {
			return jsonfmt.SyntaxError(d.Data)
		}
		return d.stdDecode(d.Data, v)
	}
	if err := d.decodeValue(v, checked); err != nil {
		if d.CheckFailed {
			return err // the check of UnmarshalOptions: a stream.SyntaxError or encoding/json's
		}
		return d.StdDecodeError(d.Data, v, err)
	}
	return nil
}

// decodeValue is decode with the errors of the older encoding/json.
func (d *DecodeState) decodeValue(v any, checked bool) error {
	c := jsonread.Get()
	defer jsonread.Put(c)
	d.R = c
	c.Reset(d.Data)
	if rv := reflect.ValueOf(v); !checked && OnePass(rv) {
		c.Limit = jsonread.MaxDepth
		if d.Check != nil {
			c.SetChecks(d.Check.MaxDepth, d.Check.StrictStrings, d.Check.RejectDuplicateNames) // in the same pass: a value that breaks them is bad input
		}
		err := d.Unmarshal(v)
		if err == nil && !c.Bad && c.AtEnd() {
			return d.Saved
		}
		// Not valid, or decoding ended early, on an error, so the rest was not checked: the
		// input decides, as it does for every other value.
		rv.Elem().SetZero()
		d.Clear()
		c.Reset(d.Data)
	}
	switch {
	case checked:
	case d.Check != nil:
		// The error of what broke a check, exactly as the Reader reports it.
		if err := CheckStrict(d.Data, *d.Check); err != nil {
			d.CheckFailed = true
			return err
		}
	case !jsonfmt.Valid(d.Data):
		return jsonfmt.SyntaxError(d.Data)
	}
	if err := d.Unmarshal(v); err != nil {
		return err
	}
	return d.Saved
}

// Unmarshal decodes the next value of d.R into v. It returns the error that ended decoding, if
// any; the type errors it carried on after are in d.Saved.
func (d *DecodeState) Unmarshal(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &json.InvalidUnmarshalError{Type: reflect.TypeOf(v)}
	}
	if err := d.throughPointer(rv); err != nil {
		return d.withContext(err)
	}
	return nil
}
