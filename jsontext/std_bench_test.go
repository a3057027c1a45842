//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"bytes"
	stdtext "encoding/json/jsontext"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/corpus"
)

// The benchmarks of this file run each function beside the standard package's, on the kernels'
// cost-model strings, as sub-benchmarks lib=stride and lib=std of one run, for benchstat -col /lib.

// benchStrings are the string values quoted, and their literals unquoted.
var benchStrings = []struct{ name, s string }{
	{"short-16", "member name 0001"},
	{"plain-20k", corpus.VASTPlain(corpus.VASTLen)},
	{"vast-20k", corpus.VAST(corpus.VASTLen)},
	{"quote-at-1-20k", corpus.VASTQuoteAt(corpus.VASTLen, 1)},
	{"unicode-20k", corpus.NonASCII(corpus.VASTLen)},
}

func BenchmarkAppendQuoteStd(b *testing.B) {
	for _, c := range benchStrings {
		buf := make([]byte, 0, 2*len(c.s)+16)
		b.Run(c.name+"/lib=stride", func(b *testing.B) {
			b.SetBytes(int64(len(c.s)))
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = AppendQuote(buf[:0], c.s)
			}
		})
		b.Run(c.name+"/lib=std", func(b *testing.B) {
			b.SetBytes(int64(len(c.s)))
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = stdtext.AppendQuote(buf[:0], c.s)
			}
		})
	}
}

func BenchmarkAppendUnquoteStd(b *testing.B) {
	for _, c := range benchStrings {
		lit, err := AppendQuote(nil, c.s)
		if err != nil {
			b.Fatal(err)
		}
		lit = append([]byte(nil), lit...)
		buf := make([]byte, 0, len(lit))
		b.Run(c.name+"/lib=stride", func(b *testing.B) {
			b.SetBytes(int64(len(lit)))
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = AppendUnquote(buf[:0], lit)
			}
		})
		b.Run(c.name+"/lib=std", func(b *testing.B) {
			b.SetBytes(int64(len(lit)))
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = stdtext.AppendUnquote(buf[:0], lit)
			}
		})
	}
}

// benchValue is a document of objects, arrays, numbers and strings with escapes.
var benchValue = func() []byte {
	var sb strings.Builder
	sb.WriteString(`{"items":[`)
	for i := range 500 {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(`{"id":12345678,"name":"item \"quoted\" é","price":12.75,"tags":["a","b\n"],"ok":true,"next":null}`)
	}
	sb.WriteString(`]}`)
	return []byte(sb.String())
}()

func BenchmarkValueIsValidStd(b *testing.B) {
	b.Run("lib=stride", func(b *testing.B) {
		b.SetBytes(int64(len(benchValue)))
		b.ReportAllocs()
		for b.Loop() {
			if !Value(benchValue).IsValid() {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("lib=std", func(b *testing.B) {
		b.SetBytes(int64(len(benchValue)))
		b.ReportAllocs()
		for b.Loop() {
			if !stdtext.Value(benchValue).IsValid() {
				b.Fatal("invalid")
			}
		}
	})
}

// decodeDocs are documents for the Decoder's benchmarks: benchValue, an OpenRTB-like object
// holding a long string of VAST XML full of quotes, numbers, and two of short tokens, where the
// cost of each token shows: literals, and small objects of short names and strings.
var decodeDocs = []struct {
	name string
	doc  []byte
}{
	{"objects", benchValue},
	{"vast", []byte(`{"id":"1","seatbid":[{"bid":[{"price":1.5,"adm":` + string(mustQuote(corpus.VAST(corpus.VASTLen))) + `}]}]}`)},
	{"numbers", benchNumbers},
	{"literals", []byte("[" + strings.Repeat("true,false,null,", 3000) + "true]")},
	{"names", []byte("[" + strings.Repeat(`{"id":"a1","kind":"user","ok":true},`, 1000) + "{}]")},
}

// benchNumbers is a geometry-like document: arrays of coordinate pairs with many digits.
var benchNumbers = func() []byte {
	var sb strings.Builder
	sb.WriteString(`{"type":"Polygon","coordinates":[[`)
	for i := range 2000 {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "[%.14g,%.14g]", -65.613616999999977+float64(i)*0.0012345, 43.420273000000009-float64(i)*0.00098765)
	}
	sb.WriteString(`]]}`)
	return []byte(sb.String())
}()

func mustQuote(s string) []byte {
	b, err := AppendQuote(nil, s)
	if err != nil {
		panic(err)
	}
	return b
}

// BenchmarkDecoderReadTokenStd reads every token of each document with a Decoder reset for it.
func BenchmarkDecoderReadTokenStd(b *testing.B) {
	for _, c := range decodeDocs {
		src := bytes.NewReader(c.doc)
		b.Run(c.name+"/lib=stride", func(b *testing.B) {
			b.SetBytes(int64(len(c.doc)))
			b.ReportAllocs()
			d := NewDecoder(src)
			for b.Loop() {
				src.Reset(c.doc)
				d.Reset(src)
				for {
					if _, err := d.ReadToken(); err != nil {
						break
					}
				}
			}
		})
		b.Run(c.name+"/lib=std", func(b *testing.B) {
			b.SetBytes(int64(len(c.doc)))
			b.ReportAllocs()
			d := stdtext.NewDecoder(src)
			for b.Loop() {
				src.Reset(c.doc)
				d.Reset(src)
				for {
					if _, err := d.ReadToken(); err != nil {
						break
					}
				}
			}
		})
	}
}

// BenchmarkDecoderReadValueStd reads each document as one value with a Decoder reset for it.
func BenchmarkDecoderReadValueStd(b *testing.B) {
	for _, c := range decodeDocs {
		src := bytes.NewReader(c.doc)
		b.Run(c.name+"/lib=stride", func(b *testing.B) {
			b.SetBytes(int64(len(c.doc)))
			b.ReportAllocs()
			d := NewDecoder(src)
			for b.Loop() {
				src.Reset(c.doc)
				d.Reset(src)
				if _, err := d.ReadValue(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/lib=std", func(b *testing.B) {
			b.SetBytes(int64(len(c.doc)))
			b.ReportAllocs()
			d := stdtext.NewDecoder(src)
			for b.Loop() {
				src.Reset(c.doc)
				d.Reset(src)
				if _, err := d.ReadValue(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEncoderWriteTokenStd writes the tokens of each document, read beforehand, with an
// Encoder reset for it.
func BenchmarkEncoderWriteTokenStd(b *testing.B) {
	for _, c := range decodeDocs {
		var toks []Token
		var stdToks []stdtext.Token
		d, sd := NewDecoder(bytes.NewReader(c.doc)), stdtext.NewDecoder(bytes.NewReader(c.doc))
		for {
			t, err := d.ReadToken()
			if err != nil {
				break
			}
			toks = append(toks, t.Clone())
			st, err := sd.ReadToken()
			if err != nil {
				b.Fatal(err)
			}
			stdToks = append(stdToks, st.Clone())
		}
		b.Run(c.name+"/lib=stride", func(b *testing.B) {
			b.SetBytes(int64(len(c.doc)))
			b.ReportAllocs()
			e := NewEncoder(io.Discard)
			for b.Loop() {
				e.Reset(io.Discard)
				for _, t := range toks {
					if err := e.WriteToken(t); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run(c.name+"/lib=std", func(b *testing.B) {
			b.SetBytes(int64(len(c.doc)))
			b.ReportAllocs()
			e := stdtext.NewEncoder(io.Discard)
			for b.Loop() {
				e.Reset(io.Discard)
				for _, t := range stdToks {
					if err := e.WriteToken(t); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkEncoderWriteFloatStd writes an array of numbers made by Float, as a program writing
// coordinates does, with an Encoder reset for each array.
func BenchmarkEncoderWriteFloatStd(b *testing.B) {
	vals := make([]float64, 4000)
	for i := range vals {
		vals[i] = -65.613616999999977 + float64(i)*0.0012345
	}
	b.Run("lib=stride", func(b *testing.B) {
		b.SetBytes(int64(len(vals)))
		b.ReportAllocs()
		e := NewEncoder(io.Discard)
		for b.Loop() {
			e.Reset(io.Discard)
			e.WriteToken(BeginArray)
			for _, v := range vals {
				if err := e.WriteToken(Float(v)); err != nil {
					b.Fatal(err)
				}
			}
			e.WriteToken(EndArray)
		}
	})
	b.Run("lib=std", func(b *testing.B) {
		b.SetBytes(int64(len(vals)))
		b.ReportAllocs()
		e := stdtext.NewEncoder(io.Discard)
		for b.Loop() {
			e.Reset(io.Discard)
			e.WriteToken(stdtext.BeginArray)
			for _, v := range vals {
				if err := e.WriteToken(stdtext.Float(v)); err != nil {
					b.Fatal(err)
				}
			}
			e.WriteToken(stdtext.EndArray)
		}
	})
}
