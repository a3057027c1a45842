package stride

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stridejson/stride/internal/faulty"
	"github.com/stridejson/stride/internal/jsonread"
)

var streams = []string{
	``, ` `, `1`, `1 2 3`, `12`, "{}\n[]\n\"s\"\ntrue null", `{"a":1}{"a":2}`, `[1,2] [3]`, `"abc`, `{"a":`, `[1,`,
	`{"a" 1}`, `[1 2]`, `1 x`, `{"a":1,"b":[true,false,null,"x\u00e9",1.5e3,{"c":{}}]}` + " \t\n",
	`tru`, `nul`, `"\u00`, `-`, `1.`, `[1]]`, `{"A":1,"B":"x","Unknown":3}`, `{"A":"wrong","B":2} {"A":3}`,
	`{"x":[{"y":[1,2,{"z":null}]}],"w":{}}`, strings.Repeat(`{"k":"`+strings.Repeat("v", 700)+`"} `, 5),
	// Numbers beyond float64's range, longer than the buffer keeps once they are read.
	strings.Repeat("3", 5000), "[" + strings.Repeat("9", 5000) + "e9,1]",
}

type decTarget struct {
	A int
	B string
}

// TestDecoderMatchesEncodingJSON decodes streams value by value with both decoders, the input
// arriving in short random pieces, and compares values, errors, More and InputOffset.
func TestDecoderMatchesEncodingJSON(t *testing.T) {
	for _, s := range streams {
		for seed := range uint64(4) {
			for _, mode := range []string{"any", "number", "struct", "strict", "generated", "generated strict", "generated number"} {
				checkDecodeStream(t, []byte(s), seed, mode)
			}
		}
	}
}

func checkDecodeStream(t *testing.T, data []byte, seed uint64, mode string) {
	t.Helper()
	ours := NewDecoder(faulty.NewReader(data, seed, 7))
	theirs := json.NewDecoder(bytes.NewReader(data))
	fresh := func() any { return new(any) }
	switch mode {
	case "number":
		ours.UseNumber()
		theirs.UseNumber()
	case "strict":
		ours.DisallowUnknownFields()
		theirs.DisallowUnknownFields()
		fresh = func() any { return new(decTarget) }
	case "struct":
		fresh = func() any { return new(decTarget) }
	case "generated", "generated strict", "generated number":
		// A type made from the seed, with the options its mode names.
		typ := newTypeGen(seed).typ(0)
		fresh = func() any { return reflect.New(typ).Interface() }
		switch mode {
		case "generated strict":
			ours.DisallowUnknownFields()
			theirs.DisallowUnknownFields()
		case "generated number":
			ours.UseNumber()
			theirs.UseNumber()
		}
	}
	for i := 0; i < 10; i++ {
		got, want := fresh(), fresh()
		err, wantErr := ours.Decode(got), theirs.Decode(want)
		where := fmt.Sprintf("%q seed %d %s value %d", data, seed, mode, i)
		if !sameError(err, wantErr) || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: got %v, %v; want %v, %v", where, deref(got), err, deref(want), wantErr)
		}
		if se, ok := wantErr.(*SyntaxError); ok && se.Offset != err.(*SyntaxError).Offset {
			t.Errorf("%s: offset %d, want %d", where, err.(*SyntaxError).Offset, se.Offset)
		}
		if g, w := ours.InputOffset(), theirs.InputOffset(); g != w && wantErr == nil {
			t.Errorf("%s: InputOffset %d, want %d", where, g, w)
		}
		if wantErr != nil {
			return
		}
	}
}

// TestDecoderTokens walks streams with Token (and Decode inside containers) on both decoders.
func TestDecoderTokens(t *testing.T) {
	extra := []string{`[1,"a",{"b":[null]}] {"x":{"y":2}}`, `{"a" "b"}`, `[1:2]`, `{,}`, `{"a":1 "b":2}`, `[}`, `{]`, `]`, `{"a",1}`}
	for _, s := range append(streams, extra...) {
		for seed := range uint64(3) {
			for _, decodeInner := range []bool{false, true} {
				checkTokenStream(t, []byte(s), seed, decodeInner)
			}
		}
	}
}

func checkTokenStream(t *testing.T, data []byte, seed uint64, decodeInner bool) {
	t.Helper()
	ours := NewDecoder(faulty.NewReader(data, seed, 5))
	theirs := json.NewDecoder(bytes.NewReader(data))
	for i := 0; i < 200; i++ {
		where := fmt.Sprintf("%q seed %d step %d", data, seed, i)
		if g, w := ours.More(), theirs.More(); g != w {
			t.Fatalf("%s: More %v, want %v", where, g, w)
		}
		var got, want any
		var err, wantErr error
		if decodeInner && i%3 == 2 {
			err, wantErr = ours.Decode(&got), theirs.Decode(&want)
		} else {
			got, err = ours.Token()
			want, wantErr = theirs.Token()
		}
		if !sameError(err, wantErr) || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: got %v, %v; want %v, %v", where, got, err, want, wantErr)
		}
		if se, ok := wantErr.(*SyntaxError); ok && se.Offset != err.(*SyntaxError).Offset {
			t.Errorf("%s: offset %d, want %d", where, err.(*SyntaxError).Offset, se.Offset)
		}
		if g, w := ours.InputOffset(), theirs.InputOffset(); g != w {
			t.Fatalf("%s: InputOffset %d, want %d", where, g, w)
		}
		if wantErr != nil {
			return
		}
	}
}

// FuzzDecoder compares Decode (in every mode) and Token walks with encoding/json's Decoder on
// arbitrary streams arriving in random pieces, with Decoders that keep what they have read of a
// value and with Decoders that drop it as soon as they can.
func FuzzDecoder(f *testing.F) {
	for _, s := range streams {
		f.Add([]byte(s), uint64(1))
	}
	for _, s := range append(scalarStreams[:len(scalarStreams):len(scalarStreams)], otherStreams...) {
		f.Add([]byte(s), uint64(2))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		defer func() { jsonread.DropAlways = false }()
		for _, drop := range []bool{false, true} {
			jsonread.DropAlways = drop // see decodeStream
			for _, mode := range []string{"any", "number", "struct", "strict", "generated", "generated strict", "generated number"} {
				checkDecodeStream(t, data, seed, mode)
			}
			checkTokenStream(t, data, seed, false)
			checkTokenStream(t, data, seed, true)
		}
	})
}

func TestDecoderBuffered(t *testing.T) {
	dec := NewDecoder(strings.NewReader(`{"a":1} rest of it`))
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(dec.Buffered())
	if !bytes.Equal(rest, []byte(" rest of it")) {
		t.Errorf("Buffered: %q", rest)
	}
}

// TestDecoderLargeValueInSmallReads decodes a value of a few MB arriving 100 bytes at a time: the
// scan must resume where it stopped, not start over after every read (which would take minutes).
func TestDecoderLargeValueInSmallReads(t *testing.T) {
	data, _ := json.Marshal(bigValue(12000))
	if len(data) < 1<<20 {
		t.Fatalf("value of %d bytes: too small for the test", len(data))
	}
	start := time.Now()
	var got []row
	src := faulty.NewReader(data, 9, 100)
	if err := NewDecoder(src).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 12000 {
		t.Fatalf("decoded %d rows", len(got))
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v: the scan does not resume", d)
	}
}

// TestDecoderWholeValues decodes streams that a single read brings whole into the buffer, so
// that values are decoded in one pass where they qualify (decodeStream) without reading on, and
// compares every value, error, offset and what is left buffered with encoding/json's. The last
// values of each stream are cut off, broken or of the wrong type.
func TestDecoderWholeValues(t *testing.T) {
	good := `{"A":1,"B":"x"} [1,2] {"A":"wrong","B":2} {"x":[{"y":[1,{"z":null}]}],"w":{}} ` +
		"\t[\"a\",{\"A\":3}]\n {\"B\":\"\\u00e9\"} {} [] 7 \"s\" "
	tails := []string{``, `{"A":2`, `{"A":01}`, `[1,]`, `{"A":1}}`, `{"A" 1}`, `[{"B":"x"},[tru]]`, `{"A":1} x`}
	for _, tail := range tails {
		data := []byte(good + tail)
		for _, fresh := range []func() any{newAny, func() any { return new(decTarget) }, func() any { return new([]any) }} {
			compareStream(t, data, bytes.NewReader(data), fresh, func(ours *Decoder, theirs *json.Decoder) string {
				g, _ := io.ReadAll(ours.Buffered())
				w, _ := io.ReadAll(theirs.Buffered())
				if !bytes.HasPrefix(data[ours.InputOffset():], g) || len(w) > 0 && len(g) == 0 {
					return fmt.Sprintf("Buffered %q, encoding/json's %q", g, w)
				}
				return ""
			})
		}
	}
}
