package stream

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
)

// The reference of Seek and Find: the document decoded whole by encoding/json's Decoder, token by
// token, into refObject (members in order, duplicates kept), []any, json.Number, string, bool and
// nil, and walked by the pointer's tokens as RFC 6901 reads them.

// Seek and Find go through the members of an object with the masks (jsonread.Skip.Members) from
// its first byte in these tests, on the small documents too, where the CPU has the masks' vector
// code: the comparisons of memory readers with stream readers and with the reference hold it to
// the walk.
func init() { membersAfter = 0 }

type refMember struct {
	name string
	val  any
}

type refObject []refMember

// refDecode decodes data, one JSON value, as the reference holds it; ok is false for invalid JSON.
func refDecode(data []byte) (v any, ok bool) {
	if !json.Valid(data) {
		return nil, false
	}
	d := json.NewDecoder(strings.NewReader(string(data)))
	d.UseNumber()
	v, err := refValue(d)
	return v, err == nil
}

func refValue(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		obj := refObject{}
		for d.More() {
			name, err := d.Token()
			if err != nil {
				return nil, err
			}
			v, err := refValue(d)
			if err != nil {
				return nil, err
			}
			obj = append(obj, refMember{name.(string), v})
		}
		_, err := d.Token()
		return obj, err
	case json.Delim('['):
		arr := []any{}
		for d.More() {
			v, err := refValue(d)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err := d.Token()
		return arr, err
	}
	return tok, nil
}

// refGet walks v by ptr as RFC 6901 reads it: the first member of a name.
func refGet(v any, ptr string) (any, bool) {
	if ptr == "" {
		return v, true
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case refObject:
			found := false
			for _, m := range x {
				if m.name == tok {
					v, found = m.val, true
					break
				}
			}
			if !found {
				return nil, false
			}
		case []any:
			if tok == "" || len(tok) > 1 && tok[0] == '0' || strings.Trim(tok, "0123456789") != "" {
				return nil, false
			}
			i, err := strconv.Atoi(tok)
			if err != nil || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// refPointers returns pointers into v: every value's, and some that lead nowhere.
func refPointers(v any, prefix string, out []string) []string {
	out = append(out, prefix)
	esc := strings.NewReplacer("~", "~0", "/", "~1")
	switch x := v.(type) {
	case refObject:
		for _, m := range x {
			out = refPointers(m.val, prefix+"/"+esc.Replace(m.name), out)
		}
		out = append(out, prefix+"/missing", prefix+"/~1")
	case []any:
		for i, e := range x {
			out = refPointers(e, prefix+"/"+strconv.Itoa(i), out)
		}
		out = append(out, prefix+"/"+strconv.Itoa(len(x)), prefix+"/-", prefix+"/01", prefix+"/x")
	default:
		out = append(out, prefix+"/0")
	}
	return out
}

var findDocs = []string{
	`{"seatbid":[{"bid":[{"id":"b1","price":1.5,"adm":"<VAST version=\"3.0\"/>"}]}],"id":"r1","cur":"USD"}`,
	`{"a/b":1,"m~n":2,"":3,"x":{"":{"y":[null,true,false,[]]}}," ":4}`,
	`[[1,2,[3,[4,{"k":"v"}]]],{},[],"s",-1.5e3]`,
	`{"dup":1,"dup":{"in":2},"after":[0,1,2,3,4,5,6,7,8,9,10,11]}`,
	`{"esc\u00e9":"\u00e9","n\"q":"quote","tab\t":1}`,
	`  "top"  `, `12`, `null`, `{}`, `[]`,
	`{"a":{"b":{"c":{"d":{"e":[[[[{"f":"deep"}]]]]}}}}}`,
}

// seekRaw seeks ptr in data with a memory Reader, or a stream Reader reading it in short pieces,
// and returns the value's bytes and whether there is one.
func seekRaw(data []byte, ptr string, stream bool, seed uint64, opts ReaderOptions) ([]byte, bool, error) {
	var r *Reader
	if stream {
		r = NewStreamReader(faulty.NewReader(data, seed, 7), opts)
	} else {
		r = NewReader(data, opts)
	}
	if !r.Seek(ptr) {
		return nil, false, r.Err()
	}
	raw := append([]byte(nil), r.Raw()...)
	return raw, r.Err() == nil, r.Err()
}

func TestSeekReference(t *testing.T) {
	for _, doc := range findDocs {
		for _, data := range spacedToo([]byte(doc)) {
			checkSeek(t, data, 1)
		}
	}
}

// spacedToo returns data and, where it is valid JSON, data indented: Seek and Find go through the
// members of objects with the masks only in documents spaced out (spacedAt).
func spacedToo(data []byte) [][]byte {
	var b bytes.Buffer
	if json.Indent(&b, data, "", "  ") != nil {
		return [][]byte{data}
	}
	return [][]byte{data, b.Bytes()}
}

// checkSeek compares Seek on data, from memory and from a stream, checked and with UncheckedSkip,
// with the reference for every pointer of refPointers: found or not, and the value.
func checkSeek(t *testing.T, data []byte, seed uint64) {
	t.Helper()
	v, ok := refDecode(data)
	if !ok {
		return
	}
	for _, ptr := range refPointers(v, "", nil) {
		want, found := refGet(v, ptr)
		for _, mode := range findModes {
			raw, ok, err := seekRaw(data, ptr, mode.stream, seed, mode.opts)
			if err != nil {
				t.Fatalf("%q at %q (%s): %v", data, ptr, mode.name, err)
			}
			if ok != found {
				t.Fatalf("%q at %q (%s): found %v, want %v", data, ptr, mode.name, ok, found)
			}
			if !found {
				continue
			}
			got, gok := refDecode(raw)
			if !gok || !reflect.DeepEqual(got, want) {
				t.Fatalf("%q at %q (%s): got %s, want %v", data, ptr, mode.name, raw, want)
			}
		}
	}
}

func TestSeekErrors(t *testing.T) {
	for _, c := range []struct {
		doc, ptr string
		want     string // the error's text, "" for none (found), or "not found"
	}{
		{`{"a":1}`, "a", `stride: JSON Pointer "a" does not begin with '/'`},
		{`{"a":1}`, "/a~2", `stride: JSON Pointer "/a~2": '~' not followed by '0' or '1' at offset 2`},
		{`{"a":1}`, "/a~", `stride: JSON Pointer "/a~": '~' not followed by '0' or '1' at offset 2`},
		{`{"a":1}`, "/b", "not found"},
		{`{"a":1,"b":[1,2}`, "/b/1", ""}, // the error after the value is not read
		{`{"a":1,"b":[1,2}`, "/b/2", `stride: invalid character '}' after array element at line 1, column 16 (offset 15), within /b`},
		{`{"a":[1,2,x],"b":2}`, "/b", `stride: invalid character 'x' where a value should begin at line 1, column 11 (offset 10), within /a`},
		{`{"a":1,"b":2} junk`, "/b", ""}, // after the value: not read
		{`{"a":x}`, "/a/b", `stride: invalid character 'x' where a value should begin at line 1, column 6 (offset 5), within /a`},
		{`{"a":"s"}`, "/a/b", "not found"},
		{`[1,2]`, "/-", "not found"},
		{`[1,2]`, "/01", "not found"},
		{`{"a":1`, "/b", `stride: unexpected end of input in object at line 1, column 7 (offset 6)`},
		{`{"a":1} {"b":2}`, "/b", "not found"}, // the next value is not searched
	} {
		r := NewReader([]byte(c.doc))
		found := r.Seek(c.ptr)
		if found {
			r.Raw()
		}
		got := ""
		switch err := r.Err(); {
		case err != nil:
			got = err.Error()
		case !found:
			got = "not found"
		}
		if got != c.want {
			t.Errorf("%s at %q:\n got %s\nwant %s", c.doc, c.ptr, got, c.want)
		}
	}
	var pe *PointerError
	r := NewReader([]byte(`{}`))
	if r.Seek("x") || !errors.As(r.Err(), &pe) || pe.Pointer != "x" {
		t.Errorf("a bad pointer: %v", r.Err())
	}
}

// TestSkipAllocs holds SkipValue, Seek and Find through a document of some KB (so the checked
// skip's fast path, past 512 bytes into a container, runs where the CPU has it) to no allocation.
func TestSkipAllocs(t *testing.T) {
	data := []byte(`{"items":[` + strings.Repeat(`{"id":12345,"name":"a \"quoted\" name","tags":["x","y"],"n":null},`, 200) +
		`{"id":1}],"end":true}`)
	r := NewReader(data)
	q, err := NewQuery("/items/150/name", "/end")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	n := testing.AllocsPerRun(100, func() {
		r.Reset(data)
		r.SkipValue()
		r.Reset(data)
		if r.Seek("/end") {
			found++
		}
		r.Reset(data)
		r.Find(q, func(int, *Reader) error { found++; return nil })
	})
	if n != 0 || r.Err() != nil || found != 3*101 {
		t.Errorf("SkipValue, Seek, Find: %v allocations, error %v, found %d", n, r.Err(), found)
	}
}

func TestSeekAllocs(t *testing.T) {
	data := []byte(findDocs[0])
	for _, opts := range []ReaderOptions{{}, {UncheckedSkip: true}} {
		r := NewReader(data, opts)
		var price float64
		var cur bool
		n := testing.AllocsPerRun(100, func() {
			r.Reset(data)
			if r.Seek("/seatbid/0/bid/0/price") {
				price = r.Float64()
			}
			r.Reset(data)
			if r.Seek("/seatbid/0/bid/0/adm") {
				r.Raw()
			}
			r.Reset(data)
			r.Seek("/seatbid/0/missing")
			r.Reset(data)
			if r.Seek("/cur") { // past the seatbid array, skipped
				cur = string(r.Raw()) == `"USD"` // a compare, no copy
			}
			r.Reset(data)
			r.SkipValue()
		})
		if n != 0 || price != 1.5 || !cur {
			t.Errorf("Seek %+v: %v allocations, price %v, cur found %v", opts, n, price, cur)
		}
	}
}

// findAll runs Find of ptrs on data and returns each pointer's value (nil when not reported).
// findModes are the ways Seek and Find are held to the reference: from memory and from a stream
// read in short pieces, each checked and with UncheckedSkip (on valid JSON, the same values).
var findModes = []struct {
	name   string
	stream bool
	opts   ReaderOptions
}{
	{"memory", false, ReaderOptions{}},
	{"stream", true, ReaderOptions{}},
	{"memory, unchecked", false, ReaderOptions{UncheckedSkip: true}},
	{"stream, unchecked", true, ReaderOptions{UncheckedSkip: true}},
}

func findAll(t *testing.T, data []byte, ptrs []string, stream bool, seed uint64, opts ReaderOptions) ([][]byte, error) {
	t.Helper()
	q, err := NewQuery(ptrs...)
	if err != nil {
		t.Fatal(err)
	}
	var r *Reader
	if stream {
		r = NewStreamReader(faulty.NewReader(data, seed, 7), opts)
	} else {
		r = NewReader(data, opts)
	}
	got := make([][]byte, len(ptrs))
	err = r.Find(q, func(i int, vr *Reader) error {
		if got[i] != nil {
			t.Fatalf("%q: pointer %q reported twice", data, ptrs[i])
		}
		raw := vr.Raw()
		if raw == nil {
			return vr.Err()
		}
		got[i] = append([]byte{}, raw...)
		return nil
	})
	return got, err
}

func TestFindReference(t *testing.T) {
	for _, doc := range findDocs {
		for _, data := range spacedToo([]byte(doc)) {
			checkFind(t, data, rand.New(rand.NewPCG(1, 2)))
		}
	}
}

// checkFind compares Find on data, with random sets of pointers (the reference's, some repeated),
// with the reference.
func checkFind(t *testing.T, data []byte, rng *rand.Rand) {
	t.Helper()
	v, ok := refDecode(data)
	if !ok {
		return
	}
	all := refPointers(v, "", nil)
	for range 8 {
		ptrs := make([]string, 1+rng.IntN(6))
		for i := range ptrs {
			ptrs[i] = all[rng.IntN(len(all))]
		}
		for _, mode := range findModes {
			got, err := findAll(t, data, ptrs, mode.stream, rng.Uint64(), mode.opts)
			if err != nil {
				t.Fatalf("%q, %q (%s): %v", data, ptrs, mode.name, err)
			}
			for i, p := range ptrs {
				want, found := refGet(v, p)
				if (got[i] != nil) != found {
					t.Fatalf("%q, %q (%s): %q found %v, want %v", data, ptrs, mode.name, p, got[i] != nil, found)
				}
				if found {
					if g, _ := refDecode(got[i]); !reflect.DeepEqual(g, want) {
						t.Fatalf("%q, %q (%s): %q got %s, want %v", data, ptrs, mode.name, p, got[i], want)
					}
				}
			}
		}
	}
}

// TestFindStopsEarly checks that Find reads no further than the last value it finds.
func TestFindStopsEarly(t *testing.T) {
	data := `{"a":1,"b":{"c":2},"d":[` + strings.Repeat(`"x",`, 1000) + `BROKEN`
	q, _ := NewQuery("/b/c", "/a")
	r := NewStreamReader(io.MultiReader(strings.NewReader(data), mustNotRead{}))
	var n int
	if err := r.Find(q, func(i int, vr *Reader) error { n++; return nil }); err != nil || n != 2 {
		t.Fatalf("Find: %v, %d values", err, n)
	}
	if r.InputOffset() > 30 {
		t.Errorf("Find read to offset %d", r.InputOffset())
	}
}

// mustNotRead is a reader that must not be read.
type mustNotRead struct{}

func (mustNotRead) Read([]byte) (int, error) { panic("read past the values found") }

func FuzzSeek(f *testing.F) {
	for _, doc := range findDocs {
		for _, data := range spacedToo([]byte(doc)) {
			f.Add(data, "/a", uint64(1))
		}
	}
	f.Add([]byte(`{"a":[1,{"b":2}]}`), "/a/1/b", uint64(2))
	f.Fuzz(func(t *testing.T, data []byte, ptr string, seed uint64) {
		// Every pointer of a valid document, against the reference.
		checkSeek(t, data, seed)
		checkFind(t, data, rand.New(rand.NewPCG(seed, 3)))
		// Any pointer, any input: the same from memory and from a stream, and a value found is
		// valid JSON.
		m, mok, merr := seekRaw(data, ptr, false, seed, ReaderOptions{})
		s, sok, serr := seekRaw(data, ptr, true, seed, ReaderOptions{})
		if mok != sok || string(m) != string(s) || (merr == nil) != (serr == nil) || merr != nil && merr.Error() != serr.Error() {
			t.Fatalf("%q at %q: memory %q %v %v, stream %q %v %v", data, ptr, m, mok, merr, s, sok, serr)
		}
		if mok && !json.Valid(m) {
			t.Fatalf("%q at %q: found invalid %q", data, ptr, m)
		}
		// Unchecked, on any input: no panic or hang, and the value found is one the Reader
		// read (Raw checks it).
		for _, stream := range []bool{false, true} {
			if u, uok, _ := seekRaw(data, ptr, stream, seed, ReaderOptions{UncheckedSkip: true}); uok && !json.Valid(u) {
				t.Fatalf("%q at %q unchecked (stream %v): found invalid %q", data, ptr, stream, u)
			}
		}
		if v, ok := refDecode(data); ok && checkPointer(ptr) == nil {
			want, found := refGet(v, ptr)
			if found != mok {
				t.Fatalf("%q at %q: found %v, want %v", data, ptr, mok, found)
			}
			if g, _ := refDecode(m); found && !reflect.DeepEqual(g, want) {
				t.Fatalf("%q at %q: got %s, want %v", data, ptr, m, want)
			}
		}
	})
}

func FuzzPointer(f *testing.F) {
	for _, p := range []string{"", "/", "/a/b", "/~0~1", "/~2", "a", "/0/01/-", "//"} {
		f.Add(p, "x")
	}
	f.Fuzz(func(t *testing.T, p, name string) {
		err := checkPointer(p)
		valid := p == "" || p[0] == '/' && !strings.Contains(strings.NewReplacer("~0", "", "~1", "").Replace(p), "~")
		if (err == nil) != valid {
			t.Fatalf("%q: error %v, valid %v", p, err, valid)
		}
		if err != nil {
			return
		}
		var toks []string
		for rest := p; rest != ""; {
			var tok string
			tok, rest = nextToken(rest)
			toks = append(toks, tok)
			want := strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			if got := unescapeToken(tok); got != want {
				t.Fatalf("%q: token %q unescaped %q, want %q", p, tok, got, want)
			}
			if tokenIs([]byte(name), tok) != (name == want) || !tokenIs([]byte(want), tok) {
				t.Fatalf("%q: tokenIs %q %q", p, name, tok)
			}
			n, err := strconv.Atoi(want)
			idx := arrayIndex(tok)
			if ok := err == nil && n >= 0 && strconv.Itoa(n) == want && want[0] != '+' && len(want) <= 18; (idx >= 0) != ok || ok && idx != n {
				t.Fatalf("%q: arrayIndex(%q) = %d", p, tok, idx)
			}
		}
		if p != "" && "/"+strings.Join(toks, "/") != p {
			t.Fatalf("%q: tokens %q", p, toks)
		}
	})
}

func TestFindAllocs(t *testing.T) {
	data := []byte(findDocs[0])
	q, err := NewQuery("/seatbid/0/bid/0/price", "/id", "/seatbid/0/bid/0/adm", "/cur", "/missing")
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(data)
	var sum float64
	var n int
	fn := func(i int, vr *Reader) error {
		n++
		if i == 0 {
			sum += vr.Float64()
		} else {
			vr.Raw()
		}
		return vr.Err()
	}
	allocs := testing.AllocsPerRun(100, func() {
		r.Reset(data)
		if err := r.Find(q, fn); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 || n != 4*101 {
		t.Errorf("Find: %v allocations, %d values", allocs, n)
	}
}
