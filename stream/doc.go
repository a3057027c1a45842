// Package stream is Stride's token layer: JSON string quoting and unquoting under escaping policies,
// a strict pull Reader over []byte or io.Reader, and (as it lands) an append-based token Writer.
//
// The string functions cost in proportion to the number of characters that need escaping, not to
// where the first one sits: plain runs are scanned a 64-bit word at a time and copied with one append,
// and the scan resumes after every escape.
//
// The Reader accepts exactly RFC 8259 JSON, allocates nothing per token when reused, hands out views
// of the input where it can, and reports errors as *SyntaxError values with the line, column, byte
// offset and JSON Pointer of the value being read.
//
// The package never imports reflect or encoding/json.
package stream
