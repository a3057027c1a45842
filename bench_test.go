package stride

import (
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
