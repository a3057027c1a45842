// Package json is Stride's implementation of the API of the standard library's encoding/json/v2
// (Go 1.27), on Stride's engine, with the same names, signatures, results and errors. A program
// moves to it by changing the import paths:
//
//	import json "github.com/stridejson/stride/jsonv2"       // for "encoding/json/v2"
//	import "github.com/stridejson/stride/jsontext"          // for "encoding/json/jsontext"
//
// The directory is jsonv2, not v2, which would read as a major version of the Stride module.
//
// What is here so far: the options (their constructors, JoinOptions, GetOption and
// DefaultOptionsV2), SemanticError and ErrUnknownName, Marshaler, MarshalerTo, MarshalFunc,
// MarshalToFunc, JoinMarshalers and WithMarshalers, and Marshal, MarshalWrite and MarshalEncode
// on the engine's v2 encoders (internal/codec's encode_v2.go). Marshal follows encoding/json/v2's
// rules for every kind, struct tag and boolean option, embedded fallbacks (`embed` on a map of
// string keys or on a jsontext.Value, Stride's or the standard one) included, and gives its
// errors; tests and a fuzz target hold it to the standard package on Go 1.27. Of the root
// package's v1 compatibility options it honours CallMethodsWithLegacySemantics,
// FormatByteArrayAsArray, FormatBytesWithLegacySemantics, FormatDurationAsNano,
// OmitEmptyWithLegacySemantics, StringifyWithLegacySemantics and ReportErrorsWithLegacySemantics
// (see below). Under CallMethodsWithLegacySemantics a method on a pointer
// receiver is called only on a value encoding/json (v1) could take the address of (not on a map
// value, an interface's value or the top-level value passed by value, nor on what they hold by
// value), no MarshalJSON or MarshalJSONTo on a map key, no MarshalText or AppendText on a map key
// of kind string, and a nil pointer held by an interface whose type has a marshal method is given
// to that method, as the standard package does; for an interface type other than its own
// Marshaler, TextAppender and TextMarshaler the standard package panics (Go 1.27.3), and this
// one calls the method.
//
// Unmarshal, UnmarshalRead and UnmarshalDecode, with Unmarshaler, UnmarshalerFrom (on Stride's
// Decoder, or on Go 1.27 the standard one), UnmarshalFunc, UnmarshalFromFunc, JoinUnmarshalers
// and WithUnmarshalers (applied inside interfaces too), decode on the engine's v2 decoders
// (decode_v2.go), with v2's rules (names matched case-sensitively unless an option or a `case`
// tag says otherwise, unknown members skipped or rejected, duplicate names and invalid UTF-8
// rejected, null setting the zero value, slices reset and arrays of exact length, time.Time as
// RFC 3339, decoding stopped at the first error) and the standard package's errors, offsets and
// pointers, held to it by tests and a fuzz target on Go 1.27 (the wording of some syntax errors
// inside scalars aside; see Unmarshal); members no field takes go into an embedded fallback. A
// value already in an interface is decoded into, and so is an entry already in a map. Of the
// v1 compatibility options Unmarshal honours FormatByteArrayAsArray,
// FormatBytesWithLegacySemantics, FormatDurationAsNano, MatchCaseSensitiveDelimiter,
// MergeWithLegacySemantics, ParseBytesWithLooseRFC4648, ParseTimeWithLooseRFC3339,
// StringifyWithLegacySemantics, UnmarshalArrayFromAnyLength and CallMethodsWithLegacySemantics
// (no UnmarshalJSON or UnmarshalJSONFrom on a map key). Under exactly the options of
// DefaultOptionsV1 (of the root package), Marshal, MarshalWrite, MarshalEncode, Unmarshal and
// UnmarshalRead are encoding/json's, through the engine's v1 codecs, as Go 1.27's encoding/json is
// encoding/json/v2 under them: methods called and errors reported as v1 does (MarshalEncode's
// placed within the Encoder's output as encoding/json/v2 places them).
//
// With ReportErrorsWithLegacySemantics in any other set of options (DefaultOptionsV1 and an
// indent, say, or stricter checks), the errors are v1's and decoding goes on past a semantic
// error, as in the standard package: the engine's v2 codecs do the work, and where they meet an
// error the call is made again by Go 1.27's encoding/json/v2 under the same options, on the
// error path only (Unmarshal checks the whole input first, as the standard one does under these
// options, so that bad input leaves the value untouched; a value with an error in it is decoded
// again over what the engine stored, so an UnmarshalJSON with side effects sees them twice). A
// struct type whose tags v2 finds fault with and v1 made the best of, or with an embedded
// fallback of a jsontext.Value, is left to encoding/json/v2 whole. Not given to it, and with
// v2's errors: a value of a type with methods taking Stride's Encoder or Decoder or with
// Stride's jsontext.Value in it, and calls with marshal or unmarshal functions. MarshalEncode
// and UnmarshalDecode ask encoding/json/v2 with a standard Encoder or Decoder brought to where
// theirs stands (the same open objects and arrays, with as many elements before), and move the
// error's offsets to their output or input; with DefaultOptionsV1, UnmarshalDecode takes this
// way too. On Go 1.26 (GOEXPERIMENT=jsonv2), errors stay v2's under the option. Not held to the
// standard package: where a Decoder or Encoder stands after a failed UnmarshalDecode or
// MarshalEncode (UnmarshalDecode has read the value whole), a value at an array index over a
// million (errors stay v2's), and MarshalWrite's output where it fails in a value
// encoding/json/v2 writes (the engine has written what came before).
//
// Options made by the standard library's packages are another type and are not accepted here. A
// MarshalJSONTo method is called whether it takes Stride's *jsontext.Encoder or, on Go 1.27, the
// standard library's (through encoding/json/v2, with its default options).
package json
