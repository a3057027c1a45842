package jsonstr

import (
	"strconv"
	"strings"
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
			if j := skipValid(s, i, unquoteText); j > i {
				i = j
			} else {
				i++
			}
		}
	}
}

// BenchmarkIndex measures the default and extra scans, dispatched and pure Go, over plain text of
// several lengths ending in a stop: it sets vecMin (index.go).
func BenchmarkIndex(b *testing.B) {
	html := NewPolicy(EscapeHTML|EscapeLineTerminators, "")
	for _, n := range []int{16, 32, 48, 64, 96, 128, 256, 1024, corpus.VASTLen} {
		s := plainRun(n-1) + `"`
		for _, sc := range []struct {
			name string
			f    func(string, int) int
		}{
			{"default", indexDefault[string]},
			{"default-go", indexDefaultGeneric[string]},
			{"default-vec", vecIndexDefault},
			{"extra", func(s string, i int) int { return indexExtra(s, i, &html.slots, &html.class) }},
			{"extra-go", func(s string, i int) int { return indexExtraGeneric(s, i, &html.slots, &html.class) }},
		} {
			b.Run("scan="+sc.name+"/n="+strconv.Itoa(n), func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					if sc.f(s, 0) != n-1 {
						b.Fatal("wrong index")
					}
				}
			})
		}
	}
}

// BenchmarkIndexDense finds every stop of a text with one every d bytes: it measures what the
// vector call costs when stops are near (markup) and sets handOver (index.go).
func BenchmarkIndexDense(b *testing.B) {
	for _, d := range []int{8, 20, 40, 56, 72, 88, 104, 128, 256} {
		var sb strings.Builder
		for sb.Len() < corpus.VASTLen {
			sb.WriteString(plainRun(d-1) + `"`)
		}
		s := sb.String()
		for _, sc := range []struct {
			name string
			f    func(string, int) int
		}{
			{"default", indexDefault[string]},
			{"default-go", indexDefaultGeneric[string]},
		} {
			b.Run("scan="+sc.name+"/d="+strconv.Itoa(d), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					for i := 0; i < len(s); i++ {
						i = sc.f(s, i)
					}
				}
			})
		}
	}
}

// BenchmarkQuoteLen quotes and unquotes the start of the realistic VAST string (a stop about every 20
// bytes) at several lengths, and plain text, around listMin (list.go); and unquotes the non-ASCII
// corpus written with \u escapes.
func BenchmarkQuoteLen(b *testing.B) {
	vast, plainText := corpus.VAST(corpus.VASTLen), corpus.VASTPlain(corpus.VASTLen)
	for _, n := range []int{100, 200, 2048} {
		s := plainText[:n]
		b.Run("quote-plain/n="+strconv.Itoa(n), func(b *testing.B) {
			dst := make([]byte, 0, 4*n)
			b.SetBytes(int64(n))
			for b.Loop() {
				dst, _ = AppendQuote(dst[:0], s, Default)
			}
		})
	}
	escaped, _ := AppendQuote(nil, corpus.NonASCII(corpus.NonASCIILen), NewPolicy(EscapeNonASCII, ""))
	b.Run("unquote-u/n="+strconv.Itoa(len(escaped)), func(b *testing.B) {
		dst := make([]byte, 0, len(escaped))
		b.SetBytes(int64(len(escaped)))
		for b.Loop() {
			dst, _ = AppendUnquote(dst[:0], escaped, false)
		}
	})
	for _, n := range []int{96, 128, 192, 256, 512, 2048} {
		s := vast[:n]
		b.Run("quote/n="+strconv.Itoa(n), func(b *testing.B) {
			dst := make([]byte, 0, 4*n)
			b.SetBytes(int64(n))
			for b.Loop() {
				dst, _ = AppendQuote(dst[:0], s, Default)
			}
		})
		lit, _ := AppendQuote(nil, s, Default)
		b.Run("unquote/n="+strconv.Itoa(n), func(b *testing.B) {
			dst := make([]byte, 0, len(lit))
			b.SetBytes(int64(len(lit)))
			for b.Loop() {
				dst, _ = AppendUnquote(dst[:0], lit, false)
			}
		})
	}
}

// BenchmarkQuoteMarkup quotes the whole realistic VAST string under the default policy and the
// HTML-safe one, where stops come every 20 and every 9 bytes.
func BenchmarkQuoteMarkup(b *testing.B) {
	vast := corpus.VAST(corpus.VASTLen)
	for _, pc := range []struct {
		name string
		p    *Policy
	}{{"default", Default}, {"html", NewPolicy(EscapeHTML|EscapeLineTerminators, "")}} {
		b.Run(pc.name, func(b *testing.B) {
			dst := make([]byte, 0, 2*len(vast))
			b.SetBytes(int64(len(vast)))
			for b.Loop() {
				dst, _ = AppendQuote(dst[:0], vast, pc.p)
			}
		})
	}
}

// BenchmarkQuoteText quotes the non-ASCII corpus (CJK, Cyrillic, Greek, emoji, nothing to escape)
// under the minimal policy, the encoding/json ones (U+2028/U+2029 escaped, with and without HTML)
// and one that escapes all non-ASCII.
func BenchmarkQuoteText(b *testing.B) {
	s := corpus.NonASCII(corpus.NonASCIILen)
	for _, pc := range []struct {
		name string
		p    *Policy
	}{
		{"default", Default},
		{"nohtml", NewPolicy(EscapeLineTerminators, "")},
		{"html", NewPolicy(EscapeHTML|EscapeLineTerminators, "")},
	} {
		b.Run("policy="+pc.name, func(b *testing.B) {
			dst := make([]byte, 0, 2*len(s))
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for b.Loop() {
				dst, _ = AppendQuote(dst[:0], s, pc.p)
			}
		})
	}
}

// extraSets are custom escape sets of 4, 8 and 16 extra ASCII characters: none of them packs into
// the word test's slots.
var extraSets = []struct{ name, extra string }{
	{"extra4", "#%*|"},
	{"extra8", "#%*|~^`$"},
	{"extra16", "#%*|~^`$@!?;=+[]"},
}

// BenchmarkQuoteCustom quotes under custom escape sets beside the presets: plain VAST-like text
// (which holds none of the extra characters: cost per byte of plain text), text where the extra
// characters occur (about one every 40 bytes), and the non-ASCII corpus.
func BenchmarkQuoteCustom(b *testing.B) {
	plainText := corpus.VASTPlain(corpus.VASTLen)
	with := []byte(plainText)
	for i := 17; i < len(with); i += 41 {
		with[i] = "#%*|~^`$@!?;=+[]"[(i/41)%16]
	}
	text := corpus.NonASCII(corpus.NonASCIILen)
	policies := []struct {
		name string
		p    *Policy
	}{
		{"default", Default},
		{"html", NewPolicy(EscapeHTML|EscapeLineTerminators, "")},
	}
	for _, x := range extraSets {
		policies = append(policies, struct {
			name string
			p    *Policy
		}{x.name, NewPolicy(EscapeHTML|EscapeLineTerminators, x.extra)})
	}
	for _, in := range []struct{ name, s string }{{"plain", plainText}, {"extras", string(with)}, {"nonascii", text}} {
		for _, pc := range policies {
			if in.name == "extras" && pc.name == "default" {
				continue
			}
			b.Run("text="+in.name+"/policy="+pc.name, func(b *testing.B) {
				dst := make([]byte, 0, 2*len(in.s))
				b.SetBytes(int64(len(in.s)))
				b.ReportAllocs()
				for b.Loop() {
					dst, _ = AppendQuote(dst[:0], in.s, pc.p)
				}
			})
		}
	}
}
