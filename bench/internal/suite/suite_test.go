package suite

import (
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stridejson/stride/bench/internal/corpus"
	"github.com/stridejson/stride/bench/internal/docs"
	"github.com/stridejson/stride/bench/internal/lib"
	"github.com/stridejson/stride/bench/internal/tokens"
)

// known lists the cases that do not agree with encoding/json at the pinned versions, with the
// verdict they must get. Any other case must agree byte for byte or value for value.
var known = map[string]Verdict{
	// go-jsonstream decodes a surrogate pair escape (an emoji written as \ud83d\ude0b) as two U+FFFD.
	"token-read/twitterescaped/go-jsonstream": Disagrees,
	// Neither sorts map keys, as encoding/json does.
	"marshal/citm_catalog/json/v2 (experiment)":  SameValue,
	"marshal/citm_catalog/sonic (ConfigDefault)": SameValue,
}

func check(t *testing.T, s *Suite) {
	t.Helper()
	for _, w := range s.Workloads {
		for _, c := range w.Cases {
			id := w.ID() + "/" + c.Lib
			want, ok := known[id]
			if !ok {
				want = Agrees
			}
			if c.Verdict != want {
				t.Errorf("%s: verdict %d, want %d: %s", id, c.Verdict, want, c.Detail)
			}
			if (c.Op != nil) != (c.Verdict != Disagrees) {
				t.Errorf("%s: timed %v with verdict %d", id, c.Op != nil, c.Verdict)
			}
		}
	}
}

func TestStringsAgree(t *testing.T) {
	s, err := Build(Options{Libs: lib.All(), Strings: corpus.Strings()})
	if err != nil {
		t.Fatal(err)
	}
	check(t, s)
	// Every kind of string workload, for every string, with the two limit rows.
	if got, want := len(s.Workloads), 3*len(corpus.Strings()); got != want {
		t.Errorf("%d workloads, want %d", got, want)
	}
	for _, w := range s.Workloads {
		libs := map[string]bool{}
		for _, c := range w.Cases {
			libs[c.Lib] = true
		}
		for _, must := range []string{lib.EncodingJSON, "stride", Memcpy, IndexByte} {
			if !libs[must] {
				t.Errorf("%s has no %s row", w.ID(), must)
			}
		}
	}
}

func TestDocsAgree(t *testing.T) {
	names := map[string]bool{docs.OpenRTBName: true, "canada_geometry": true}
	if !testing.Short() {
		names["twitter"], names["twitterescaped"] = true, true
	}
	ds, skips := docs.Load(func(n string) bool { return names[n] })
	if len(ds) == 0 {
		t.Skipf("no documents could be loaded: %v", skips)
	}
	s, err := Build(Options{Libs: lib.All(), Docs: ds})
	if err != nil {
		t.Fatal(err)
	}
	check(t, s)
	kinds := map[Kind]bool{}
	for _, w := range s.Workloads {
		kinds[w.Kind] = true
	}
	for _, k := range []Kind{UnmarshalTyped, DecodeTyped, UnmarshalAny, Marshal, TokenWrite, TokenRead} {
		if !kinds[k] {
			t.Errorf("no %s workload", k)
		}
	}
}

// TestDecodeTyped checks the decode-typed kind: a workload only for a document with a Go type, a
// case for each library with a streaming decoder, operations that can run again and again (each
// reads from a new reader), and a decoder whose value differs from encoding/json's flagged.
func TestDecodeTyped(t *testing.T) {
	type point struct {
		X, Y int
		Name string
		Tags []string
	}
	ds := []docs.Doc{
		{Name: "typed", Source: "test", Data: []byte(`{"X":1,"Y":-2,"Name":"caf\u00e9 <b>","Tags":["a","b"]}`),
			New: func() any { return new(point) }, TypeName: "point"},
		{Name: "untyped", Source: "test", Data: []byte(`[1,2,{"a":null}]`)},
	}
	s, err := Build(Options{Libs: append(lib.All(), broken{}), Docs: ds, Kinds: map[Kind]bool{DecodeTyped: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Workloads) != 1 || s.Workloads[0].ID() != "decode-typed/typed" {
		t.Fatalf("workloads %v, want only decode-typed/typed", s.Workloads)
	}
	w := s.Workloads[0]
	var want, got []string
	for _, l := range lib.All() {
		if _, ok := l.(lib.StreamDecoder); ok {
			want = append(want, l.Info().Name)
		}
	}
	want = append(want, "broken", Memcpy, IndexByte)
	for _, c := range w.Cases {
		got = append(got, c.Lib)
	}
	if !slices.Equal(got, want) {
		t.Errorf("cases %q, want %q", got, want)
	}
	for _, must := range []string{lib.EncodingJSON, "stride"} {
		if !slices.Contains(got, must) {
			t.Errorf("no %s case", must)
		}
	}
	for _, c := range w.Cases {
		if c.Lib == "broken" {
			if c.Verdict != Disagrees || c.Timed() || !strings.Contains(c.Detail, "decoded value differs") {
				t.Errorf("broken: verdict %d, timed %v, detail %q", c.Verdict, c.Timed(), c.Detail)
			}
			continue
		}
		if c.Verdict != Agrees || !c.Timed() {
			t.Errorf("%s: verdict %d, timed %v: %s", c.Lib, c.Verdict, c.Timed(), c.Detail)
			continue
		}
		for i := 0; i < 3; i++ {
			if err := c.Op(); err != nil {
				t.Errorf("%s: operation %d: %v", c.Lib, i+1, err)
			}
		}
	}
}

// broken is a library whose every output is wrong.
type broken struct{}

func (broken) Info() lib.Info { return lib.Info{Name: "broken"} }
func (broken) NewStringWriter(html bool) (func(string) ([]byte, error), bool) {
	return func(s string) ([]byte, error) { return []byte(`"` + s + ` "`), nil }, !html
}
func (broken) NewStringReader() func([]byte) (string, error) {
	return func(lit []byte) (string, error) { return string(lit), nil }
}
func (broken) Unmarshal(data []byte, v any) error { return errors.New("no") }
func (broken) Marshal(v any) ([]byte, error)      { return []byte(`{}`), nil }
func (broken) MarshalEscapesHTML() bool           { return true }

// Decode ignores r and decodes an empty object: no error, but not the document's value.
func (broken) Decode(r io.Reader, v any) error { return json.Unmarshal([]byte(`{}`), v) }

func (broken) NewTokenWriter() func([]tokens.Token) ([]byte, error) {
	return func([]tokens.Token) ([]byte, error) { return []byte(`[]`), nil }
}
func (broken) NewTokenReader() func([]byte, *tokens.Hash) error {
	return func(_ []byte, h *tokens.Hash) error { h.Null(); return nil }
}

func TestWrongOutputIsFlagged(t *testing.T) {
	ds, _ := docs.Load(func(n string) bool { return n == docs.OpenRTBName })
	s, err := Build(Options{Libs: []lib.Library{broken{}}, Strings: corpus.Strings()[:1], Docs: ds})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, w := range s.Workloads {
		for _, c := range w.Cases {
			if c.Limit {
				continue
			}
			n++
			if c.Verdict != Disagrees || c.Timed() || c.Detail == "" {
				t.Errorf("%s: verdict %d, timed %v, detail %q", w.ID(), c.Verdict, c.Timed(), c.Detail)
			}
		}
	}
	// Two string kinds (the writer has no HTML mode), plus six document kinds when the document loaded.
	if want := 2 + 6*len(ds); n != want {
		t.Errorf("%d broken cases, want %d", n, want)
	}
}

func TestRun(t *testing.T) {
	s, err := Build(Options{Libs: lib.All(), Strings: corpus.Strings()[5:6], Kinds: map[Kind]bool{StringWrite: true}})
	if err != nil {
		t.Fatal(err)
	}
	var progress strings.Builder
	s.Run(RunConfig{Count: 2, Target: time.Millisecond, Progress: &progress})
	for _, c := range s.Workloads[0].Cases {
		if len(c.Samples) != 2 || c.N < 1 {
			t.Errorf("%s: %d samples of %d operations", c.Lib, len(c.Samples), c.N)
		}
		for _, sm := range c.Samples {
			if sm.NsPerOp <= 0 {
				t.Errorf("%s: %v ns/op", c.Lib, sm.NsPerOp)
			}
		}
	}
	if !strings.Contains(progress.String(), "round 2/2") {
		t.Errorf("progress: %q", progress.String())
	}
}
