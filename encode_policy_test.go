package stride

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/stream"
)

// testEscapers are the escaping policies the differential tests write under: the presets, and
// others that escape less or more than they do.
var testEscapers = []struct {
	name string
	esc  *stream.Escaper
}{
	{"nil", nil},
	{"EncodingJSON", stream.EncodingJSON},
	{"EncodingJSONNoHTML", stream.EncodingJSONNoHTML},
	{"Minimal", stream.Minimal},
	{"LegacyNoHTML", stream.EncodingJSONLegacyNoHTML},
	{"OnV2", stream.EncodingJSONOnV2},
	{"NonASCII", stream.NewEscaper(stream.EscapeNonASCII, "")},
	{"SlashHTML", stream.NewEscaper(stream.EscapeSlash|stream.EscapeHTML, "")},
	{"extra", stream.NewEscaper(0, "+/k")},
	{"quote", stream.NewEscaper(stream.EscapeHTML|stream.EscapeLineTerminators, "'")},
	{"names", stream.NewEscaper(stream.EscapeLineTerminators, "aeiAS")},
	{"reject", stream.NewEscaper(stream.RejectInvalidUTF8|stream.EscapeHTML, "")},
}

// requote is the reference output of a value of valid UTF-8 with no Marshaler under esc: what
// encoding/json writes, with each string literal decoded and quoted again by esc.AppendQuote.
func requote(t *testing.T, v any, esc *stream.Escaper) []byte {
	t.Helper()
	doc, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if esc == nil {
		esc = stream.EncodingJSON
	}
	var out []byte
	for i := 0; i < len(doc); i++ {
		if doc[i] != '"' {
			out = append(out, doc[i])
			continue
		}
		j := i + 1
		for doc[j] != '"' {
			if doc[j] == '\\' {
				j++
			}
			j++
		}
		var s string
		if err := json.Unmarshal(doc[i:j+1], &s); err != nil {
			t.Fatal(err)
		}
		if out, err = esc.AppendQuote(out, s); err != nil {
			t.Fatal(err)
		}
		i = j
	}
	return out
}

// policyDoc is a typed document of member names and values with characters that the test
// policies escape, without Marshalers or `string` options (whose text is quoted twice; the
// generated values of TestMarshalPolicyGenerated have them).
type policyDoc struct {
	Name    string            `json:"name"`
	Slash   string            `json:"a/<b>"`
	Vowels  []string          `json:"aeiou"`
	M       map[string]string `json:"m"`
	Bytes   []byte            `json:"bytes+/"`
	Nested  *policyDoc        `json:"nested,omitempty"`
	Any     any
	Numbers []float64
}

var policySample = policyDoc{
	Name: "<a&b> é \u2028 😀 / \x7f 'k'", Slash: "+/=", Vowels: []string{"a", "Sé", ""},
	M: map[string]string{"k/é": "v<", "": "\u2029"}, Bytes: []byte{0xfb, 0xff, 0xbf, 1, 2},
	Nested: &policyDoc{Name: "in", Bytes: []byte("???>>>")},
	Any:    []any{"é", map[string]any{"/": 1.5, "AS": true}}, Numbers: []float64{1, 2.5, -3e30},
}

// TestMarshalPolicyDocuments writes the test documents under every policy: the output equals
// encoding/json's with every string quoted again by the policy's AppendQuote, and equals the
// output of the path that quotes every string as it is written.
func TestMarshalPolicyDocuments(t *testing.T) {
	var decoded any
	raw, _ := json.Marshal(benchDoc)
	json.Unmarshal(raw, &decoded)
	docs := []struct {
		name string
		v    any
	}{{"benchDoc", benchDoc}, {"decoded", decoded}, {"policySample", policySample},
		{"structs", []policyDoc{policySample, {}, policySample}}}
	for _, d := range docs {
		for _, p := range testEscapers {
			got, err := MarshalOptions{Escaper: p.esc}.Marshal(d.v)
			if err != nil {
				t.Fatalf("%s %s: %v", d.name, p.name, err)
			}
			if want := requote(t, d.v, p.esc); !bytes.Equal(got, want) {
				t.Errorf("%s %s:\n got %s\nwant %s", d.name, p.name, got, want)
			}
			slow, err := codec.MarshalSlow(d.v, p.esc)
			if err != nil || !bytes.Equal(got, slow) {
				t.Errorf("%s %s: the slow path writes %s %v\nthe fast path %s", d.name, p.name, slow, err, got)
			}
		}
	}
}

// TestMarshalPolicyGenerated writes random values of random types (Marshalers, invalid UTF-8,
// `string` options, embedded structs, names that need escaping) under every policy: the fast
// path's output and errors are the slow path's, byte for byte, twice over (the second time with
// the names already built).
func TestMarshalPolicyGenerated(t *testing.T) {
	g := newTypeGen(18)
	n := 400
	if testing.Short() {
		n = 120
	}
	for i := range n {
		typ := g.typ(0)
		v := g.value(typ, 0).Interface()
		for _, p := range testEscapers {
			want, wantErr := codec.MarshalSlow(v, p.esc)
			for round := range 2 {
				got, err := MarshalOptions{Escaper: p.esc}.Marshal(v)
				sameResult(t, fmt.Sprintf("#%d %v %s round %d", i, typ, p.name, round), got, err, want, wantErr)
			}
		}
		if t.Failed() {
			return
		}
	}
}

// TestMarshalPolicyEncoder streams the documents through an Encoder under every policy: the
// same bytes as Marshal.
func TestMarshalPolicyEncoder(t *testing.T) {
	long := strings.Repeat("é/<a'b>\u2028", 5000)
	v := []any{policySample, map[string]any{long: []byte(long)}, []policyDoc{{Name: long, Bytes: []byte(long)}}}
	for _, p := range testEscapers {
		want, err := codec.MarshalSlow(v, p.esc)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		enc := NewEncoder(&buf)
		enc.SetOptions(MarshalOptions{Escaper: p.esc})
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), append(want, '\n')) {
			t.Errorf("%s: the Encoder writes %d bytes, the slow path %d", p.name, buf.Len(), len(want)+1)
		}
	}
}
