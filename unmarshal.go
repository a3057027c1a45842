package stride

import (
	"reflect"
)

// Unmarshal parses the JSON-encoded data and stores the result in the value pointed to by v. If v
// is nil or not a pointer, Unmarshal returns an InvalidUnmarshalError.
//
// Unmarshal follows encoding/json's rules (see there): member names match struct fields exactly
// or else case-insensitively, the last of duplicate members wins, null leaves non-reference values
// unchanged, numbers decode into an interface as float64, maps and slices are reused, and a value
// of the wrong type is skipped and reported, after the rest has been decoded, as an
// *UnmarshalTypeError. Syntax errors are found before anything is stored.
func Unmarshal(data []byte, v any) error {
	if !validate(data) {
		return syntaxError(data)
	}
	d := decodeState{r: cursors.Get().(*cursor), data: data}
	d.r.Reset(data)
	err := d.unmarshal(v)
	// No Reset(nil) to let go of data: a second Reset would size the cursor's buffer by a
	// document with no strings. The pool drops idle cursors, and data with them, at GC.
	cursors.Put(d.r)
	return err
}

// unmarshal decodes the next value of d.r, known to be valid, into v.
func (d *decodeState) unmarshal(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &InvalidUnmarshalError{Type: reflect.TypeOf(v)}
	}
	if err := typeDecoder(rv.Type())(d, rv); err != nil {
		return d.withContext(err)
	}
	return d.saved
}
