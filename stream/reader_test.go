package stream

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stridejson/stride/internal/corpus"
	"github.com/stridejson/stride/internal/faulty"
	"github.com/stridejson/stride/internal/jsonread"
)

// readerInputs are documents, valid and not, that exercise every path of the Reader.
var readerInputs = []string{
	`{"a": [1, 2.5, "x\n", true, false, null, {}, []], "b": {"c": -3e-2, "d": "caf\u00e9"}}`,
	`[]`, `{}`, `[[[[]]]]`, ` 1 `, `"plain"`, `"esc\"aped\\"`, `-0`, `0.5e+10`, `1 2 [3] {"x":4} "s" true null`,
	"[1,\n2,\n3", `[1,]`, `{"a":1,}`, `{"a" 1}`, `{"a":}`, `{1:2}`, `[1 2]`, `[01]`, `[1.]`, `[-]`, `[truex]`,
	`[tru]`, `nul`, `"abc`, "\"a\x01b\"", `"\x"`, `"\u12g4"`, "\"\xff\"", `"\ud800"`, `"\ud83d\ude00"`, "[\"\xe2\x82\xac\"]",
	`{"a":{"b":[1,{"c":x}]}}`, `]`, `}`, `:`, `,`, ``, `   `, "\ufeff{}", `[1e400]`, `[9223372036854775808]`,
	`{"dup":1,"dup":2}`, `{"a~b/c":[0,1,{"q":z}]}`,
}

func TestReaderMemoryAndStreamAgree(t *testing.T) {
	for i, in := range readerInputs {
		checkSame(t, []byte(in), uint64(i), ReaderOptions{})
		checkSame(t, []byte(in), uint64(i), ReaderOptions{StrictStrings: true, RejectDuplicateNames: true})
	}
	doc := benchDoc()
	checkSame(t, doc, 7, ReaderOptions{})
}

// TestReaderMatchesEncodingJSON holds validity and values to encoding/json.
func TestReaderMatchesEncodingJSON(t *testing.T) {
	inputs := append([]string{}, readerInputs...)
	inputs = append(inputs, string(benchDoc()))
	for _, in := range inputs {
		checkEncodingJSON(t, []byte(in))
	}
}

func checkEncodingJSON(t testing.TB, data []byte) {
	t.Helper()
	want, stdErr := unmarshal(data)
	if got := valid(NewReader(data)); got != json.Valid(data) {
		t.Fatalf("valid(%q) = %v; json.Valid says %v", data, got, !got)
	}
	r := NewReader(data)
	got := readAny(r)
	err := r.End()
	if (err == nil) != (stdErr == nil) {
		t.Fatalf("reading %q: %v; json.Unmarshal: %v", data, err, stdErr)
	}
	if err == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("reading %q:\n got %#v\nwant %#v", data, got, want)
	}
}

func FuzzReaderMemoryAndStream(f *testing.F) {
	for _, in := range readerInputs {
		f.Add([]byte(in), uint64(1), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64, strict bool) {
		checkSame(t, data, seed, ReaderOptions{StrictStrings: strict, RejectDuplicateNames: strict})
	})
}

func FuzzReaderEncodingJSON(f *testing.F) {
	for _, in := range readerInputs {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkEncodingJSON(t, data) })
}

func TestReaderPull(t *testing.T) {
	r := NewReader([]byte(`{"id": 12, "name": "n\u00e9", "tags": ["a", "b"], "skip": {"deep": [1, [2]]},
		"big": 18446744073709551615, "f": 1.5, "raw": {"x": [1, 2]}, "none": null, "ok": true}`))
	var got []string
	for obj := r.Object(); obj.Next(); {
		switch name := string(obj.Name()); name {
		case "id":
			got = append(got, strconv.FormatInt(r.Int64(), 10))
		case "name":
			got = append(got, r.String())
		case "tags":
			for arr := r.Array(); arr.Next(); {
				got = append(got, string(r.StringBytes()))
			}
		case "big":
			got = append(got, strconv.FormatUint(r.Uint64(), 10))
		case "f":
			got = append(got, strconv.FormatFloat(r.Float64(), 'g', -1, 64))
		case "raw":
			got = append(got, string(r.Raw()))
		case "none":
			for arr := r.ArrayOrNull(); arr.Next(); {
				t.Fatal("null has elements")
			}
		case "ok":
			got = append(got, strconv.FormatBool(r.Bool()))
		default:
			got = append(got, "unread "+name) // "skip" is skipped by Next
		}
	}
	if err := r.End(); err != nil {
		t.Fatal(err)
	}
	want := []string{"12", "né", "a", "b", "unread skip", "18446744073709551615", "1.5", `{"x": [1, 2]}`, "true"}
	if !equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// TestReaderLeftOpen breaks out of inner loops: the outer Next closes what was left open.
func TestReaderLeftOpen(t *testing.T) {
	data := []byte(`[{"a": [1, 2, 3], "b": 2}, {"a": [4]}, 5]`)
	for _, r := range append(streamReaders(data, 3, ReaderOptions{}), NewReader(data)) {
		var got []int64
		for arr := r.Array(); arr.Next(); {
			if r.Kind() != KindObject {
				got = append(got, r.Int64())
				continue
			}
			for obj := r.Object(); obj.Next(); {
				for in := r.Array(); in.Next(); {
					got = append(got, r.Int64())
					break
				}
				break
			}
		}
		if err := r.End(); err != nil || len(got) != 3 || got[0] != 1 || got[1] != 4 || got[2] != 5 {
			t.Fatalf("got %v, %v", got, err)
		}
	}
}

func TestReaderSeveralValues(t *testing.T) {
	data := []byte("{\"n\":1}\n{\"n\":2}\n\n{\"n\":3} [4]5\"six\"")
	for _, r := range append(streamReaders(data, 5, ReaderOptions{}), NewReader(data)) {
		var n int
		for r.More() {
			r.SkipValue()
			n++
		}
		if err := r.End(); err != nil || n != 6 {
			t.Fatalf("read %d values: %v", n, err)
		}
	}
	r := NewReader([]byte(`{"a":1} x`))
	r.SkipValue()
	if err := r.End(); err == nil || syntaxErr(t, err).Msg != "invalid character 'x' after top-level value" {
		t.Fatalf("End: %v", err)
	}
}

func TestReaderErrorFormat(t *testing.T) {
	tokens := func(r *Reader) { traceValue(r, modeTokens, nil) }
	elems := func(read func(r *Reader)) func(r *Reader) {
		return func(r *Reader) {
			for arr := r.Array(); arr.Next(); {
				read(r)
			}
		}
	}
	for _, tc := range []struct {
		in, want string
		read     func(r *Reader)
	}{
		{"{\n\"items\": [0, 1, 2, 3,\n  {\"a\": 1, \"b\" x}]}", `stride: invalid character 'x' after object key at line 3, column 16 (offset 39), within /items/4/b`, tokens},
		{`{"a~b/c": [0, 1, {"q": z}]}`, `stride: invalid character 'z' where a value should begin at line 1, column 24 (offset 23), within /a~0b~1c/2/q`, tokens},
		{`[1, 2`, `stride: unexpected end of input in array at line 1, column 6 (offset 5)`, tokens},
		{`[1 2]`, `stride: invalid character '2' after array element at line 1, column 4 (offset 3)`, tokens},
		{`{"a": "x\u12"}`, `stride: invalid hexadecimal escape in string literal at line 1, column 9 (offset 8), within /a`, tokens},
		{`{"a": "b"}`, `stride: expected array, found string at line 1, column 7 (offset 6), within /a`,
			func(r *Reader) {
				for obj := r.Object(); obj.Next(); {
					r.Array()
				}
			}},
		{`[9223372036854775808]`, `stride: number 9223372036854775808 is out of the range of int64 at line 1, column 2 (offset 1), within /0`, elems(func(r *Reader) { r.Int64() })},
		{`[1.5]`, `stride: number 1.5 is not an integer at line 1, column 2 (offset 1), within /0`, elems(func(r *Reader) { r.Uint64() })},
		{`[-1]`, `stride: number -1 is negative at line 1, column 2 (offset 1), within /0`, elems(func(r *Reader) { r.Uint64() })},
		{"[\"a\xffb\"]", `stride: invalid UTF-8 in string literal at line 1, column 4 (offset 3), within /0`, elems(func(r *Reader) { r.StringBytes() })},
		// SkipValue reports the pointer of the value it skips (see pointer).
		{`[{"a":1,"a":2}]`, `stride: duplicate object key "a" at line 1, column 9 (offset 8), within /0`, elems(func(r *Reader) { r.SkipValue() })},
		{`{"a":1,"a":2}`, `stride: duplicate object key "a" at line 1, column 8 (offset 7), within /a`, tokens},
	} {
		data := []byte(tc.in)
		opts := ReaderOptions{StrictStrings: true, RejectDuplicateNames: true}
		for _, r := range append(streamReaders(data, 9, opts), NewReader(data, opts)) {
			tc.read(r)
			if err := r.Err(); err == nil || err.Error() != tc.want {
				t.Errorf("%q:\n got %v\nwant %s", tc.in, err, tc.want)
			}
		}
	}
	var se *SyntaxError
	r := NewReader([]byte(`[1e400]`))
	arr := r.Array()
	arr.Next()
	r.Float64()
	if !errors.As(r.Err(), &se) || !errors.Is(r.Err(), strconv.ErrRange) || se.Expected != "float64" {
		t.Errorf("Float64 out of range: %v", r.Err())
	}
}

func TestReaderNumbers(t *testing.T) {
	for _, tc := range []struct {
		lit string
		i   int64
		u   uint64
		iOK bool
		uOK bool
	}{
		{"0", 0, 0, true, true}, {"-0", 0, 0, true, true}, {"9223372036854775807", math.MaxInt64, math.MaxInt64, true, true},
		{"-9223372036854775808", math.MinInt64, 0, true, false}, {"-9223372036854775809", 0, 0, false, false},
		{"18446744073709551615", 0, math.MaxUint64, false, true}, {"18446744073709551616", 0, 0, false, false},
		{"-1", -1, 0, true, false}, {"1e2", 0, 0, false, false}, {"100000000000000000000000", 0, 0, false, false},
	} {
		r := NewReader([]byte(tc.lit))
		if i := r.Int64(); (r.Err() == nil) != tc.iOK || i != tc.i {
			t.Errorf("Int64(%s) = %d, %v", tc.lit, i, r.Err())
		}
		r.Reset([]byte(tc.lit))
		if u := r.Uint64(); (r.Err() == nil) != tc.uOK || u != tc.u {
			t.Errorf("Uint64(%s) = %d, %v", tc.lit, u, r.Err())
		}
		r.Reset([]byte(tc.lit))
		want, _ := strconv.ParseFloat(tc.lit, 64)
		if f := r.Float64(); r.Err() != nil || f != want {
			t.Errorf("Float64(%s) = %v, %v", tc.lit, f, r.Err())
		}
	}
}

func TestReaderStrictness(t *testing.T) {
	for _, in := range []string{"\"a\xffb\"", `"\udc00"`, `"\ud800x"`} {
		if r := NewReader([]byte(in)); r.String() != "a\uFFFDb" && in[1] == 'a' || r.Err() != nil {
			t.Errorf("default %q: %v", in, r.Err())
		}
		if r := NewReader([]byte(in), ReaderOptions{StrictStrings: true}); r.SkipValue() == nil {
			t.Errorf("strict %q accepted", in)
		}
	}
	dup := []byte(`{"a":1,"b":{"a":2},"\u0061":3}`)
	if !valid(NewReader(dup)) || valid(NewReader(dup, ReaderOptions{RejectDuplicateNames: true})) {
		t.Errorf("duplicate names: default must accept, RejectDuplicateNames reject")
	}
	if !valid(NewReader([]byte(`[{"a":1},{"a":2}]`), ReaderOptions{RejectDuplicateNames: true})) {
		t.Errorf("names in sibling objects are not duplicates")
	}
}

// TestReaderDeepNesting feeds 10 million '[' and requires a quick error from every path.
func TestReaderDeepNesting(t *testing.T) {
	deep := bytes.Repeat([]byte("["), 10_000_000)
	start := time.Now()
	for _, r := range []*Reader{NewReader(deep), NewStreamReader(bytes.NewReader(deep))} {
		if err := r.SkipValue(); err == nil || !strings.Contains(err.Error(), "nesting depth exceeds the limit of 10000") {
			t.Errorf("SkipValue: %v", err)
		}
		r.Reset(deep)
		func() {
			for arr := r.Array(); arr.Next(); {
				for arr := r.Array(); arr.Next(); {
					r.SkipValue()
				}
			}
		}()
		if r.Err() == nil {
			t.Errorf("Array: no error")
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
	t.Logf("10M-deep input rejected in %v", time.Since(start))
	ok := append(bytes.Repeat([]byte("["), 10_000), bytes.Repeat([]byte("]"), 10_000)...)
	if !valid(NewReader(ok)) || valid(NewReader(ok, ReaderOptions{MaxDepth: 9_999})) {
		t.Errorf("depth 10000 must pass by default and fail with MaxDepth 9999")
	}
}

func TestReaderSourceErrors(t *testing.T) {
	boom := errors.New("boom")
	for _, withData := range []bool{false, true} {
		fr := faulty.NewReader([]byte(`[1, 2, "abc`), 4, 3)
		fr.Err, fr.ErrWithData = boom, withData
		r := NewStreamReader(fr)
		r.SkipValue()
		if r.Err() != boom {
			t.Errorf("withData=%v: error %v, want the reader's own", withData, r.Err())
		}
	}
	// An error after a complete value surfaces only when more is read.
	fr := faulty.NewReader([]byte(`{"a":1} `), 4, 3)
	fr.Err, fr.ErrWithData = boom, true
	r := NewStreamReader(fr)
	if r.SkipValue() != nil || r.End() != boom {
		t.Errorf("End: %v", r.Err())
	}
}

func TestReaderLimits(t *testing.T) {
	long := []byte(`["` + strings.Repeat("x", 5000) + `", 1]`)
	r := NewStreamReader(bytes.NewReader(long), ReaderOptions{MaxTokenSize: 4096, BufferSize: 256})
	if err := r.SkipValue(); err == nil || !strings.Contains(err.Error(), "token exceeds the limit of 4096 bytes") {
		t.Errorf("token limit: %v", err)
	}
	r = NewStreamReader(bytes.NewReader(long), ReaderOptions{MaxTokenSize: 8192, BufferSize: 256})
	if err := r.SkipValue(); err != nil {
		t.Errorf("token within limit: %v", err)
	}
	r = NewStreamReader(bytes.NewReader(long), ReaderOptions{MaxInputSize: 1000})
	if err := r.SkipValue(); err == nil || !strings.Contains(err.Error(), "input exceeds the limit of 1000 bytes") {
		t.Errorf("input limit: %v", err)
	}
	// Small tokens never grow the buffer, however long the input.
	doc := itemsDoc(2000)
	r = NewStreamReader(bytes.NewReader(doc), ReaderOptions{BufferSize: 512})
	checkTokens(t, r)
	if len(r.win) != 512 {
		t.Errorf("buffer grew to %d for a document of short tokens", len(r.win))
	}
	// Raw holds a whole value, so the value must fit the token limit.
	r = NewStreamReader(bytes.NewReader(long), ReaderOptions{MaxTokenSize: 8192, BufferSize: 256})
	if raw := r.Raw(); !bytes.Equal(raw, long) {
		t.Errorf("Raw through a stream: %d bytes, %v", len(raw), r.Err())
	}
}

func checkTokens(t *testing.T, r *Reader) {
	t.Helper()
	trace(r, modeTokens)
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
}

// TestDecodeBufferSizing checks the decode buffer policy: steady large documents keep the buffer, a
// one-off huge one is released once the small documents after it have pushed it out of the recent
// ones (2*jsonread.KeepDocs at most).
func TestDecodeBufferSizing(t *testing.T) {
	esc := func(n int) []byte {
		q, _ := AppendQuote(nil, strings.Repeat("a\n", n/2))
		return q
	}
	large, huge, small := esc(100_000), esc(10_000_000), esc(100)
	r := NewReader(nil)
	read := func(doc []byte) {
		r.Reset(doc)
		r.StringBytes()
		if err := r.End(); err != nil {
			t.Fatal(err)
		}
	}
	read(large)
	c, first := cap(r.str), &r.str[:1][0]
	for range 10 {
		read(large)
		if cap(r.str) != c || &r.str[:1][0] != first {
			t.Fatalf("steady large documents regrew the buffer: %d -> %d", c, cap(r.str))
		}
	}
	allocs := testing.AllocsPerRun(10, func() { read(large) })
	if allocs != 0 {
		t.Errorf("steady large documents allocate %v times per document", allocs)
	}
	read(huge)
	if cap(r.str) < 10_000_000 {
		t.Fatalf("huge document: buffer %d", cap(r.str))
	}
	for range 2 * jsonread.KeepDocs {
		read(small)
	}
	if cap(r.str) > 100_000 {
		t.Errorf("buffer of %d bytes kept after a one-off huge document", cap(r.str))
	}
}

// TestBufferKeepsRecent alternates a document holding a 1.25 MiB string with small ones, from
// memory and from an io.Reader: once warm, the buffers (the decode buffer, and the stream window)
// keep the size the large document needs, and no document allocates. Reading with Reset or
// ResetReader to a fresh buffer after each small one reallocated 6.3 MiB per large document.
func TestBufferKeepsRecent(t *testing.T) {
	q, _ := AppendQuote(nil, strings.Repeat("ab\n", 1<<20/3*5/4)) // 1.25 MiB, escaped: decoded into r.str
	large, small := []byte(`{"a":`+string(q)+`}`), []byte(`{"a":"x\ty"}`)
	for _, gap := range []int{1, 3, jsonread.KeepDocs - 1} { // small documents between two large ones
		mem := NewReader(nil)
		src := bytes.NewReader(nil)
		stream := NewStreamReader(src)
		read := func(doc []byte) {
			mem.Reset(doc)
			src.Reset(doc)
			stream.ResetReader(src)
			for _, r := range []*Reader{mem, stream} {
				for obj := r.Object(); obj.Next(); {
					r.StringBytes()
				}
				if err := r.End(); err != nil {
					t.Fatal(err)
				}
			}
		}
		cycle := func() {
			read(large)
			for range gap {
				read(small)
			}
		}
		cycle()
		cycle()
		if n := testing.AllocsPerRun(5, cycle); n != 0 {
			t.Errorf("a large document among %d small ones: %v allocations per cycle", gap, n)
		}
		if cap(mem.str) < len(q)/2 || cap(stream.str) < len(q)/2 || len(stream.win) < len(q) {
			t.Errorf("buffers %d, %d, %d after a small document", cap(mem.str), cap(stream.str), len(stream.win))
		}
	}
}

func TestReaderZeroAllocs(t *testing.T) {
	doc := benchDoc()
	var r Reader
	r.opts.fill(nil)
	stream := NewStreamReader(bytes.NewReader(doc))
	src := bytes.NewReader(doc)
	for name, f := range map[string]func(){
		"tokens":       func() { r.Reset(doc); walk(&r) },
		"skip":         func() { r.Reset(doc); r.SkipValue() },
		"raw":          func() { r.Reset(doc); r.Raw() },
		"stream-skip":  func() { src.Reset(doc); stream.ResetReader(src); stream.SkipValue() },
		"stream-token": func() { src.Reset(doc); stream.ResetReader(src); walk(stream) },
	} {
		f()
		if r.Err() != nil || stream.Err() != nil {
			t.Fatal(r.Err(), stream.Err())
		}
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations per document", name, n)
		}
	}
	esc := []byte(`["a\nb", "\u00e9\ud83d\ude00", 123, -1.5e3, true, null]`)
	if n := testing.AllocsPerRun(100, func() { r.Reset(esc); walk(&r) }); n != 0 {
		t.Errorf("escaped strings: %v allocations", n)
	}
}

// walk reads every token with the zero-allocation methods.
func walk(r *Reader) {
	switch r.Kind() {
	case KindObject:
		for obj := r.Object(); obj.Next(); {
			_ = obj.Name()
			walk(r)
		}
	case KindArray:
		for arr := r.Array(); arr.Next(); {
			walk(r)
		}
	case KindString:
		r.StringBytes()
	case KindNumber:
		r.Float64()
	case KindBool:
		r.Bool()
	default:
		r.SkipValue()
	}
}

// benchDoc is a document of a few hundred KB: records with names, numbers, escaped and non-ASCII
// strings, nested arrays and objects, and the cost-model strings.
func benchDoc() []byte {
	var b bytes.Buffer
	b.WriteString(`{"meta": {"count": 800, "generator": "stride tests", "vast": `)
	q, _ := AppendQuote(nil, corpus.VAST(corpus.VASTLen))
	b.Write(q)
	b.WriteString(`, "text": `)
	q, _ = AppendQuote(nil, corpus.NonASCII(4000))
	b.Write(q)
	b.WriteString(`}, "items": `)
	b.Write(itemsDoc(800))
	b.WriteString("}")
	return b.Bytes()
}

// itemsDoc is an array of n records with short tokens.
func itemsDoc(n int) []byte {
	var b bytes.Buffer
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(`{"id": ` + strconv.Itoa(100000+i*37) + `, "name": "item ` + strconv.Itoa(i) + `", "price": ` +
			strconv.FormatFloat(float64(i)*1.25+0.01, 'f', -1, 64) + `, "ok": ` + strconv.FormatBool(i%3 == 0) +
			`, "tags": ["alpha", "beta \"quoted\"", "gamma\n"], "dims": {"w": ` + strconv.Itoa(i%640) + `, "h": -` +
			strconv.Itoa(i%480) + `, "scale": 1.5e-3}, "note": null, "desc": "Thirty seconds of outdoor gear for the spring season, caf\u00e9 \u2603"}`)
	}
	b.WriteString("]")
	return b.Bytes()
}

var _ = io.EOF

func TestReaderUsageErrors(t *testing.T) {
	for _, read := range []func(r *Reader){
		func(r *Reader) { r.Array(); r.Int64() },
		func(r *Reader) {
			arr := r.Array()
			arr.Next()
			r.Int64()
			r.Int64()
		},
	} {
		r := NewReader([]byte(`[1, 2]`))
		read(r)
		if r.Err() != errUsage {
			t.Errorf("error %v, want the usage error", r.Err())
		}
	}
}

// TestStreamBufferSizing checks the stream buffer policy: it grows only for a long token, keeps its
// size for a steady stream of such documents, and lets go after a one-off huge one once the small
// documents after it have pushed it out of the recent ones.
func TestStreamBufferSizing(t *testing.T) {
	doc := func(n int) []byte { return []byte(`{"s": "` + strings.Repeat("x", n) + `", "n": [1, 2, 3]}`) }
	large, huge, small := doc(100_000), doc(10_000_000), doc(10)
	var r Reader
	src := bytes.NewReader(nil)
	read := func(d []byte) {
		src.Reset(d)
		r.ResetReader(src)
		r.Raw() // the value whole: a token of its size
		if err := r.End(); err != nil {
			t.Fatal(err)
		}
	}
	read(small)
	if len(r.win) != defaultBufferSize {
		t.Fatalf("buffer %d for short tokens", len(r.win))
	}
	read(large)
	c := len(r.win)
	if c < 100_000 || c > 2*100_000+64 {
		t.Fatalf("buffer %d for a 100 KB token", c)
	}
	if n := testing.AllocsPerRun(10, func() { read(large) }); n != 0 || len(r.win) != c {
		t.Errorf("steady large documents: %v allocations, buffer %d -> %d", n, c, len(r.win))
	}
	read(huge)
	for range 2 * jsonread.KeepDocs { // out of the recent documents
		read(small)
	}
	if len(r.win) > defaultBufferSize {
		t.Errorf("buffer of %d bytes kept after a one-off huge document", len(r.win))
	}
	// Skipped, a huge string needs no room of its size.
	src.Reset(huge)
	r.ResetReader(src)
	if r.SkipValue(); r.End() != nil || len(r.win) > 4*strDropFrom {
		t.Errorf("skipping a 10 MB string: %v, buffer %d", r.Err(), len(r.win))
	}
}

func TestZeroReader(t *testing.T) {
	var r Reader
	r.Reset([]byte(`[[1]]`))
	if !valid(&r) {
		t.Fatal(r.Err())
	}
}
