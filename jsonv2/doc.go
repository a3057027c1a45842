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
// DefaultOptionsV2, and ErrUnknownName. Marshal and Unmarshal, their streaming forms, the
// marshaler interfaces and funcs, and SemanticError come next.
package json
