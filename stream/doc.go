// Package stream is Stride's token layer: JSON string quoting and unquoting under escaping policies,
// and (as they land) an append-based token Writer and a pull Reader.
//
// The string functions cost in proportion to the number of characters that need escaping, not to
// where the first one sits: plain runs are scanned a 64-bit word at a time and copied with one append,
// and the scan resumes after every escape.
//
// The package never imports reflect or encoding/json.
package stream
