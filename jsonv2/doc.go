// Package json is Stride's implementation of the API of the standard library's encoding/json/v2
// (Go 1.27), on Stride's engine, with the same names, signatures, results and errors. A program
// moves to it by changing the import paths:
//
//	import json "github.com/stridejson/stride/jsonv2"       // for "encoding/json/v2"
//	import "github.com/stridejson/stride/jsontext"          // for "encoding/json/jsontext"
//
// The directory is jsonv2, not v2, which would read as a major version of the Stride module.
//
// What is here so far: Options, their constructors, JoinOptions, GetOption and
// DefaultOptionsV2, ErrUnknownName, SemanticError, Marshaler and MarshalerTo, and Marshal,
// MarshalWrite and MarshalEncode on the engine's encoders (internal/codec's encode_v2.go), which
// follow encoding/json/v2's rules for every kind, struct tag and boolean option, held to the
// standard package by tests and a fuzz target on Go 1.27, embedded fallbacks (`embed` on a map
// of string keys or a jsontext.Value, Stride's or the standard one) included. WithMarshalers
// with MarshalFunc, MarshalToFunc and JoinMarshalers too. Of the root package's v1
// compatibility options, Marshal honours FormatByteArrayAsArray, FormatBytesWithLegacySemantics,
// FormatDurationAsNano, OmitEmptyWithLegacySemantics and StringifyWithLegacySemantics; not yet
// CallMethodsWithLegacySemantics and ReportErrorsWithLegacySemantics. Unmarshal, its streaming forms, the unmarshaler interfaces and the funcs come next.
package json
