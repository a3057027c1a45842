package stream

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
)

func marshal(t testing.TB, v any, html bool, prefix, indent string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	enc.SetIndent(prefix, indent)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// TestDifferential writes generated values token by token and compares the output with
// encoding/json's for the same value: compact and indented, HTML-safe and not, in memory and
// streaming through small and default chunks.
func TestDifferential(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 100
	}
	mem := NewWriter(nil)
	for seed := range uint64(n) {
		g := newGen(seed)
		v := g.value(int(seed % 6))
		if m, err := json.Marshal(v); err != nil {
			t.Fatal(err)
		} else if !bytes.Equal(m, marshal(t, v, true, "", "")) {
			t.Fatal("json.Marshal and Encoder disagree")
		}
		for _, tc := range []struct {
			esc            *Escaper
			html           bool
			prefix, indent string
		}{
			{nil, true, "", ""},
			{EncodingJSON, true, "", "  "},
			{EncodingJSONNoHTML, false, "", ""},
			{EncodingJSONNoHTML, false, "//", "\t"},
		} {
			want := marshal(t, v, tc.html, tc.prefix, tc.indent)
			name := fmt.Sprintf("seed %d html=%v indent=%q", seed, tc.html, tc.indent)
			mem.Reset(nil)
			mem.SetEscaper(tc.esc)
			mem.SetIndent(tc.prefix, tc.indent)
			if err := writeValue(mem, v); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got := mem.Bytes(); !bytes.Equal(got, want) {
				t.Fatalf("%s: in memory\n got %s\nwant %s", name, got, want)
			}
			for _, chunk := range []int{MinChunkSize, 1000, DefaultChunkSize} {
				dst := &faulty.Writer{Limit: -1}
				w := NewWriter(dst)
				w.SetChunkSize(chunk)
				w.SetEscaper(tc.esc)
				w.SetIndent(tc.prefix, tc.indent)
				if err := writeValue(w, v); err != nil {
					t.Fatalf("%s chunk %d: %v", name, chunk, err)
				}
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(dst.Got, want) {
					t.Fatalf("%s: streaming through %d\n got %s\nwant %s", name, chunk, dst.Got, want)
				}
				if dst.MaxWrite > chunk {
					t.Fatalf("%s: a Write of %d bytes through a chunk of %d", name, dst.MaxWrite, chunk)
				}
			}
		}
	}
}

// TestDifferentialNDJSON writes several values separated by Newline, as json.Encoder does.
func TestDifferentialNDJSON(t *testing.T) {
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	var w Writer
	for seed := range uint64(50) {
		v := newGen(seed).value(3)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		writeValue(&w, v)
		if err := w.Newline(); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(w.Bytes(), want.Bytes()) {
		t.Fatalf("got %s\nwant %s", w.Bytes(), want.Bytes())
	}
}
