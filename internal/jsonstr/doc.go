// Package jsonstr holds Stride's string kernels: quoting a Go string as a JSON string literal under an
// escaping policy, unquoting a JSON string literal, and finding the end of a literal without decoding it.
//
// Every kernel follows one cost model. Plain runs are found a 64-bit word at a time (see swar.go) and
// copied with one append; after each character that needs attention the word scan resumes. Valid
// multi-byte UTF-8 is validated in place and copied with the run around it, never re-encoded. So the
// cost of a string is about a·n/8 + b·k for n bytes and k escapes, wherever the escapes sit. The word
// tricks are exported as small inlinable leaves for the packages above, which keep no copies of
// them: Load64, Stops, QuoteStops, FirstLane (swar.go) and the UTF-8 table UTF8Lead (utf8.go).
//
// On amd64 with AVX2 and on arm64, long plain runs are scanned by vector routines in Go assembly
// (index.go): they only find the next stop and return its index, and Go does the copies and writes.
// The one exception is the block escaper of escape.go (amd64), which copies and escapes
// escape-dense ASCII in one pass inside the output slice it is given. Bracket matching for the
// unchecked skip reads 64-byte blocks as bit masks (block.go, SkipBlocks: AVX2 with a carry-less
// multiply on amd64, a pure-Go twin elsewhere). The purego build tag leaves all assembly out.
//
// The package uses the standard library only and no unsafe. Errors are *Error values carrying a code
// and a byte offset; the public packages turn them into their own error types.
package jsonstr
