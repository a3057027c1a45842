package stride

import (
	"encoding/json"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// longStringDoc is a JSON string of n plain bytes, with a newline escape at index 0 when escaped.
func longStringDoc(n int, escaped bool) []byte {
	doc := []byte(`"` + strings.Repeat("a", n) + `"`)
	if escaped {
		doc[1], doc[2] = '\\', 'n'
	}
	return doc
}

// BenchmarkUnmarshalLongString unmarshals one long string into a string, with and without a newline
// escape at index 0: the escape must cost about what it decodes, not a second copy of the string.
func BenchmarkUnmarshalLongString(b *testing.B) {
	for _, n := range []int{1 << 20, 10 << 20, 100 << 20} {
		for _, escaped := range []bool{false, true} {
			doc := longStringDoc(n, escaped)
			b.Run("n="+strconv.Itoa(n>>20)+"MB/escape0="+strconv.FormatBool(escaped), func(b *testing.B) {
				b.SetBytes(int64(len(doc)))
				b.ReportAllocs()
				for b.Loop() {
					var s string
					if err := Unmarshal(doc, &s); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestUnmarshalLongStringAllocs pins the memory Unmarshal takes for a long string with an escape at
// index 0 to one copy of it, as without the escape, when nothing is warm (two collections empty the
// pools, as in a fresh process): the value is decoded into its final memory.
func TestUnmarshalLongStringAllocs(t *testing.T) {
	const n = 16 << 20
	for _, escaped := range []bool{false, true} {
		doc := longStringDoc(n, escaped)
		var want string
		if err := json.Unmarshal(doc, &want); err != nil {
			t.Fatal(err)
		}
		var got string
		runtime.GC()
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := Unmarshal(doc, &got)
		runtime.ReadMemStats(&after)
		if err != nil || got != want {
			t.Fatalf("escape0=%v: Unmarshal = %d bytes, %v; want %d bytes", escaped, len(got), err, len(want))
		}
		if per := after.TotalAlloc - before.TotalAlloc; per > n+n/8 {
			t.Errorf("escape0=%v: Unmarshal of a %d-byte string, cold, allocated %d bytes, want at most %d", escaped, n, per, n+n/8)
		}
	}
}
