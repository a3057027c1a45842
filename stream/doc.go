// Package stream is Stride's token layer: JSON string quoting and unquoting under escaping policies,
// the token Writer, and a strict pull Reader over []byte or io.Reader.
//
// A Writer writes JSON token by token, in memory or streaming to an io.Writer in bounded chunks,
// checks the grammar, formats numbers as encoding/json does, and keeps the first error sticky:
//
//	w := stream.NewWriter(dst) // or a zero Writer, in memory
//	obj := w.Object()
//	obj.Name("id").Int(42)
//	obj.Name("tags").Array()
//	w.String("a")
//	w.EndArray()
//	obj.End()
//	if err := w.Close(); err != nil { ... } // an unfinished value, the first error of any call, or the destination's
//
// Raw writes pre-encoded JSON after checking it with the package's Reader, the module's one reader
// of JSON text, so it accepts exactly what a Reader accepts (with invalid UTF-8 in strings always an
// error, and nesting to any depth).
//
// The string functions cost in proportion to the number of characters that need escaping, not to
// where the first one sits: plain runs are scanned a 64-bit word at a time and copied with one append,
// and the scan resumes after every escape.
//
// The Reader accepts exactly RFC 8259 JSON, allocates nothing per token when reused, hands out views
// of the input where it can, and reports errors as *SyntaxError values with the line, column, byte
// offset and a JSON Pointer that names the innermost value holding the error, as jsontext does (see
// SyntaxError). Besides reading by value, it reads token by token (ReadToken, ReadValue, PeekToken,
// TokenStack, TokenPointer) by the rules and with the errors of encoding/json/v2's jsontext, which
// Stride's jsontext package builds its Decoder on.
//
// The package never imports reflect or encoding/json.
package stream
