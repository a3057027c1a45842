package tokens

import (
	"bytes"
	"encoding/json"
	"testing"
)

const doc = `{"a": [1, 2.50, -0, "x\u00e9<"], "b": {"c": null, "d": true, "e": false, "f": {}}, "g": []}`

func TestParseAndEncode(t *testing.T) {
	toks, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	kinds := ""
	for _, tk := range toks {
		kinds += string(rune(tk.Kind))
	}
	if want := "{k[nnns]k{k0ktkfk{}}k[]}"; kinds != want {
		t.Errorf("kinds %s, want %s", kinds, want)
	}
	out, err := Encode(toks)
	if err != nil {
		t.Fatal(err)
	}
	var compact bytes.Buffer
	json.Compact(&compact, []byte(`{"a":[1,2.50,-0,"xé<"],"b":{"c":null,"d":true,"e":false,"f":{}},"g":[]}`))
	if !bytes.Equal(out, compact.Bytes()) {
		t.Errorf("Encode = %s\nwant     %s", out, compact.Bytes())
	}
}

func TestSum(t *testing.T) {
	toks, _ := Parse([]byte(doc))
	a, err := Sum(toks)
	if err != nil {
		t.Fatal(err)
	}
	// -0 and 0 are different floats, so a reader that loses the sign must not match.
	other, _ := Parse([]byte(bytes.Replace([]byte(doc), []byte("-0"), []byte("0"), 1)))
	b, _ := Sum(other)
	if a == b {
		t.Error("-0 and 0 hash alike")
	}
	// A name and a string with the same text in the same place hash alike: readers need not tell.
	var trace []string
	h := Hash{Trace: &trace}
	if _, err := h.Replay(toks); err != nil || len(trace) != len(toks) {
		t.Errorf("trace has %d entries for %d tokens (%v)", len(trace), len(toks), err)
	}
	if trace[5] != "-0" || trace[6] != `"xé<"` {
		t.Errorf("trace = %q", trace)
	}
}

func TestComma(t *testing.T) {
	var c Comma
	var out []byte
	for _, k := range []Kind{BeginArray, Number, Number, BeginObject, Name, String, Name, BeginArray, EndArray, EndObject, Null, EndArray} {
		if c.Before(k) {
			out = append(out, ',')
		}
		out = append(out, byte(k))
	}
	if want := "[n,n,{ks,k[]},0]"; string(out) != want {
		t.Errorf("got %s, want %s", out, want)
	}
}
