package bench

import (
	"regexp"
	"testing"

	"github.com/stridejson/stride/bench/internal/docs"
	"github.com/stridejson/stride/stream"
)

// BenchmarkSkipValue validates each document with stream.Reader.SkipValue (issue 5 asks for at least
// 1.5 GB/s on a typical document). Choose documents with -docs, as for BenchmarkDocs.
func BenchmarkSkipValue(b *testing.B) {
	var keep func(string) bool
	if *docsFlag != "" {
		re, err := regexp.Compile(*docsFlag)
		if err != nil {
			b.Fatal(err)
		}
		keep = re.MatchString
	}
	ds, _ := docs.Load(keep)
	var r stream.Reader
	for _, d := range ds {
		b.Run(d.Name, func(b *testing.B) {
			r.Reset(d.Data)
			if r.SkipValue(); r.End() != nil {
				b.Fatal(r.End())
			}
			b.SetBytes(int64(len(d.Data)))
			b.ReportAllocs()
			for b.Loop() {
				r.Reset(d.Data)
				r.SkipValue()
			}
		})
	}
}
