package stride

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"
)

// benchDoc is a typed document of a few hundred rows: nested structs, maps, slices, numbers and
// strings with characters to escape.
var benchDoc = bigValue(300)

func BenchmarkMarshal(b *testing.B) {
	size, _ := json.Marshal(benchDoc)
	for _, lib := range []struct {
		name    string
		marshal func(any) ([]byte, error)
	}{{"stride", Marshal}, {"encoding_json", json.Marshal}} {
		b.Run(lib.name, func(b *testing.B) {
			b.SetBytes(int64(len(size)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := lib.marshal(benchDoc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkEncoder(b *testing.B) {
	size, _ := json.Marshal(benchDoc)
	b.SetBytes(int64(len(size)))
	b.ReportAllocs()
	enc := NewEncoder(io.Discard)
	for b.Loop() {
		if err := enc.Encode(benchDoc); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUnmarshal(b *testing.B) {
	data, _ := json.Marshal(benchDoc)
	for _, lib := range []struct {
		name      string
		unmarshal func([]byte, any) error
	}{{"stride", Unmarshal}, {"encoding_json", json.Unmarshal}} {
		b.Run(lib.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var rows []row
				if err := lib.unmarshal(data, &rows); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMarshalAny marshals documents decoded into any: benchDoc, and GeoJSON-like coordinates
// (an []any of [x, y] points, each an []any of two float64s).
func BenchmarkMarshalAny(b *testing.B) {
	data, _ := json.Marshal(benchDoc)
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		b.Fatal(err)
	}
	points := make([]any, 5000)
	for i := range points {
		points[i] = []any{-65.613616999999977 + float64(i)/7, 43.420273000000009 - float64(i)/3}
	}
	for _, v := range []struct {
		name string
		v    any
	}{{"doc", doc}, {"points", points}} {
		size, _ := json.Marshal(v.v)
		for _, lib := range []struct {
			name    string
			marshal func(any) ([]byte, error)
		}{{"stride", Marshal}, {"encoding_json", json.Marshal}} {
			b.Run(v.name+"/"+lib.name, func(b *testing.B) {
				b.SetBytes(int64(len(size)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := lib.marshal(v.v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkDecoderStream decodes a stream of rows, one JSON value per line, each into a new row.
func BenchmarkDecoderStream(b *testing.B) {
	var stream bytes.Buffer
	for _, r := range benchDoc {
		line, _ := json.Marshal(r)
		stream.Write(line)
		stream.WriteByte('\n')
	}
	for _, lib := range []struct {
		name   string
		decode func(io.Reader) func(any) error
	}{
		{"stride", func(r io.Reader) func(any) error { return NewDecoder(r).Decode }},
		{"encoding_json", func(r io.Reader) func(any) error { return json.NewDecoder(r).Decode }},
	} {
		b.Run(lib.name, func(b *testing.B) {
			b.SetBytes(int64(stream.Len()))
			b.ReportAllocs()
			for b.Loop() {
				decode := lib.decode(bytes.NewReader(stream.Bytes()))
				for range benchDoc {
					var r row
					if err := decode(&r); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkDecoderDocument decodes one document from an io.Reader, as a request body is read:
// with Stride's Decoder, with its Unmarshal of the same bytes (the bound), and with encoding/json's
// Decoder.
func BenchmarkDecoderDocument(b *testing.B) {
	data, _ := json.Marshal(benchDoc)
	for _, lib := range []struct {
		name   string
		decode func([]byte, any) error
	}{
		{"stride", func(d []byte, v any) error { return NewDecoder(bytes.NewReader(d)).Decode(v) }},
		{"stride_unmarshal", Unmarshal},
		{"encoding_json", func(d []byte, v any) error { return json.NewDecoder(bytes.NewReader(d)).Decode(v) }},
	} {
		b.Run(lib.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var rows []row
				if err := lib.decode(data, &rows); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
