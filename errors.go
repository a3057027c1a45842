package stride

import (
	"encoding/json"
)

// The error types are aliases of encoding/json's, not look-alikes: a caller that tests an error
// with errors.As(err, new(*json.SyntaxError)) keeps working after switching the import, and the
// messages are encoding/json's own. Two of them have an unexported field that shapes the message
// (MarshalerError's source method, SyntaxError's text); errors with those are obtained from
// encoding/json on the error path only (see marshalerError and syntaxError), so the fast paths
// never call it.

// An UnsupportedTypeError is returned by Marshal when attempting to encode an unsupported value
// type.
type UnsupportedTypeError = json.UnsupportedTypeError

// An UnsupportedValueError is returned by Marshal when attempting to encode an unsupported value,
// such as a NaN, an infinity or a cyclic data structure.
type UnsupportedValueError = json.UnsupportedValueError

// A MarshalerError represents an error from calling a MarshalJSON or MarshalText method.
type MarshalerError = json.MarshalerError

// A SyntaxError is a description of a JSON syntax error; Offset is the byte offset in the input
// after which the error was detected.
type SyntaxError = json.SyntaxError

// An UnmarshalTypeError describes a JSON value that was not appropriate for a value of a specific
// Go type.
type UnmarshalTypeError = json.UnmarshalTypeError

// An InvalidUnmarshalError describes an invalid argument passed to Unmarshal (the argument to
// Unmarshal must be a non-nil pointer).
type InvalidUnmarshalError = json.InvalidUnmarshalError

// Before Go 1.2, an InvalidUTF8Error was returned by Marshal when attempting to encode a string
// value with invalid UTF-8 sequences. As of Go 1.2, Marshal instead coerces the string to valid
// UTF-8 by replacing invalid bytes with the Unicode replacement rune U+FFFD.
//
// Deprecated: No longer used; kept for compatibility.
type InvalidUTF8Error = json.InvalidUTF8Error //lint:ignore SA1019 the alias is what keeps the deprecated name

// An UnmarshalFieldError describes a JSON object key that led to an unexported (and therefore
// unwritable) struct field.
//
// Deprecated: No longer used; kept for compatibility.
type UnmarshalFieldError = json.UnmarshalFieldError //lint:ignore SA1019 the alias is what keeps the deprecated name

// Marshaler is the interface implemented by types that can marshal themselves into valid JSON.
type Marshaler = json.Marshaler

// Unmarshaler is the interface implemented by types that can unmarshal a JSON description of
// themselves.
type Unmarshaler = json.Unmarshaler

// RawMessage is a raw encoded JSON value. It implements Marshaler and Unmarshaler and can be used
// to delay JSON decoding or precompute a JSON encoding.
type RawMessage = json.RawMessage

// A Number represents a JSON number literal.
type Number = json.Number
