package stream

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
)

// refEdit makes the edits on v, the reference's decoding of a document (refDecode), as Transform
// documents them: every member of a name, array indexes of the input, replacements of missing
// members added at the end of their object, of the element one past the end (or "-") appended. It
// returns the result and whether some replacement found no place.
func refEdit(v any, edits []Edit) (any, bool) {
	missing := false
	type op struct {
		toks  []string
		value any
		del   bool
	}
	var ops []op
	for _, e := range edits {
		var toks []string
		if e.Pointer != "" {
			for _, t := range strings.Split(e.Pointer[1:], "/") {
				toks = append(toks, strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~"))
			}
		}
		o := op{toks: toks, del: e.Value == nil}
		if !o.del {
			o.value, _ = refDecode(e.Value)
		}
		ops = append(ops, o)
	}
	var apply func(v any, ops []op) any
	apply = func(v any, ops []op) any {
		for _, o := range ops {
			if len(o.toks) == 0 {
				return o.value
			}
		}
		switch x := v.(type) {
		case refObject:
			out := refObject{}
			for _, m := range x {
				var sub []op
				del := false
				for _, o := range ops {
					if o.toks[0] == m.name {
						if len(o.toks) == 1 && o.del {
							del = true
						}
						sub = append(sub, op{o.toks[1:], o.value, o.del})
					}
				}
				if del {
					continue
				}
				out = append(out, refMember{m.name, apply(m.val, sub)})
			}
			for _, o := range ops { // replacements of members not there
				found := false
				for _, m := range x {
					found = found || m.name == o.toks[0]
				}
				if !found {
					if len(o.toks) == 1 && !o.del {
						out = append(out, refMember{o.toks[0], o.value})
					} else if hasReplace(o.toks, o.del) {
						missing = true
					}
				}
			}
			return out
		case []any:
			out := []any{}
			for i, e := range x {
				var sub []op
				del := false
				for _, o := range ops {
					if o.toks[0] == strconv.Itoa(i) && arrayIndex(o.toks[0]) == i {
						if len(o.toks) == 1 && o.del {
							del = true
						}
						sub = append(sub, op{o.toks[1:], o.value, o.del})
					}
				}
				if !del {
					out = append(out, apply(e, sub))
				}
			}
			n := len(x)
			for _, o := range ops { // replacements one past the end
				idx := arrayIndex(o.toks[0])
				switch {
				case len(o.toks) == 1 && !o.del && (idx == n || o.toks[0] == "-"):
					out = append(out, o.value)
					n++
				case idx >= 0 && idx < len(x):
				case hasReplace(o.toks, o.del):
					missing = true
				}
			}
			return out
		}
		for _, o := range ops {
			if hasReplace(o.toks, o.del) {
				missing = true
			}
		}
		return v
	}
	return apply(v, ops), missing
}

// hasReplace reports whether an op of toks is a replacement (for which a missing place is an
// error).
func hasReplace(toks []string, del bool) bool { return !del }

// transformed runs Transform on data with edits, reading it in short pieces.
func transformed(data []byte, edits []Edit, seed uint64) ([]byte, error) {
	var out bytes.Buffer
	err := Transform(&out, faulty.NewReader(data, seed, 9), edits)
	return out.Bytes(), err
}

// randomEdits returns edits at the pointers of v (refPointers) that do not overlap.
func randomEdits(v any, rng *rand.Rand) []Edit {
	all := refPointers(v, "", nil)
	var edits []Edit
	values := []string{`0`, `"new"`, `{"k":[1,2]}`, `null`, `[]`}
	for range 1 + rng.IntN(4) {
		p := all[rng.IntN(len(all))]
		if p == "" {
			continue
		}
		ok := true
		for _, e := range edits {
			ok = ok && !overlap(p, e.Pointer)
		}
		if !ok {
			continue
		}
		e := Edit{Pointer: p}
		if rng.IntN(2) == 0 {
			e.Value = []byte(values[rng.IntN(len(values))])
		}
		edits = append(edits, e)
	}
	return edits
}

var transformDocs = append(findDocs,
	`{ "a" : 1 , "b" : [ 1 , 2 , 3 ] , "c" : { "d" : "e" } }`,
	"{\n  \"password\": \"x\",\n  \"user\": \"u\",\n  \"password\": \"y\"\n}\n",
	`[{"a":1},{"a":2},{"b":3}]`,
	`{"a":1}
{"a":2,"b":3}
{"c":4}`,
)

func TestTransformReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, doc := range transformDocs {
		for range 40 {
			checkTransform(t, []byte(doc), rng)
		}
	}
}

// checkTransform compares Transform on data (each of its top-level values) with random edits, with
// the reference.
func checkTransform(t *testing.T, data []byte, rng *rand.Rand) {
	t.Helper()
	vals, ok := refDecodeAll(data)
	if !ok || len(vals) == 0 {
		return
	}
	edits := randomEdits(vals[0], rng)
	got, err := transformed(data, edits, rng.Uint64())
	var want []any
	missing := false
	for _, v := range vals {
		w, m := refEdit(v, edits)
		want = append(want, w)
		missing = missing || m
	}
	var nf *NotFoundError
	if err != nil && !(missing && errors.As(err, &nf)) || err == nil && missing {
		t.Fatalf("%s with %s: error %v, missing %v", data, describeEdits(edits), err, missing)
	}
	gotVals, ok := refDecodeAll(got)
	if !ok || !reflect.DeepEqual(gotVals, want) {
		t.Fatalf("%s with %s:\n got %s\nwant %v", data, describeEdits(edits), got, want)
	}
	// No edit that applies: the output is the input, byte for byte.
	var none []Edit
	for _, e := range edits {
		if e.Value == nil {
			none = append(none, Edit{Pointer: e.Pointer + "/nowhere~1to~0go"})
		}
	}
	if got, err := transformed(data, none, rng.Uint64()); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("%s with %s: got %q, %v; want the input", data, describeEdits(none), got, err)
	}
}

// refDecodeAll decodes every top-level value of data as refDecode does. Values must be apart as
// a Reader has them ("00" is not two numbers, as it is to encoding/json's Decoder).
func refDecodeAll(data []byte) ([]any, bool) {
	r := NewReader(data)
	for r.More() {
		r.SkipValue()
	}
	if r.End() != nil {
		return nil, false
	}
	d := json.NewDecoder(bytes.NewReader(data))
	var vals []any
	for {
		var raw json.RawMessage
		if err := d.Decode(&raw); err == io.EOF {
			return vals, true
		} else if err != nil {
			return nil, false
		}
		v, ok := refDecode(raw)
		if !ok {
			return nil, false
		}
		vals = append(vals, v)
	}
}

func describeEdits(edits []Edit) string {
	var b strings.Builder
	for _, e := range edits {
		if e.Value == nil {
			b.WriteString("delete " + e.Pointer + "; ")
		} else {
			b.WriteString("set " + e.Pointer + " " + string(e.Value) + "; ")
		}
	}
	return b.String()
}

func TestTransformBytes(t *testing.T) {
	for _, c := range []struct {
		doc   string
		edits []Edit
		want  string
	}{
		{`{ "a" : 1 , "b" : 2 , "c" : 3 }`, []Edit{{Pointer: "/b"}}, `{ "a" : 1 , "c" : 3 }`},
		{`{ "a" : 1 , "b" : 2 , "c" : 3 }`, []Edit{{Pointer: "/a"}}, `{ "b" : 2 , "c" : 3 }`},
		{`{ "a" : 1 , "b" : 2 , "c" : 3 }`, []Edit{{Pointer: "/c"}}, `{ "a" : 1 , "b" : 2 }`},
		{`{ "a" : 1 , "b" : 2 , "c" : 3 }`, []Edit{{Pointer: "/a"}, {Pointer: "/b"}, {Pointer: "/c"}}, `{  }`},
		{`{ "a" : 1 , "b" : 2 }`, []Edit{{Pointer: "/b", Value: []byte(`[true]`)}}, `{ "a" : 1 , "b" : [true] }`},
		{`{ "a" : 1 }`, []Edit{{Pointer: "/z", Value: []byte(`"new"`)}}, `{ "a" : 1,"z":"new" }`},
		{`{}`, []Edit{{Pointer: "/z~1y", Value: []byte(`1`)}}, `{"z/y":1}`},
		{`[ 1, 2, 3 ]`, []Edit{{Pointer: "/1"}}, `[ 1, 3 ]`},
		{`[ 1, 2, 3 ]`, []Edit{{Pointer: "/-", Value: []byte(`4`)}}, `[ 1, 2, 3,4 ]`},
		{`[]`, []Edit{{Pointer: "/0", Value: []byte(`4`)}}, `[4]`},
		{"{\"p\": \"x\",\n \"u\": 1,\n \"p\": \"y\"}\n", []Edit{{Pointer: "/p"}}, "{\"u\": 1}\n"},
		{`{"a":{"b":[{"c":1,"d":2}]}} {"a":7}`, []Edit{{Pointer: "/a/b/0/c", Value: []byte(`"r"`)}}, `{"a":{"b":[{"c":"r","d":2}]}} {"a":7}`},
		{`"top"`, []Edit{{Pointer: "", Value: []byte(`{"x":1}`)}}, `{"x":1}`},
	} {
		got, err := transformed([]byte(c.doc), c.edits, 1)
		if err != nil && !errors.As(err, new(*NotFoundError)) || string(got) != c.want {
			t.Errorf("%s with %s:\n got %s, %v\nwant %s", c.doc, describeEdits(c.edits), got, err, c.want)
		}
	}
}

func TestTransformErrors(t *testing.T) {
	for _, c := range []struct {
		doc   string
		edits []Edit
		want  string
	}{
		{`{"a":1}`, []Edit{{Pointer: "a"}}, `stride: JSON Pointer "a" does not begin with '/'`},
		{`{"a":1}`, []Edit{{Pointer: "/a", Value: []byte(`{`)}}, "stride: unexpected end of input in object at line 1, column 2 (offset 1)"},
		{`{"a":1}`, []Edit{{Pointer: "/a"}, {Pointer: "/a/b"}}, `stride: the edits at "/a" and "/a/b" overlap`},
		{`{"a":1}`, []Edit{{Pointer: ""}}, "stride: an Edit cannot delete the top-level value"},
		{`{"a":1}`, []Edit{{Pointer: "/b/c", Value: []byte(`1`)}}, `stride: no value at JSON Pointer "/b/c"`},
		{`[1]`, []Edit{{Pointer: "/5", Value: []byte(`1`)}}, `stride: no value at JSON Pointer "/5"`},
		{`{"a":1,}`, []Edit{{Pointer: "/a"}}, "stride: invalid character '}' where an object key should begin at line 1, column 8 (offset 7)"},
		{`{"a":1} x`, nil, "stride: invalid character 'x' where a value should begin at line 1, column 9 (offset 8)"},
	} {
		_, err := transformed([]byte(c.doc), c.edits, 1)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s with %s:\n got %v\nwant %s", c.doc, describeEdits(c.edits), err, c.want)
		}
	}
	// A failing destination: reported, and what was written is a prefix of the output.
	data := []byte(`{"a":"` + strings.Repeat("x", 100000) + `","b":2}`)
	var want bytes.Buffer
	Transform(&want, bytes.NewReader(data), []Edit{{Pointer: "/b"}})
	w := &faulty.Writer{Limit: 50000}
	if err := Transform(w, bytes.NewReader(data), []Edit{{Pointer: "/b"}}); !errors.Is(err, faulty.ErrInjected) {
		t.Errorf("failing writer: %v", err)
	}
	if !bytes.HasPrefix(want.Bytes(), w.Got) {
		t.Errorf("failing writer: output not a prefix")
	}
}

// TestTransformBoundedMemory passes a document with a 32 MB member through Transform, deleting
// one member and replacing another, from a reader that makes it as it goes: the heap must stay far
// below the document's size.
func TestTransformBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 64 MB")
	}
	const size = 32 << 20
	src := io.MultiReader(strings.NewReader(`{"drop":"`), &repeatReader{b: 'x', n: size}, strings.NewReader(`","keep":"`),
		&repeatReader{b: 'y', n: size}, strings.NewReader(`","id":1}`))
	var n countWriter
	err := Transform(&n, src, []Edit{{Pointer: "/drop"}, {Pointer: "/id", Value: []byte(`2`)}})
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(len(`{"keep":"`) + size + len(`","id":2}`)); n.n != want {
		t.Errorf("wrote %d bytes, want %d", n.n, want)
	}
	if n.peak > 16<<20 {
		t.Errorf("heap in use reached %d MB", n.peak>>20)
	}
}

// A repeatReader gives n copies of b.
type repeatReader struct {
	b byte
	n int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range k {
		p[i] = r.b
	}
	r.n -= k
	return k, nil
}

// A countWriter counts what it is given, and every 4 MB notes the heap in use.
type countWriter struct {
	n, next int64
	peak    uint64
}

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	if w.n >= w.next {
		w.next = w.n + 4<<20
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		w.peak = max(w.peak, ms.HeapAlloc)
	}
	return len(p), nil
}

// FuzzTransform compares Transform with the reference on valid documents, with random edits at
// their pointers, and on any input checks that it does not fail without reason: from memory and
// from a stream alike.
func FuzzTransform(f *testing.F) {
	for _, doc := range transformDocs {
		f.Add([]byte(doc), uint64(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, 7))
		checkTransform(t, data, rng)
		// Any input: the output of a pass with no edits is the input, up to the error.
		var out bytes.Buffer
		err := Transform(&out, faulty.NewReader(data, seed, 5), nil)
		if !bytes.HasPrefix(data, out.Bytes()) {
			t.Fatalf("%q: output %q is not a prefix of the input", data, out.Bytes())
		}
		if _, ok := refDecodeAll(data); ok != (err == nil) && len(bytes.TrimSpace(data)) > 0 {
			t.Fatalf("%q: error %v, valid %v", data, err, ok)
		}
	})
}

// TestTransformHeldLimit checks that the white space held between two values counts against the
// token limit: a document padded with megabytes of it fails as a limit reached, in bounded memory.
func TestTransformHeldLimit(t *testing.T) {
	src := io.MultiReader(strings.NewReader(`{"a":1`), &repeatReader{b: ' ', n: 4 << 20}, strings.NewReader(`,"b":2}`))
	err := Transform(io.Discard, src, []Edit{{Pointer: "/b"}}, ReaderOptions{MaxTokenSize: 1 << 20})
	var se *SyntaxError
	if !errors.As(err, &se) || !strings.HasPrefix(se.Msg, "token exceeds the limit of 1048576 bytes") {
		t.Fatalf("got %v", err)
	}
	// Under the limit it passes.
	src = io.MultiReader(strings.NewReader(`{"a":1`), &repeatReader{b: ' ', n: 1 << 19}, strings.NewReader(`,"b":2}`))
	var out bytes.Buffer
	if err := Transform(&out, src, []Edit{{Pointer: "/b"}}, ReaderOptions{MaxTokenSize: 1 << 20}); err != nil || out.String() != `{"a":1}` {
		t.Fatalf("got %.40q, %v", out.String(), err)
	}
}
