package stream

import (
	"bytes"
	"testing"
)

// Reader benchmarks: a few-hundred-KB document read token by token and skipped, from memory and
// from an io.Reader, and the cost-model strings read with StringBytes. Compare with benchstat.

func BenchmarkReader(b *testing.B) {
	doc := benchDoc()
	var r Reader
	r.opts.fill(nil)
	src := bytes.NewReader(doc)
	sr := NewStreamReader(src)
	for _, bc := range []struct {
		name string
		run  func() error
	}{
		{"tokens/src=memory", func() error { r.Reset(doc); walk(&r); return r.End() }},
		{"tokens/src=reader", func() error { src.Reset(doc); sr.ResetReader(src); walk(sr); return sr.End() }},
		{"skip/src=memory", func() error { r.Reset(doc); r.SkipValue(); return r.End() }},
		{"skip/src=reader", func() error { src.Reset(doc); sr.ResetReader(src); sr.SkipValue(); return sr.End() }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			if err := bc.run(); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				_ = bc.run()
			}
		})
	}
}

func BenchmarkReaderString(b *testing.B) {
	var r Reader
	r.opts.fill(nil)
	for _, bc := range benchCases {
		lit, _ := AppendQuote(nil, bc.s)
		for _, m := range []string{"StringBytes", "SkipValue"} {
			b.Run("case="+bc.name+"/method="+m, func(b *testing.B) {
				b.SetBytes(int64(len(lit)))
				b.ReportAllocs()
				for b.Loop() {
					r.Reset(lit)
					if m == "StringBytes" {
						r.StringBytes()
					} else {
						r.SkipValue()
					}
				}
				if r.Err() != nil {
					b.Fatal(r.Err())
				}
			})
		}
	}
}
