// Package stride encodes and decodes JSON with the API and the output of encoding/json: change the
// import path and every byte of output stays the same.
//
// Marshal, MarshalIndent, Unmarshal, Encoder, Decoder, Valid, Compact, Indent and HTMLEscape
// behave as their encoding/json namesakes, struct tags and all (omitempty, omitzero, string, "-",
// embedded structs, Marshaler, Unmarshaler and the encoding.Text interfaces). RawMessage, Number,
// Token, Delim and the error types are aliases of encoding/json's, so values and errors pass
// between the two packages freely and errors.As works with either package's names.
//
// The encoding/json followed is the one of the toolchain and experiment that builds the package:
// Go 1.26's implementation, or the one Go 1.27 builds on encoding/json/v2 (the build tag
// goexperiment.jsonv2 decides, so nothing is chosen at run time). On the v2-based build the
// v2 methods MarshalJSONTo and UnmarshalJSONFrom are honoured, and errors are that encoding/json's
// own, obtained from it on the error path (see the README for what that costs a value in error).
//
// This package is the front end: the functions and types of encoding/json's API, their options, and
// the Decoder's and Encoder's handling of a stream. The work is done below it. The codecs
// (internal/codec) are built once per type, on first use, and cached, so later calls read the
// cache without locking; they encode and decode by address, and read their input with a cursor
// that checks the grammar in the pass that decodes (internal/jsonread). Valid, Compact, Indent
// and HTMLEscape are internal/jsonfmt's. Strings are escaped under the escaping policies of
// package stream and unescaped by the same word-at-a-time kernels, and an Encoder hands its
// output to the io.Writer in bounded chunks rather than holding each whole value in memory.
//
// Beyond encoding/json, MarshalOptions choose any escaping policy of package stream and
// indentation, and UnmarshalOptions choose case-sensitive names, rejection of duplicate names and
// invalid UTF-8, and limits on depth and input size; Encoder.SetOptions and Decoder.SetOptions
// set them on a stream. Their zero values behave as Marshal and Unmarshal, and the defaults pay
// nothing for them.
//
// One difference from encoding/json is documented where it occurs: an Encoder that fails part way
// through a value larger than its chunk size has written a prefix of it.
package stride
