package bench

import (
	"regexp"
	"testing"

	"github.com/stridejson/stride"
	"github.com/stridejson/stride/bench/internal/docs"
	"github.com/stridejson/stride/stream"
)

// BenchmarkSkipValue validates each document with stream.Reader.SkipValue (issue 5 asks for at least
// 1.5 GB/s on a typical document). Choose documents with -docs, as for BenchmarkDocs.
func BenchmarkSkipValue(b *testing.B) {
	ds := flagDocs(b)
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

// BenchmarkUnmarshalSkip decodes each document into a struct with no fields, which steps over
// every member the way the codecs step over the members a Go type does not name.
func BenchmarkUnmarshalSkip(b *testing.B) {
	ds := flagDocs(b)
	for _, d := range ds {
		if d.Data[0] != '{' {
			continue // a struct takes an object
		}
		b.Run(d.Name, func(b *testing.B) {
			var v struct{}
			if err := stride.Unmarshal(d.Data, &v); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(d.Data)))
			b.ReportAllocs()
			for b.Loop() {
				stride.Unmarshal(d.Data, &v)
			}
		})
	}
}

// flagDocs returns the documents -docs chooses.
func flagDocs(b *testing.B) []docs.Doc {
	var keep func(string) bool
	if *docsFlag != "" {
		re, err := regexp.Compile(*docsFlag)
		if err != nil {
			b.Fatal(err)
		}
		keep = re.MatchString
	}
	ds, _ := docs.Load(keep)
	return ds
}
