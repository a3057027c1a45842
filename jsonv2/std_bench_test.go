//go:build go1.27 && goexperiment.jsonv2

package json

import (
	"bytes"
	stdv1 "encoding/json"
	stdjson "encoding/json/v2"
	"fmt"
	"io"
	"reflect"
	"testing"

	"github.com/stridejson/stride/internal/corpus"
)

// The benchmarks of this file run Marshal beside the standard package's, as sub-benchmarks
// lib=stride and lib=std of one run, for benchstat -col /lib.

type benchRecord struct {
	ID       int64             `json:"id"`
	Name     string            `json:"name"`
	Email    string            `json:"email,omitempty"`
	Score    float64           `json:"score"`
	Active   bool              `json:"active"`
	Tags     []string          `json:"tags"`
	Attrs    map[string]string `json:"attrs,omitempty"`
	Location *benchPlace       `json:"location,omitempty"`
}

// benchRecordZ is benchRecord as v2 code writes it: omitzero on every field.
type benchRecordZ struct {
	ID       int64             `json:"id,omitzero"`
	Name     string            `json:"name,omitzero"`
	Email    string            `json:"email,omitzero"`
	Score    float64           `json:"score,omitzero"`
	Active   bool              `json:"active,omitzero"`
	Tags     []string          `json:"tags,omitzero"`
	Attrs    map[string]string `json:"attrs,omitzero"`
	Location *benchPlace       `json:"location,omitzero"`
}

type benchPlace struct {
	City string  `json:"city"`
	Lat  float64 `json:"lat"`
	Lon  float64 `json:"lon"`
}

type benchBid struct {
	ID    string  `json:"id"`
	Price float64 `json:"price"`
	AdM   string  `json:"adm"`
	CrID  string  `json:"crid"`
	W, H  int
}

// benchValues are the values Marshal is timed on: records of the usual field kinds, the same
// decoded into any, and bids carrying VAST XML (the escape-dense string of the cost model).
func benchValues() []struct {
	name string
	v    any
} {
	recs := make([]benchRecord, 500)
	for i := range recs {
		recs[i] = benchRecord{ID: int64(i) * 7919, Name: fmt.Sprintf("user %d", i), Score: float64(i) / 7,
			Active: i%3 == 0, Tags: []string{"alpha", "beta", "gamma"}[:i%4],
			Attrs: map[string]string{"k": "v"}, Location: &benchPlace{"Zürich", 47.37, 8.54}}
		if i%2 == 0 {
			recs[i].Email = fmt.Sprintf("user%d@example.com", i)
		}
	}
	recsZ := make([]benchRecordZ, len(recs))
	for i, r := range recs {
		recsZ[i] = benchRecordZ(r)
	}
	raw, _ := stdv1.Marshal(recs)
	var untyped any
	stdv1.Unmarshal(raw, &untyped)
	bids := make([]benchBid, 4)
	for i := range bids {
		bids[i] = benchBid{ID: fmt.Sprint(i), Price: 1.25 * float64(i+1), AdM: corpus.VAST(corpus.VASTLen), CrID: "cr", W: 300, H: 250}
	}
	return []struct {
		name string
		v    any
	}{{"records", recs}, {"records-omitzero", recsZ}, {"records-any", untyped}, {"bids-vast", bids}}
}

func BenchmarkMarshalStd(b *testing.B) {
	for _, c := range benchValues() {
		out, err := Marshal(c.v)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/lib=stride", func(b *testing.B) {
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Marshal(c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/lib=std", func(b *testing.B) {
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := stdjson.Marshal(c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkMarshalWriteStd(b *testing.B) {
	for _, c := range benchValues() {
		out, _ := Marshal(c.v)
		var buf bytes.Buffer
		b.Run(c.name+"/lib=stride", func(b *testing.B) {
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := MarshalWrite(&buf, c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/lib=std", func(b *testing.B) {
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := stdjson.MarshalWrite(&buf, c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkUnmarshalReadStd decodes what Marshal wrote of each benchValues value into a new value
// of its type, from an io.Reader (one that is not a bytes.Buffer, which encoding/json/v2 reads in
// one go), beside the standard package.
func BenchmarkUnmarshalReadStd(b *testing.B) {
	for _, c := range benchValues() {
		in, _ := Marshal(c.v)
		typ := reflect.TypeOf(c.v)
		for _, lib := range []struct {
			name string
			read func(io.Reader, any) error
		}{{"stride", func(r io.Reader, v any) error { return UnmarshalRead(r, v) }},
			{"std", func(r io.Reader, v any) error { return stdjson.UnmarshalRead(r, v) }}} {
			b.Run(c.name+"/lib="+lib.name, func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					if err := lib.read(struct{ io.Reader }{bytes.NewReader(in)}, reflect.New(typ).Interface()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
