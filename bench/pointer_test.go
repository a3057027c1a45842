package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/buger/jsonparser"
	"github.com/bytedance/sonic"
	"github.com/bytedance/sonic/ast"
	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"

	"github.com/stridejson/stride/bench/internal/docs"
	"github.com/stridejson/stride/stream"
)

// Values by JSON Pointer beside gjson, jsonparser and sonic: one pointer near the start of a
// document, one at its end, and five spread through it, on twitter, citm_catalog, the OpenRTB
// response and an NDJSON stream of 100 MB (each line queried on its own); and edits of the OpenRTB
// response (deleting its VAST markup, replacing a price) beside sjson and sonic's ast.
//
// Stride reads with a stream.Reader's Seek (Find for five), which checks every byte up to the last
// value it reads; gjson, jsonparser and sonic check little or nothing of what they skip.

// A pointerDoc is a document and the pointers the benchmarks look up in it.
type pointerDoc struct {
	name        string
	data        []byte
	lines       bool // NDJSON: every line is a document, queried on its own
	start, end  string
	five        []string
	redact, set string // the pointers the edit benchmarks delete and replace (OpenRTB)
}

var (
	pointerOnce sync.Once
	pointerSet  []pointerDoc
)

// pointerDocs returns the documents: twitter, citm_catalog and openrtb_vast from the corpus, and
// the NDJSON stream of twitter's statuses, with pointers chosen from their values (leaves) by
// position: the first leaf past 1% of the document, the last one, and five at 20% to 100%.
func pointerDocs(b *testing.B) []pointerDoc {
	pointerOnce.Do(func() {
		ds, _ := docs.Load(func(name string) bool {
			return name == "twitter" || name == "citm_catalog" || name == docs.OpenRTBName
		})
		for _, d := range ds {
			p := choosePointers(d.Name, d.Data)
			if d.Name == docs.OpenRTBName {
				p.redact, p.set = "/seatbid/0/bid/0/adm", "/seatbid/0/bid/0/price"
			}
			pointerSet = append(pointerSet, p)
			if d.Name == "twitter" {
				pointerSet = append(pointerSet, ndjsonDoc(d.Data))
			}
		}
	})
	if len(pointerSet) == 0 {
		b.Skip("no documents (the modules that hold them could not be downloaded)")
	}
	return pointerSet
}

// leaf is a scalar value of a document: its pointer and the offset of its end.
type leaf struct {
	ptr string
	end int64
}

// leaves returns the scalar values of data in document order.
func leaves(data []byte) []leaf {
	var out []leaf
	r := stream.NewReader(data)
	var walk func(ptr string)
	walk = func(ptr string) {
		switch r.Kind() {
		case stream.KindObject:
			for obj := r.Object(); obj.Next(); {
				walk(ptr + "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(string(obj.Name())))
			}
		case stream.KindArray:
			i := 0
			for arr := r.Array(); arr.Next(); i++ {
				walk(ptr + "/" + strconv.Itoa(i))
			}
		default:
			r.SkipValue()
			out = append(out, leaf{ptr, r.InputOffset()})
		}
	}
	walk("")
	return out
}

func choosePointers(name string, data []byte) pointerDoc {
	ls := leaves(data)
	at := func(frac float64) string {
		for _, l := range ls {
			if float64(l.end) >= frac*float64(len(data)) {
				return l.ptr
			}
		}
		return ls[len(ls)-1].ptr
	}
	p := pointerDoc{name: name, data: data, start: at(0.01), end: ls[len(ls)-1].ptr}
	for _, f := range []float64{0.2, 0.4, 0.6, 0.8, 1} {
		p.five = append(p.five, at(f))
	}
	return p
}

// ndjsonDoc returns an NDJSON stream of about 100 MB: twitter's statuses, one per line, over and
// over, with the pointers chosen from the first line.
func ndjsonDoc(twitter []byte) pointerDoc {
	var t struct{ Statuses []json.RawMessage }
	json.Unmarshal(twitter, &t)
	var buf bytes.Buffer
	for buf.Len() < 100<<20 {
		for _, s := range t.Statuses {
			json.Compact(&buf, s)
			buf.WriteByte('\n')
		}
	}
	p := choosePointers("ndjson_100mb", t.Statuses[0])
	p.name, p.data, p.lines = "ndjson_100mb", buf.Bytes(), true
	return p
}

// A pointerLib looks up pointers in one document with one library: get returns the value's
// JSON text (or a view that the check can compare), many the values of several in one call.
type pointerLib struct {
	name string
	get  func(data []byte, ptr string) ([]byte, error)
	many func(data []byte, ptrs []string) ([][]byte, error)
}

func tokens(ptr string) []string {
	if ptr == "" {
		return nil
	}
	toks := strings.Split(ptr[1:], "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks
}

func gjsonPath(ptr string) string {
	toks := tokens(ptr)
	for i, t := range toks {
		toks[i] = gjson.Escape(t)
	}
	return strings.Join(toks, ".")
}

// steps returns the reference tokens of ptr as data has them: an int for an array's index, a string
// for an object's member.
func steps(data []byte, ptr string) []any {
	var path []any
	prefix := ""
	for _, t := range tokens(ptr) {
		r := stream.NewReader(data)
		if !r.Seek(prefix) {
			return nil
		}
		if n, err := strconv.Atoi(t); err == nil && r.Kind() == stream.KindArray {
			path = append(path, n)
		} else {
			path = append(path, t)
		}
		prefix += "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(t)
	}
	return path
}

func jsonparserKeys(data []byte, ptr string) []string {
	var keys []string
	for _, s := range steps(data, ptr) {
		if n, ok := s.(int); ok {
			keys = append(keys, "["+strconv.Itoa(n)+"]")
		} else {
			keys = append(keys, s.(string))
		}
	}
	return keys
}

func sonicPath(data []byte, ptr string) []any { return steps(data, ptr) }

// converted caches each library's form of a pointer, made once per document and pointer (the
// conversion is not timed).
var converted sync.Map // [3]string{lib, doc name, pointer} -> any

func conv[T any](lib, doc, ptr string, make func() T) T {
	k := [3]string{lib, doc, ptr}
	if v, ok := converted.Load(k); ok {
		return v.(T)
	}
	v := make()
	converted.Store(k, v)
	return v
}

// pointerLibs are the libraries of the pointer benchmarks; doc names the document (or, for an
// NDJSON stream, the line) the pointers' forms are worked out on.
// strideLib reads with a stream.Reader of the given options: Seek for one pointer, Find for many.
func strideLib(name string, opts stream.ReaderOptions) pointerLib {
	var r stream.Reader
	r.SetOptions(opts)
	var q *stream.Query
	var qptrs []string
	return pointerLib{name: name,
		get: func(data []byte, ptr string) ([]byte, error) {
			r.Reset(data)
			if !r.Seek(ptr) {
				if err := r.Err(); err != nil {
					return nil, err
				}
				return nil, &stream.NotFoundError{Pointer: ptr}
			}
			v := r.Raw()
			return v, r.Err()
		},
		many: func(data []byte, ptrs []string) ([][]byte, error) {
			if !reflect.DeepEqual(ptrs, qptrs) {
				q, _ = stream.NewQuery(ptrs...)
				qptrs = ptrs
			}
			out := make([][]byte, len(ptrs))
			r.Reset(data)
			err := r.Find(q, func(i int, vr *stream.Reader) error {
				out[i] = vr.Raw()
				return vr.Err()
			})
			return out, err
		}}
}

func pointerLibs(doc string, sample []byte) []pointerLib {
	gpath := func(p string) string { return conv("gjson", doc, p, func() string { return gjsonPath(p) }) }
	jkeys := func(p string) []string {
		return conv("jsonparser", doc, p, func() []string { return jsonparserKeys(sample, p) })
	}
	spath := func(p string) []any { return conv("sonic", doc, p, func() []any { return sonicPath(sample, p) }) }
	return []pointerLib{
		strideLib("stride", stream.ReaderOptions{}),
		strideLib("stride-unchecked", stream.ReaderOptions{UncheckedSkip: true}),
		{name: "gjson",
			get: func(data []byte, ptr string) ([]byte, error) {
				res := gjson.GetBytes(data, gpath(ptr))
				if !res.Exists() {
					return nil, fmt.Errorf("gjson: no %s", ptr)
				}
				return []byte(res.Raw), nil
			},
			many: func(data []byte, ptrs []string) ([][]byte, error) {
				paths := make([]string, len(ptrs))
				for i, p := range ptrs {
					paths[i] = gpath(p)
				}
				out := make([][]byte, len(ptrs))
				for i, res := range gjson.GetManyBytes(data, paths...) {
					out[i] = []byte(res.Raw)
				}
				return out, nil
			}},
		{name: "jsonparser",
			get: func(data []byte, ptr string) ([]byte, error) {
				v, t, _, err := jsonparser.Get(data, jkeys(ptr)...)
				if t == jsonparser.String {
					v = append(append([]byte{'"'}, v...), '"')
				}
				return v, err
			},
			many: func(data []byte, ptrs []string) ([][]byte, error) {
				paths := make([][]string, len(ptrs))
				for i, p := range ptrs {
					paths[i] = jkeys(p)
				}
				out := make([][]byte, len(ptrs))
				jsonparser.EachKey(data, func(i int, v []byte, t jsonparser.ValueType, err error) {
					if t == jsonparser.String {
						v = append(append([]byte{'"'}, v...), '"')
					}
					out[i] = v
				}, paths...)
				return out, nil
			}},
		{name: "sonic",
			get: func(data []byte, ptr string) ([]byte, error) {
				n, err := sonic.Get(data, spath(ptr)...)
				if err != nil {
					return nil, err
				}
				s, err := n.Raw()
				return []byte(s), err
			},
			many: func(data []byte, ptrs []string) ([][]byte, error) {
				out := make([][]byte, len(ptrs))
				for i, p := range ptrs {
					n, err := sonic.Get(data, spath(p)...)
					if err != nil {
						return nil, err
					}
					s, err := n.Raw()
					if err != nil {
						return nil, err
					}
					out[i] = []byte(s)
				}
				return out, nil
			}},
	}
}

// sameJSON reports whether a and b hold the same JSON value.
func sameJSON(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

// eachLine calls fn with every line of data.
func eachLine(data []byte, fn func(line []byte) error) error {
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			i = len(data)
		}
		if err := fn(data[:i]); err != nil {
			return err
		}
		data = data[min(i+1, len(data)):]
	}
	return nil
}

// BenchmarkPointers looks up one pointer near the start of each document, one at its end, and
// five, with each library, after checking that every library finds what Stride finds.
func BenchmarkPointers(b *testing.B) {
	for _, d := range pointerDocs(b) {
		first := d.data
		if d.lines {
			first = d.data[:bytes.IndexByte(d.data, '\n')]
		}
		libs := pointerLibs(d.name, first)
		for _, kind := range []string{"start", "end", "five"} {
			ptrs := d.five
			switch kind {
			case "start":
				ptrs = []string{d.start}
			case "end":
				ptrs = []string{d.end}
			}
			// Every library must find Stride's values on the document (the first line of a stream).
			want, err := libs[0].many(first, ptrs)
			if err != nil {
				b.Fatalf("%s %s: %v", d.name, kind, err)
			}
			want = cloneAll(want)
			for _, l := range libs {
				got, err := l.many(first, ptrs)
				if len(ptrs) == 1 {
					var v []byte
					v, err = l.get(first, ptrs[0])
					got = [][]byte{v}
				}
				for i := range want {
					if err != nil || !sameJSON(got[i], want[i]) {
						b.Fatalf("%s %s %s: %s gives %.80q (%v), Stride %.80q", d.name, kind, ptrs[i], l.name, got[i], err, want[i])
					}
				}
			}
			for _, l := range libs {
				op := func(doc []byte) error {
					if len(ptrs) == 1 {
						_, err := l.get(doc, ptrs[0])
						return err
					}
					_, err := l.many(doc, ptrs)
					return err
				}
				b.Run(d.name+"/"+kind+"/lib="+l.name, func(b *testing.B) {
					b.SetBytes(int64(len(d.data)))
					b.ReportAllocs()
					for b.Loop() {
						var err error
						if d.lines {
							err = eachLine(d.data, op)
						} else {
							err = op(d.data)
						}
						if err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

func cloneAll(vs [][]byte) [][]byte {
	out := make([][]byte, len(vs))
	for i, v := range vs {
		out[i] = bytes.Clone(v)
	}
	return out
}

// An editLib deletes the member at one pointer, or replaces its value, returning the document.
type editLib struct {
	name        string
	delete, set func(data []byte, ptr string) ([]byte, error)
}

func editLibs() []editLib {
	var out bytes.Buffer
	transform := func(data []byte, e stream.Edit) ([]byte, error) {
		out.Reset()
		err := stream.Transform(&out, bytes.NewReader(data), []stream.Edit{e})
		return out.Bytes(), err
	}
	sonicEdit := func(data []byte, ptr string, set bool) ([]byte, error) {
		root, err := sonic.Get(data)
		if err != nil {
			return nil, err
		}
		path := conv("sonic-edit", "", ptr, func() []any { return sonicPath(data, ptr) })
		parent := root.GetByPath(path[:len(path)-1]...)
		if set {
			_, err = parent.Set(path[len(path)-1].(string), ast.NewRaw("9.99"))
		} else {
			_, err = parent.Unset(path[len(path)-1].(string))
		}
		if err != nil {
			return nil, err
		}
		return root.MarshalJSON()
	}
	return []editLib{
		{name: "stride",
			delete: func(data []byte, ptr string) ([]byte, error) { return transform(data, stream.Edit{Pointer: ptr}) },
			set: func(data []byte, ptr string) ([]byte, error) {
				return transform(data, stream.Edit{Pointer: ptr, Value: []byte("9.99")})
			}},
		{name: "sjson",
			delete: func(data []byte, ptr string) ([]byte, error) {
				return sjson.DeleteBytes(data, conv("sjson", "", ptr, func() string { return gjsonPath(ptr) }))
			},
			set: func(data []byte, ptr string) ([]byte, error) {
				return sjson.SetRawBytes(data, conv("sjson", "", ptr, func() string { return gjsonPath(ptr) }), []byte("9.99"))
			}},
		{name: "sonic",
			delete: func(data []byte, ptr string) ([]byte, error) { return sonicEdit(data, ptr, false) },
			set:    func(data []byte, ptr string) ([]byte, error) { return sonicEdit(data, ptr, true) }},
	}
}

// BenchmarkEdits deletes a member of the OpenRTB response (its VAST markup) and replaces another
// (a price), with each library, after checking that all give the same document.
func BenchmarkEdits(b *testing.B) {
	var d *pointerDoc
	for _, p := range pointerDocs(b) {
		if p.redact != "" {
			d = &p
		}
	}
	if d == nil {
		b.Skip("no OpenRTB document")
	}
	var want any
	json.Unmarshal(d.data, &want)
	bid := want.(map[string]any)["seatbid"].([]any)[0].(map[string]any)["bid"].([]any)[0].(map[string]any)
	adm := bid["adm"]
	delete(bid, "adm")
	wantDeleted, _ := json.Marshal(want)
	bid["adm"], bid["price"] = adm, 9.99
	wantSet, _ := json.Marshal(want)
	for _, op := range []struct {
		name string
		ptr  string
		want []byte
	}{{"delete", d.redact, wantDeleted}, {"replace", d.set, wantSet}} {
		for _, l := range editLibs() {
			edit := l.delete
			if op.name == "replace" {
				edit = l.set
			}
			got, err := edit(d.data, op.ptr)
			if err != nil || !sameJSON(got, op.want) {
				b.Fatalf("%s %s: %v, a different document", l.name, op.name, err)
			}
			b.Run(d.name+"/"+op.name+"/lib="+l.name, func(b *testing.B) {
				b.SetBytes(int64(len(d.data)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := edit(d.data, op.ptr); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
