// Package jsonexport is how Stride's v2 json package reaches what jsontext keeps to itself, as
// the standard library's encoding/json/v2 reaches its jsontext through an exporter: jsontext
// sets the functions here when it is initialized, and only packages of this module can import
// this one. It holds no types of either package.
package jsonexport

// NextValue returns where the next value written to enc (a *jsontext.Encoder) would begin: its
// offset in the output, after the comma or colon and white space before it, and its JSON Pointer.
var NextValue func(enc any) (offset int64, pointer string)

// WriteMarshaled writes v, a value Marshal wrote under enc's options, to enc (a
// *jsontext.Encoder) as WriteValue does, laid out as enc lays out values, but without the
// options that rewrite raw values (CanonicalizeRawInts, CanonicalizeRawFloats,
// ReorderRawObjects), which encoding/json/v2's MarshalEncode does not apply to what it writes.
var WriteMarshaled func(enc any, v []byte) error

// ReadError returns the error a *jsontext.Decoder reports when its io.Reader fails with err.
var ReadError func(err error) error

// ReadErrorWithin returns the error a *jsontext.Decoder reports when its io.Reader fails, with the
// read error err, inside an array or object it reads whole (ReadValue): v is what had come of that
// value, from its first byte, at offset and pointer ptr.
var ReadErrorWithin func(v []byte, ptr string, offset int64, err error) error
