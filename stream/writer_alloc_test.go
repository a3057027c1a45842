package stream

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
)

// allocDoc writes one of every token, a long string and indentation-free nesting.
func allocDoc(w *Writer, long string, raw []byte) {
	o := w.Object()
	o.Name("null").Null()
	o.Name("bool").Bool(true)
	o.Name("int").Int64(-1234567)
	o.Name("uint").Uint64(1 << 60)
	o.Name("f64").Float64(1.5e-300)
	o.Name("f32").Float32(3.25)
	o.Name("num").Number("6.02e23")
	o.Name("longnum").Number("-1234567890123456789012345678901234567890.0987654321e-123")
	o.Name("str").String("a \"quoted\" <string>\n")
	w.NameBytes([]byte("bytes"))
	w.StringBytes([]byte("é世😀"))
	o.Name("long").String(long)
	o.Name("raw").Raw(raw)
	a := o.Name("arr").Array()
	for i := range 20 {
		w.BeginArray()
		w.Int(i)
		w.EndArray()
	}
	a.End()
	o.End()
}

// TestZeroAllocs: once the buffer has grown, writing a document allocates nothing, in memory and
// streaming, compact and indented, after Reset.
func TestZeroAllocs(t *testing.T) {
	long := strings.Repeat("plain text with a \"quote\" and <markup> ", 1000)
	raw := []byte(" {\"a\": [1, 2.5, \"x\\n\\ud800\", true, null, {}, \"é世\"], \"\\u00e9\": -0.5e3}\n")
	for _, indent := range []string{"", "  "} {
		mem := NewWriter(nil)
		mem.SetIndent("", indent)
		if n := testing.AllocsPerRun(100, func() {
			mem.Reset(nil)
			allocDoc(mem, long, raw)
		}); n != 0 || mem.Err() != nil {
			t.Errorf("in memory, indent %q: %v allocations per document (%v)", indent, n, mem.Err())
		}
		var c faulty.Counter
		st := NewWriter(&c)
		st.SetIndent("", indent)
		if n := testing.AllocsPerRun(100, func() {
			st.Reset(&c)
			allocDoc(st, long, raw)
			st.Flush()
		}); n != 0 || st.Err() != nil {
			t.Errorf("streaming, indent %q: %v allocations per document (%v)", indent, n, st.Err())
		}
	}
}

// TestHugeStringBoundedMemory streams a 64 MiB string of quotes (128 MiB escaped) through an 8 KiB
// chunk: the heap must not grow by more than a small fraction of a MiB, and no Write may exceed
// the chunk.
func TestHugeStringBoundedMemory(t *testing.T) {
	s := strings.Repeat(`"`, 64<<20)
	var c faulty.Counter
	w := NewWriter(&c)
	w.SetChunkSize(8 << 10)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if err := w.String(s); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if c.N != 2*int64(len(s))+2 {
		t.Fatalf("wrote %d bytes", c.N)
	}
	// TotalAlloc counts every byte allocated, even if collected since: the strictest measure.
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<10 {
		t.Errorf("allocated %d bytes while streaming", grew)
	}
	if c.MaxWrite > 8<<10 {
		t.Errorf("a Write of %d bytes", c.MaxWrite)
	}
	t.Logf("%d writes, the largest %d bytes", c.Calls, c.MaxWrite)
}

// TestGrowthDoubles: in memory the buffer grows by at least doubling, whatever the token sizes.
func TestGrowthDoubles(t *testing.T) {
	var w Writer
	w.BeginArray()
	last := cap(w.Bytes())
	grows := 0
	for i := range 20000 {
		switch i % 4 {
		case 0:
			w.Int(i)
		case 1:
			w.String(strings.Repeat("\"<", i%300))
		case 2:
			w.Raw([]byte(strings.Repeat(" ", i%200) + "[1]"))
		default:
			w.Float64(float64(i) / 3)
		}
		if c := cap(w.Bytes()); c != last {
			if c < 2*last {
				t.Fatalf("grew from %d to %d", last, c)
			}
			last = c
			grows++
		}
	}
	if w.EndArray() != nil || grows < 5 {
		t.Fatalf("%v, %d grows", w.Err(), grows)
	}
}
