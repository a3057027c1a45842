package tokens

import (
	"bytes"
	"encoding/json"
	"math"
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

// refString is foldString from its definition: the length word, then s zero-padded to a multiple of
// 8 bytes and read one byte at a time into little-endian words; runs of 4 words in 4 lanes while 4
// words remain of the whole words, the rest in order.
func refString(x uint64, s string) uint64 {
	x = mix(x, '"'|uint64(len(s))<<8)
	var words []uint64
	for i := 0; i < len(s); i++ {
		if i%8 == 0 {
			words = append(words, 0)
		}
		words[len(words)-1] |= uint64(s[i]) << (8 * (i % 8))
	}
	if n := len(s) / 32 * 4; n > 0 {
		lanes := []uint64{x, x ^ lane1, x ^ lane2, x ^ lane3}
		for j, w := range words[:n] {
			lanes[j%4] = mix(lanes[j%4], w)
		}
		x = mix(mix(mix(mix(x, lanes[0]), lanes[1]), lanes[2]), lanes[3])
		words = words[n:]
	}
	for _, w := range words {
		x = mix(x, w)
	}
	return x
}

func TestHashStrings(t *testing.T) {
	seen := map[uint64]string{}
	for n := 0; n <= 72; n++ {
		base := make([]byte, n)
		for i := range base {
			base[i] = byte('a' + i)
		}
		variants := []string{string(base)}
		for i := range base { // every byte, at every lane, changed in its low bit and in its high bit
			for _, flip := range []byte{0x01, 0x80} {
				v := append([]byte(nil), base...)
				v[i] ^= flip
				variants = append(variants, string(v))
			}
		}
		for _, s := range variants {
			var a, b Hash
			a.Reset()
			b.Reset()
			a.Str(s)
			b.Bytes([]byte(s))
			if a.Sum() != b.Sum() || a.Sum() != refString(seed, s) {
				t.Fatalf("%q: Str %x, Bytes %x, reference %x", s, a.Sum(), b.Sum(), refString(seed, s))
			}
			if prev, dup := seen[a.Sum()]; dup {
				t.Fatalf("%q and %q hash alike", s, prev)
			}
			seen[a.Sum()] = s
		}
	}
	// Trailing NUL bytes, and the same bytes split between two strings, change the digest.
	sum := func(strs ...string) uint64 {
		var h Hash
		h.Reset()
		for _, s := range strs {
			h.Str(s)
		}
		return h.Sum()
	}
	for _, pair := range [][2][]string{
		{{"a"}, {"a\x00"}}, {{"12345678"}, {"12345678\x00"}}, {{"ab", "c"}, {"a", "bc"}},
		{{"", "x"}, {"x", ""}}, {{"x", "y"}, {"y", "x"}},
	} {
		if sum(pair[0]...) == sum(pair[1]...) {
			t.Errorf("%q and %q hash alike", pair[0], pair[1])
		}
	}
}

// TestHashTokens: a reader that drops, swaps or changes one token must not match.
func TestHashTokens(t *testing.T) {
	toks, _ := Parse([]byte(doc))
	want, _ := Sum(toks)
	for i := range toks {
		dropped := append(append([]Token(nil), toks[:i]...), toks[i+1:]...)
		if got, _ := Sum(dropped); got == want {
			t.Errorf("dropping token %d (%c) leaves the digest", i, toks[i].Kind)
		}
		if i+1 < len(toks) && (toks[i].Kind != toks[i+1].Kind || toks[i].Str != toks[i+1].Str || string(toks[i].Num) != string(toks[i+1].Num)) {
			swapped := append([]Token(nil), toks...)
			swapped[i], swapped[i+1] = swapped[i+1], swapped[i]
			if got, _ := Sum(swapped); got == want {
				t.Errorf("swapping tokens %d and %d leaves the digest", i, i+1)
			}
		}
	}
	var a, b Hash
	a.Reset()
	b.Reset()
	a.Float(1)
	b.Float(math.Nextafter(1, 2))
	if a.Sum() == b.Sum() {
		t.Error("1 and the next float hash alike")
	}
}
