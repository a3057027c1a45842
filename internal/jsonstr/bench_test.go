package jsonstr

import (
	"testing"

	"github.com/stridejson/stride/internal/corpus"
)

// BenchmarkSkipText measures the DFA scan alone on text with nothing to escape.
func BenchmarkSkipText(b *testing.B) {
	s := corpus.NonASCII(corpus.NonASCIILen)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		for i := 0; i < len(s); {
			if j := skipValid(s, i, unquoteDFA, false); j > i {
				i = j
			} else {
				i++
			}
		}
	}
}
