package stride

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
	"github.com/stridejson/stride/stream"
)

type row struct {
	ID    int               `json:"id"`
	Name  string            `json:"name"`
	Tags  []string          `json:"tags,omitempty"`
	Attrs map[string]string `json:"attrs"`
	Score float64           `json:"score"`
}

func bigValue(n int) []row {
	rows := make([]row, n)
	for i := range rows {
		rows[i] = row{ID: i, Name: fmt.Sprintf("row <%d> \u2028", i), Tags: []string{"a", "b&c"},
			Attrs: map[string]string{"k": "v", "z": strings.Repeat("x", i%50)}, Score: float64(i) / 7}
	}
	return rows
}

// TestEncoderStreams checks that an Encoder writes a large value in bounded chunks, with the bytes
// encoding/json writes, compact and indented, over several values.
func TestEncoderStreams(t *testing.T) {
	v := bigValue(3000)
	for _, indent := range []string{"", "\t"} {
		var want bytes.Buffer
		je := json.NewEncoder(&want)
		je.SetIndent("", indent)
		w := &faulty.Writer{Limit: -1}
		enc := NewEncoder(w)
		enc.SetIndent("", indent)
		for _, x := range []any{v, 1, "end<"} {
			if err := je.Encode(x); err != nil {
				t.Fatal(err)
			}
			if err := enc.Encode(x); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(w.Got, want.Bytes()) {
			t.Fatalf("indent %q: output differs from encoding/json (%d bytes, want %d)", indent, len(w.Got), want.Len())
		}
		// A chunk ends at the first member or element boundary past the chunk size; rows are small,
		// so the overshoot is one row (indented: about twice the size).
		if limit := 2 * stream.DefaultChunkSize; w.MaxWrite > limit {
			t.Errorf("indent %q: largest Write %d bytes, want at most %d", indent, w.MaxWrite, limit)
		}
		// Chunks are counted in compact bytes, before indentation.
		if compact, _ := json.Marshal(v); w.Calls < len(compact)/stream.DefaultChunkSize {
			t.Errorf("indent %q: %d Writes for %d bytes: not streamed", indent, w.Calls, want.Len())
		}
	}
}

// TestEncoderLongTokens streams strings and byte slices of several chunks, with escapes, multi-byte
// and invalid UTF-8 at every offset around the cuts: the output is encoding/json's and no Write is
// much larger than a chunk.
func TestEncoderLongTokens(t *testing.T) {
	parts := []string{"a", "é", "😀", "\xff", "\xe2\x80", "<", "\"", "\u2028", "\n"}
	for _, p := range parts {
		for shift := range 5 {
			s := strings.Repeat("x", stream.DefaultChunkSize-shift) + strings.Repeat(p, stream.DefaultChunkSize)
			long := strings.Repeat("\x80", 3*stream.DefaultChunkSize) // continuation bytes only
			for _, v := range []any{s, []any{s, []byte(s)}, map[string]string{s: s}, long} {
				var want bytes.Buffer
				if err := json.NewEncoder(&want).Encode(v); err != nil {
					t.Fatal(err)
				}
				for _, indent := range []string{"", " "} {
					w := &faulty.Writer{Limit: -1}
					enc := NewEncoder(w)
					enc.SetIndent("", indent)
					if err := enc.Encode(v); err != nil {
						t.Fatal(err)
					}
					got := w.Got
					if indent != "" {
						var ind bytes.Buffer
						json.Indent(&ind, want.Bytes(), "", indent)
						if !bytes.Equal(got, ind.Bytes()) {
							t.Fatalf("part %q shift %d indented: output differs", p, shift)
						}
					} else if !bytes.Equal(got, want.Bytes()) {
						t.Fatalf("part %q shift %d: output differs", p, shift)
					}
					// A piece of a chunk escapes to at most 6 bytes per byte (\u00XX), plus the
					// chunk that came before.
					if limit := 8 * stream.DefaultChunkSize; w.MaxWrite > limit {
						t.Errorf("part %q shift %d: largest Write %d bytes, want at most %d", p, shift, w.MaxWrite, limit)
					}
				}
			}
		}
	}
}

func TestEncoderWriteError(t *testing.T) {
	v := bigValue(2000)
	full, _ := json.Marshal(v)
	for _, limit := range []int{0, 1, 100, stream.DefaultChunkSize, 3 * stream.DefaultChunkSize, len(full)} {
		w := &faulty.Writer{Limit: limit}
		enc := NewEncoder(w)
		err := enc.Encode(v)
		if !errors.Is(err, faulty.ErrInjected) {
			t.Fatalf("limit %d: error %v, want the writer's", limit, err)
		}
		if err2 := enc.Encode(1); err2 != err {
			t.Errorf("limit %d: error not sticky: %v", limit, err2)
		}
		if w.Failed > 0 {
			t.Errorf("limit %d: %d writes after the failure", limit, w.Failed)
		}
		if !bytes.HasPrefix(full, w.Got) {
			t.Errorf("limit %d: output is not a prefix of the document", limit)
		}
	}
}

// TestEncoderValueError checks that an unsupported value small enough for one chunk leaves the
// writer untouched, as with encoding/json, and that the Encoder carries on.
func TestEncoderValueError(t *testing.T) {
	var got, want bytes.Buffer
	enc, je := NewEncoder(&got), json.NewEncoder(&want)
	for _, v := range []any{[]any{1, make(chan int)}, 2} {
		err, wantErr := enc.Encode(v), je.Encode(v)
		sameResult(t, fmt.Sprintf("Encode(%T)", v), got.Bytes(), err, want.Bytes(), wantErr)
	}
}

// TestConcurrentNewTypes marshals and unmarshals many new types from many goroutines at once (run
// under -race), each result checked against encoding/json.
func TestConcurrentNewTypes(t *testing.T) {
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g := newTypeGen(uint64(w % 4)) // pairs of goroutines race on the same new types
			for range 40 {
				typ := g.typ(0)
				v := g.value(typ, 0).Interface()
				want, wantErr := json.Marshal(v)
				got, err := Marshal(v)
				if (err == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
					t.Errorf("%v: got %s, %v; want %s, %v", typ, got, err, want, wantErr)
					return
				}
				if err != nil {
					continue
				}
				a, b := reflect.New(typ).Interface(), reflect.New(typ).Interface()
				err, wantErr = Unmarshal(want, a), json.Unmarshal(want, b)
				if !sameError(err, wantErr) || !reflect.DeepEqual(a, b) {
					t.Errorf("%v: Unmarshal(%s) gave %v, %v; want %v, %v", typ, want, deref(a), err, deref(b), wantErr)
					return
				}
			}
		}()
	}
	wg.Wait()
}
