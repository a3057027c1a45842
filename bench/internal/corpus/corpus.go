// Package corpus names the string workloads of the comparison. The strings themselves come from the
// library's own generator (github.com/stridejson/stride/internal/corpus), so the figures here and
// the library's kernel benchmarks measure the same bytes.
package corpus

import sc "github.com/stridejson/stride/internal/corpus"

// VASTLen is the length in bytes of every VAST-like string.
const VASTLen = sc.VASTLen

// UnicodeLen is the length in bytes of Unicode20K.
const UnicodeLen = sc.NonASCIILen

// A Case is one named string workload.
type Case struct {
	Name string
	Desc string
	S    string
}

// Strings returns the string workloads in report order.
func Strings() []Case {
	return []Case{
		{"vast-plain", "20,006-byte VAST-like ASCII, nothing to escape", sc.VASTPlain(VASTLen)},
		{"vast-quote-end", "same, one quote as the last character", sc.VASTQuoteAt(VASTLen, VASTLen-1)},
		{"vast-quote-at-1", "same, one quote at index 1", sc.VASTQuoteAt(VASTLen, 1)},
		{"vast-realistic", "20,006-byte VAST with its quotes and newlines", sc.VAST(VASTLen)},
		{"unicode-20k", "20,000 bytes of CJK, Cyrillic, Greek and emoji, nothing to escape", sc.NonASCII(UnicodeLen)},
		{"short-32-one-escape", "32 bytes with one quote", sc.Short32},
		{"short-64-plain", "64 plain ASCII bytes", sc.Plain64},
	}
}

// VAST returns VAST-like ad markup exactly size bytes long.
func VAST(size int) string { return sc.VAST(size) }
