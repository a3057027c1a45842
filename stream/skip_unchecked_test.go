package stream

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// ends returns the input offset after each top-level value r steps over with SkipValue, and r's
// verdict on the whole input.
func ends(r *Reader) ([]int64, error) {
	var out []int64
	for r.More() {
		if r.SkipValue() != nil {
			break
		}
		out = append(out, r.InputOffset())
	}
	return out, r.End()
}

// checkUnchecked steps over the values of data with UncheckedSkip, from memory and from streams
// read in short pieces: on input the checked Reader accepts, every value ends where the checked
// Reader says; on any input, no panic and no hang.
func checkUnchecked(t *testing.T, data []byte, seed uint64) {
	t.Helper()
	want, err := ends(NewReader(data))
	unchecked := ReaderOptions{UncheckedSkip: true}
	readers := append([]*Reader{NewReader(data, unchecked)}, streamReaders(data, seed, unchecked)...)
	for i, r := range readers {
		got, uerr := ends(r)
		if err == nil && (uerr != nil || !slices.Equal(got, want)) {
			t.Fatalf("%q: unchecked skip (reader %d) ends values at %v (%v), checked at %v", data, i, got, uerr, want)
		}
	}
}

func TestUncheckedSkip(t *testing.T) {
	long := strings.Repeat(`{"s":"a\"]}\\","n":[1,2,{"x":"]]]"}],"e":"\\\\"},`, 200)
	inputs := []string{
		`[]`, `{}`, `[[[]]] {"a":{}}`,
		`["]", "[", "\\", "\"]"] 1`,
		`{"a":"` + strings.Repeat(`\\`, 100) + `"}`,
		`[` + long + `null]`,
		`{"big":"` + strings.Repeat("é}", 5000) + `"}`,
	}
	inputs = append(inputs, findDocs...)
	for i, in := range inputs {
		checkUnchecked(t, []byte(in), uint64(i))
	}
}

// TestUncheckedSkipUnchecked shows what UncheckedSkip does not check, as documented: what is
// inside a container and its depth; the end of the input inside one is still an error.
func TestUncheckedSkipUnchecked(t *testing.T) {
	unchecked := ReaderOptions{UncheckedSkip: true, MaxDepth: 4}
	for _, in := range []string{`[1 2 3]`, `{"a" 1, ]`, `[[[[[[[[]]]]]]]]`, "[\"\x01\"]"} {
		if err := NewReader([]byte(in), unchecked).SkipValue(); err != nil {
			t.Errorf("%q unchecked: %v, want no error", in, err)
		}
		if err := NewReader([]byte(in), ReaderOptions{MaxDepth: 4}).SkipValue(); err == nil {
			t.Errorf("%q checked: no error", in)
		}
	}
	for _, in := range []string{`[1,2`, `{"a":"]}`, `[` + strings.Repeat(`"x",`, 100)} {
		merr := NewReader([]byte(in), unchecked).SkipValue()
		if want := NewReader([]byte(in)).SkipValue(); merr == nil || merr.Error() != want.Error() {
			t.Errorf("%q unchecked from memory: %v, want the checked error %v", in, merr, want)
		}
		if err := NewStreamReader(bytes.NewReader([]byte(in)), unchecked).SkipValue(); err == nil ||
			!strings.Contains(err.Error(), "unexpected end of input") {
			t.Errorf("%q unchecked from a stream: %v, want the end of the input", in, err)
		}
	}
}

func FuzzUncheckedSkip(f *testing.F) {
	for _, doc := range findDocs {
		f.Add([]byte(doc), uint64(1))
	}
	f.Add([]byte(`["\\\"]",{"a":"}"}] [1]`), uint64(2))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) { checkUnchecked(t, data, seed) })
}
