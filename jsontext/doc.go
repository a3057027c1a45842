// Package jsontext is Stride's implementation of the API of the standard library's
// encoding/json/jsontext (Go 1.27): the syntax of JSON, its tokens, values and JSON Pointers, with
// the same names, signatures, results and errors. A program moves to it by changing the import
// path:
//
//	import "github.com/stridejson/stride/jsontext" // for "encoding/json/jsontext"
//
// It builds on Go 1.26 as well, where the standard package does not exist (without
// GOEXPERIMENT=jsonv2); its tests compare it with the standard package on Go 1.27.
//
// What is here: Kind, Token and its constructors, Pointer, Options and their constructors,
// AppendQuote, AppendUnquote, AppendFloat, AppendFormat, SyntacticError, ErrDuplicateName,
// ErrNonStringName, Value with all its methods, the Decoder, which reads through stream.Reader's
// token reading, and the Encoder, which writes through stream.Writer.
//
// The Decoder differs from the standard one in two ways: after an error, every later call returns
// that error (the standard Decoder keeps its state from before the call that failed, so a call of
// another kind may read on), and a token or value read whole from an io.Reader may be up to
// 64 MiB long.
//
// What does not cross between this package and the standard one: their Options are different
// types (an option made by one package is not accepted by the other), and so are their
// SyntacticError and Token. The Err of a SyntacticError has the standard error's text, but not
// its (unexported) type. The Append functions, as all of Stride's, may overwrite the spare
// capacity of dst beyond the length they return.
package jsontext
