package stride

import "github.com/stridejson/stride/internal/codec"

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
	d := codec.DecodeState{Data: data}
	return d.Decode(v, false)
}
