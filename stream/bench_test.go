package stream

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stridejson/stride/internal/corpus"
)

// The cost-model benchmarks, with encoding/json in the same run as the baseline. Compare libraries
// with benchstat -col /lib, and escape positions with -col /case.

var benchCases = []struct {
	name string
	s    string
}{
	{"vast-plain", corpus.VASTPlain(corpus.VASTLen)},
	{"vast-quote-end", corpus.VASTQuoteAt(corpus.VASTLen, corpus.VASTLen-1)},
	{"vast-quote-1", corpus.VASTQuoteAt(corpus.VASTLen, 1)},
	{"vast-realistic", corpus.VAST(corpus.VASTLen)},
	{"nonascii", corpus.NonASCII(corpus.NonASCIILen)},
	{"short32", corpus.Short32},
	{"plain64", corpus.Plain64},
}

func BenchmarkQuote(b *testing.B) {
	for _, bc := range benchCases {
		for _, lib := range []struct {
			name string
			e    *Escaper
		}{{"stride", Minimal}, {"stride-nohtml", EncodingJSONNoHTML}, {"stride-html", EncodingJSON}} {
			b.Run("case="+bc.name+"/lib="+lib.name, func(b *testing.B) {
				dst := make([]byte, 0, 2*len(bc.s)+64)
				b.SetBytes(int64(len(bc.s)))
				b.ReportAllocs()
				for b.Loop() {
					dst, _ = lib.e.AppendQuote(dst[:0], bc.s)
				}
			})
		}
		for _, html := range []bool{false, true} {
			name := "encjson-nohtml"
			if html {
				name = "encjson-html"
			}
			b.Run("case="+bc.name+"/lib="+name, func(b *testing.B) {
				var buf bytes.Buffer
				enc := json.NewEncoder(&buf)
				enc.SetEscapeHTML(html)
				b.SetBytes(int64(len(bc.s)))
				b.ReportAllocs()
				for b.Loop() {
					buf.Reset()
					_ = enc.Encode(bc.s)
				}
			})
		}
	}
}

func BenchmarkUnquote(b *testing.B) {
	for _, bc := range benchCases {
		lit, _ := AppendQuote(nil, bc.s)
		b.Run("case="+bc.name+"/lib=stride", func(b *testing.B) {
			dst := make([]byte, 0, len(lit))
			b.SetBytes(int64(len(lit)))
			b.ReportAllocs()
			for b.Loop() {
				dst, _ = AppendUnquote(dst[:0], lit)
			}
		})
		b.Run("case="+bc.name+"/lib=encjson", func(b *testing.B) {
			var v string
			b.SetBytes(int64(len(lit)))
			b.ReportAllocs()
			for b.Loop() {
				_ = json.Unmarshal(lit, &v)
			}
		})
	}
}
