package stride

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stridejson/stride/stream"
)

// The benchmarks of MarshalOptions and UnmarshalOptions: what each option costs beside the
// defaults.

// BenchmarkUnmarshalOptions measures what the options add to decoding, by Unmarshal and by a
// Decoder: benchDoc into its type and into any, and smallStructs. The checks run in the
// decoding pass and should cost next to nothing.
func BenchmarkUnmarshalOptions(b *testing.B) {
	rows, _ := json.Marshal(benchDoc)
	small, _ := json.Marshal(smallStructs)
	docs := []struct {
		name  string
		data  []byte
		fresh func() any
	}{
		{"rows", rows, func() any { return new([]row) }},
		{"any", rows, func() any { return new(any) }},
		{"structs", small, func() any { return new([]smallStruct) }},
	}
	for _, d := range docs {
		for _, o := range []struct {
			name string
			opts UnmarshalOptions
		}{
			{"zero", UnmarshalOptions{}},
			{"dups", UnmarshalOptions{RejectDuplicateNames: true}},
			{"utf8", UnmarshalOptions{RejectInvalidUTF8: true}},
			{"dups_utf8", UnmarshalOptions{RejectDuplicateNames: true, RejectInvalidUTF8: true}},
			{"depth100", UnmarshalOptions{MaxDepth: 100}},
		} {
			b.Run(d.name+"/"+o.name, func(b *testing.B) {
				b.SetBytes(int64(len(d.data)))
				b.ReportAllocs()
				for b.Loop() {
					if err := o.opts.Unmarshal(d.data, d.fresh()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		for _, o := range []struct {
			name string
			opts *UnmarshalOptions
		}{{"decoder_zero", nil}, {"decoder_dups_utf8", &UnmarshalOptions{RejectDuplicateNames: true, RejectInvalidUTF8: true}}} {
			b.Run(d.name+"/"+o.name, func(b *testing.B) {
				b.SetBytes(int64(len(d.data)))
				b.ReportAllocs()
				for b.Loop() {
					dec := NewDecoder(bytes.NewReader(d.data))
					if o.opts != nil {
						dec.SetOptions(*o.opts)
					}
					if err := dec.Decode(d.fresh()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkMarshalOptions writes documents under each kind of escaping policy: the two
// encoding/json presets, Minimal (which escapes less than either) and a custom policy. An
// escaper that escapes less must not be slower than one that escapes more. The documents:
// benchDoc (rows of maps and strings to escape), the same decoded into any, and smallStructs
// (many small structs: member names are most of the output, as in citm_catalog.json).
func BenchmarkMarshalOptions(b *testing.B) {
	raw, _ := json.Marshal(benchDoc)
	var decoded any
	json.Unmarshal(raw, &decoded)
	docs := []struct {
		name string
		v    any
	}{{"rows", benchDoc}, {"any", decoded}, {"structs", smallStructs}}
	for _, d := range docs {
		size, _ := json.Marshal(d.v)
		for _, o := range []struct {
			name string
			opts MarshalOptions
		}{
			{"default", MarshalOptions{}},
			{"nohtml", MarshalOptions{Escaper: stream.EncodingJSONNoHTML}},
			{"minimal", MarshalOptions{Escaper: stream.Minimal}},
			{"custom", MarshalOptions{Escaper: stream.NewEscaper(stream.EscapeHTML|stream.EscapeLineTerminators, "'")}},
			{"ascii", MarshalOptions{Escaper: stream.NewEscaper(stream.EscapeNonASCII|stream.EscapeHTML, "")}},
		} {
			b.Run(d.name+"/"+o.name, func(b *testing.B) {
				b.SetBytes(int64(len(size)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := o.opts.Marshal(d.v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// smallStructs is a document of small structs of ids and short strings.
var smallStructs = func() []smallStruct {
	s := make([]smallStruct, 2000)
	for i := range s {
		s[i] = smallStruct{ID: i, SeatCategoryID: i * 7, Name: fmt.Sprint("cat ", i), AreaIDs: []int{i, i + 1}}
	}
	return s
}()

type smallStruct struct {
	ID             int    `json:"id"`
	SeatCategoryID int    `json:"seatCategoryId"`
	Name           string `json:"name"`
	AreaIDs        []int  `json:"areaIds"`
	Logo           string `json:"logo,omitempty"`
}
