package stride

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/faulty"
	"github.com/stridejson/stride/stream"
)

type optPerson struct {
	Name string
	Age  int `json:"age"`
}

// optCase is one input decoded under options. A case with errSub wants a *stream.SyntaxError
// whose message holds errSub (at offset off, unless off is -1); otherwise it wants the value
// want. Unless same is set, the case must come out differently without the options, so that it
// fails when they are ignored.
type optCase struct {
	name   string
	opts   UnmarshalOptions
	data   string
	fresh  func() any
	want   any
	errSub string
	off    int64
	same   bool
}

func newAny() any       { return new(any) }
func newPerson() any    { return new(optPerson) }
func newStrMap() any    { return new(map[string]int) }
func newIntMap() any    { return new(map[int]int) }
func newString() any    { return new(string) }
func newFolded() any    { return new(Folded) }
func ptr[T any](v T) *T { return &v }

var (
	caseSensitive = UnmarshalOptions{CaseSensitive: true}
	rejectDups    = UnmarshalOptions{RejectDuplicateNames: true}
	rejectUTF8    = UnmarshalOptions{RejectInvalidUTF8: true}
	anyMap        = func(kv ...any) *any {
		m := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		var x any = m
		return &x
	}
)

var optCases = []optCase{
	// CaseSensitive
	{name: "case/lower", opts: caseSensitive, data: `{"name":"x","age":3}`, fresh: newPerson, want: &optPerson{Age: 3}},
	{name: "case/upper tag", opts: caseSensitive, data: `{"Name":"x","AGE":3}`, fresh: newPerson, want: &optPerson{Name: "x"}},
	{name: "case/exact", opts: caseSensitive, data: `{"Name":"x","age":3}`, fresh: newPerson, want: &optPerson{"x", 3}, same: true},
	{name: "case/unicode fold", opts: caseSensitive, data: `{"ſkey":"t","SKEY":"s","aB":1}`, fresh: newFolded, want: &Folded{SKey: "t"}},
	{name: "case/unknown", opts: UnmarshalOptions{CaseSensitive: true, DisallowUnknownFields: true},
		data: `{"name":"x"}`, fresh: newPerson, want: errors.New(`json: unknown field "name"`)},
	{name: "case/dups", opts: UnmarshalOptions{CaseSensitive: true, RejectDuplicateNames: true},
		data: `{"Name":"a","NAME":"b"}`, fresh: newPerson, want: &optPerson{Name: "a"}},

	// RejectDuplicateNames
	{name: "dup/any", opts: rejectDups, data: `{"a":1,"b":2,"a":3}`, fresh: newAny, errSub: `duplicate object key "a"`, off: 13},
	{name: "dup/escaped", opts: rejectDups, data: `{"a":1,"\u0061":2}`, fresh: newStrMap, errSub: `duplicate object key "a"`, off: 7},
	{name: "dup/nested", opts: rejectDups, data: `[{"x":{"k":1,"k":2}}]`, fresh: newAny, errSub: `key "k" at line 1, column 14 (offset 13), within /0/x`, off: 13},
	{name: "dup/skipped", opts: rejectDups, data: `{"Name":"n","other":{"k":1,"k":1}}`, fresh: newPerson, errSub: `duplicate object key "k"`, off: 27},
	{name: "dup/folded field", opts: rejectDups, data: `{"Name":"a","NAME":"b"}`, fresh: newPerson, errSub: `duplicate object key "NAME" for field stride.optPerson.Name`, off: 12},
	{name: "dup/folded tag", opts: rejectDups, data: "{\"age\":1,\n \"A\\u0047e\" : 2}", fresh: newPerson, errSub: `"AGe" for field stride.optPerson.age at line 2, column 2 (offset 11)`, off: 11},
	{name: "dup/int key", opts: rejectDups, data: `{"1":1,"01":2}`, fresh: newIntMap, errSub: `duplicate object key "01" for map key 1`, off: 7},
	{name: "dup/separate objects", opts: rejectDups, data: `[{"a":1},{"a":2}]`, fresh: newAny, want: &[]any{}, same: true},

	// RejectInvalidUTF8
	{name: "utf8/string", opts: rejectUTF8, data: "\"a\xffb\"", fresh: newString, errSub: "invalid UTF-8 in string literal", off: 2},
	{name: "utf8/name", opts: rejectUTF8, data: "{\"n\xc3\":1}", fresh: newAny, errSub: "invalid UTF-8 in object key", off: 3},
	{name: "utf8/surrogate", opts: rejectUTF8, data: `["ok","\ud800"]`, fresh: newAny, errSub: "unpaired surrogate escape in string literal at line 1, column 8 (offset 7), within /1", off: 7},
	{name: "utf8/skipped", opts: rejectUTF8, data: "{\"x\":\"\xed\xa0\x80\",\"Name\":\"n\"}", fresh: newPerson, errSub: "invalid UTF-8", off: 6},
	{name: "utf8/valid", opts: rejectUTF8, data: `"héllo 😀 \u00e9\ud83d\ude00"`, fresh: newString, want: ptr("héllo 😀 é😀"), same: true},

	// MaxDepth
	{name: "depth/within", opts: UnmarshalOptions{MaxDepth: 2}, data: `[[1],{"a":2}]`, fresh: newAny, want: nil, same: true},
	{name: "depth/array", opts: UnmarshalOptions{MaxDepth: 2}, data: `[[[1]]]`, fresh: newAny, errSub: "nesting depth exceeds the limit of 2", off: 2},
	{name: "depth/object", opts: UnmarshalOptions{MaxDepth: 2}, data: `{"a":{"b":{}}}`, fresh: newAny, errSub: "limit of 2 at line 1, column 11 (offset 10), within /a/b", off: 10},
	{name: "depth/skipped", opts: UnmarshalOptions{MaxDepth: 1}, data: `{"x":[1]}`, fresh: newPerson, errSub: "limit of 1", off: 5},
	{name: "depth/above default", opts: UnmarshalOptions{MaxDepth: 20_000}, data: strings.Repeat("[", 15_000) + strings.Repeat("]", 15_000), fresh: newAny},

	// MaxInputSize
	{name: "size/fits", opts: UnmarshalOptions{MaxInputSize: 5}, data: `[1,2]`, fresh: newAny, same: true},
	{name: "size/over", opts: UnmarshalOptions{MaxInputSize: 5}, data: `[1,2] `, fresh: newAny, errSub: "input exceeds the limit of 5 bytes", off: 5},

	// UseNumber, DisallowUnknownFields
	{name: "number", opts: UnmarshalOptions{UseNumber: true}, data: `{"a":1.50}`, fresh: newAny, want: anyMap("a", Number("1.50"))},
	{name: "unknown", opts: UnmarshalOptions{DisallowUnknownFields: true}, data: `{"Name":"n","x":1}`, fresh: newPerson, want: errors.New(`json: unknown field "x"`)},
}

// TestUnmarshalOptions decodes each case under its options, and without them (where it must come
// out differently, but for cases marked same).
func TestUnmarshalOptions(t *testing.T) {
	for _, c := range optCases {
		t.Run(c.name, func(t *testing.T) {
			got := c.fresh()
			err := c.opts.Unmarshal([]byte(c.data), got)
			checkOptResult(t, c, got, err)

			plain := c.fresh()
			plainErr := Unmarshal([]byte(c.data), plain)
			differs := !sameError(err, plainErr) || !reflect.DeepEqual(got, plain)
			if differs == c.same {
				t.Errorf("with the options: %v %#v; without: %v %#v; same=%v", err, deref(got), plainErr, deref(plain), c.same)
			}
		})
	}
}

// checkOptResult checks the outcome of a case: its *stream.SyntaxError, its error of another
// type (want holds an error), or its value (compared with want, or for a nil want with what
// encoding/json decodes).
func checkOptResult(t *testing.T, c optCase, got any, err error) {
	t.Helper()
	if c.errSub != "" || c.off != 0 {
		var se *stream.SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("error %T %v, want a *stream.SyntaxError", err, err)
		}
		if !strings.Contains(se.Error(), c.errSub) || c.off >= 0 && se.Offset != c.off {
			t.Fatalf("error %q (offset %d), want one with %q at offset %d", se, se.Offset, c.errSub, c.off)
		}
		return
	}
	if want, ok := c.want.(error); ok {
		if err == nil || err.Error() != want.Error() {
			t.Fatalf("error %v, want %v", err, want)
		}
		return
	}
	if err != nil {
		t.Fatalf("error %v", err)
	}
	want := c.want
	if want == nil || c.name == "dup/separate objects" {
		want = c.fresh()
		if err := json.Unmarshal([]byte(c.data), want); err != nil {
			// Deeper than encoding/json goes: compare with a plain decode through Reader.
			want = deepArray(strings.Count(c.data, "["))
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v, want %#v", deref(got), deref(want))
	}
}

// deepArray returns n nested empty arrays, as decoded into an *any.
func deepArray(n int) *any {
	var x any = []any{}
	for range n - 1 {
		x = []any{x}
	}
	return &x
}

// TestUnmarshalOptionsZero checks that the zero options, and options that only set what
// encoding/json's Decoder can set, decode as encoding/json does (values and errors).
func TestUnmarshalOptionsZero(t *testing.T) {
	inputs := []string{`{"name":"x","AGE":3,"Name":"y"}`, `{"a":1,"a":2}`, "\"a\xffb\"", `"\ud800"`, `[1,2`,
		`{"Name":1}`, `{"x":1}`, `[[[[[]]]]]`, strings.Repeat("[", 10_001), `1.5e3`, ` {"age":"7"} `, `nul`}
	for _, in := range inputs {
		for _, fresh := range []func() any{newAny, newPerson, newIntMap} {
			for _, o := range []UnmarshalOptions{{}, {UseNumber: true}, {DisallowUnknownFields: true}} {
				got, want := fresh(), fresh()
				err := o.Unmarshal([]byte(in), got)
				dec := json.NewDecoder(strings.NewReader(in))
				if o.UseNumber {
					dec.UseNumber()
				}
				if o.DisallowUnknownFields {
					dec.DisallowUnknownFields()
				}
				wantErr := dec.Decode(want)
				if wantErr == nil && dec.More() {
					wantErr = errors.New("trailing data")
				}
				if o == (UnmarshalOptions{}) {
					want = fresh()
					wantErr = json.Unmarshal([]byte(in), want)
				}
				if (err == nil) != (wantErr == nil) || err == nil && !reflect.DeepEqual(got, want) ||
					o == (UnmarshalOptions{}) && !sameError(err, wantErr) {
					t.Errorf("%+v.Unmarshal(%q) into %T: %v %#v, want %v %#v", o, in, got, err, deref(got), wantErr, deref(want))
				}
			}
		}
	}
}

// TestUnmarshalOptionsSyntax checks that invalid JSON gets encoding/json's error under every
// strict option, even where an option's rule is broken first.
func TestUnmarshalOptionsSyntax(t *testing.T) {
	inputs := []string{`{"a":1,"a":2`, "[\"\xff\",]", `[[[[1]]]`, `[[[[1]]]] x`, `{"a":1,"a" 2}`, ``, `"\ud800`}
	opts := []UnmarshalOptions{rejectDups, rejectUTF8, {MaxDepth: 2}, {MaxDepth: 2, RejectDuplicateNames: true, RejectInvalidUTF8: true}}
	for _, in := range inputs {
		wantErr := json.Unmarshal([]byte(in), new(any))
		for _, o := range opts {
			err := o.Unmarshal([]byte(in), new(any))
			if !sameError(err, wantErr) {
				t.Errorf("%+v.Unmarshal(%q): %T %v, want %T %v", o, in, err, err, wantErr, wantErr)
			}
		}
	}
}

// TestDeepInput decodes 10 million nested arrays: the limits are found by a scan that needs no
// stack for depth, so this is quick and runs under a small stack limit (a recursive decoder
// would overflow it, which ends the test binary).
func TestDeepInput(t *testing.T) {
	n := 10_000_000
	if raceEnabled {
		n = 1_000_000 // the race detector makes each byte scanned cost ten times as much
	}
	open := strings.Repeat("[", n)
	docs := map[string][]byte{"unclosed": []byte(open), "closed": []byte(open + strings.Repeat("]", n))}
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	for name, doc := range docs {
		for _, o := range []UnmarshalOptions{{}, {MaxDepth: 100}, {MaxDepth: 50_000, RejectDuplicateNames: true}} {
			start := time.Now()
			err := o.Unmarshal(doc, new(any))
			if err == nil {
				t.Fatalf("%s %+v: no error", name, o)
			}
			d := time.Since(start)
			dec := NewDecoder(bytes.NewReader(doc))
			dec.SetOptions(o)
			if dec.Decode(new(any)) == nil {
				t.Fatalf("%s %+v: Decoder: no error", name, o)
			}
			if limit := 5 * time.Second; d > limit && !raceEnabled {
				t.Errorf("%s %+v: %v, more than %v: %v", name, o, d, limit, err)
			}
		}
	}
}

// TestDecoderOptions reads streams with options through input arriving in short pieces: values
// and errors must be those of UnmarshalOptions on each value alone, with error offsets moved to
// the stream.
func TestDecoderOptions(t *testing.T) {
	for _, c := range optCases {
		if c.opts.MaxInputSize > 0 || c.name == "depth/above default" {
			continue // see TestDecoderMaxInputSize; too slow in pieces
		}
		for seed := range uint64(3) {
			c := c
			data := "  " + c.data
			if !strings.HasPrefix(c.data, `"`) { // a number-like top-level string never ends
				data = `[true] ` + data + " "
			}
			dec := NewDecoder(faulty.NewReader([]byte(data), seed, 7))
			dec.SetOptions(c.opts)
			base := int64(strings.Index(data, c.data))
			if base > 2 {
				if err := dec.Decode(new(any)); err != nil {
					t.Fatalf("%s: first value: %v", c.name, err)
				}
			}
			got := c.fresh()
			err := dec.Decode(got)
			var se *stream.SyntaxError
			if errors.As(err, &se) && base > 2 {
				moved := *se
				moved.Offset -= base - 2 // as if the value came first, after its two spaces
				if se.Line != 0 {
					t.Errorf("%s: line %d for a value after the first", c.name, se.Line)
				}
				err = &moved
			}
			if c.errSub != "" || c.off != 0 {
				c.errSub = strings.SplitN(c.errSub, " at line", 2)[0]
				if c.off >= 0 {
					c.off += 2
				}
			}
			checkOptResult(t, c, got, err)
		}
	}
}

// TestDecoderMaxInputSize checks that MaxInputSize bounds each value a Decoder reads, not the
// stream, and stops reading at the limit.
func TestDecoderMaxInputSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		lim  int64
		want []string // each Decode's value as JSON, or "error"
	}{
		{`[1,2] [3,4] 5 "s"`, 6, []string{`[1,2]`, `[3,4]`, `5`, `"s"`}},
		{`[1,2] [3,4,5,6]`, 6, []string{`[1,2]`, "error"}},
		{`123456 1234567`, 7, []string{`123456`, "error"}},
		{`"abcd"     true`, 6, []string{`"abcd"`, "error"}},
		{`{"a":[1,2,3,4,5,6,7,8,9]}`, 10, []string{"error"}},
	} {
		dec := NewDecoder(strings.NewReader(tc.in))
		dec.SetOptions(UnmarshalOptions{MaxInputSize: tc.lim})
		for i, want := range tc.want {
			var v any
			err := dec.Decode(&v)
			got := "error"
			if err == nil {
				b, _ := json.Marshal(v)
				got = string(b)
			} else if !strings.Contains(err.Error(), "input exceeds the limit") {
				t.Errorf("%q value %d: %v", tc.in, i, err)
			}
			if got != want {
				t.Errorf("%q limit %d value %d: %s (%v), want %s", tc.in, tc.lim, i, got, err, want)
			}
		}
	}
	// A value far larger than the limit is not read whole.
	r := &countingReader{r: strings.NewReader("[" + strings.Repeat("1,", 1<<20) + "1]")}
	dec := NewDecoder(r)
	dec.SetOptions(UnmarshalOptions{MaxInputSize: 1000})
	if err := dec.Decode(new(any)); err == nil || r.n > 64<<10 {
		t.Errorf("error %v after reading %d bytes", err, r.n)
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestTokenOptions checks the options that apply to the tokens Token reads.
func TestTokenOptions(t *testing.T) {
	in := "{\"a\":[\"ok\",\"b\xffd\"],\"n\xff\":123456789}"
	for _, tc := range []struct {
		opts UnmarshalOptions
		want string // the tokens read, then the error
	}{
		{UnmarshalOptions{}, "{ a [ ok b\ufffdd ] n\ufffd 1.23456789e+08 } EOF"},
		{rejectUTF8, "{ a [ ok stride: invalid UTF-8 in string literal (offset 13)"},
		{UnmarshalOptions{MaxInputSize: 8}, "{ a [ ok b\ufffdd ] n\ufffd stride: input exceeds the limit of 8 bytes (offset 31)"},
	} {
		dec := NewDecoder(strings.NewReader(in))
		dec.SetOptions(tc.opts)
		var got []string
		for {
			tok, err := dec.Token()
			if err != nil {
				got = append(got, err.Error())
				break
			}
			got = append(got, fmt.Sprint(tok))
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("%+v:\n got %s\nwant %s", tc.opts, s, tc.want)
		}
	}
}

// TestDecoderSetOptionsZero checks that SetOptions with the options encoding/json's Decoder has
// decodes streams exactly as it does.
func TestDecoderSetOptionsZero(t *testing.T) {
	for _, s := range streams {
		for _, mode := range []string{"any", "number", "struct", "strict"} {
			ours := NewDecoder(strings.NewReader(s))
			ours.SetOptions(UnmarshalOptions{UseNumber: mode == "number", DisallowUnknownFields: mode == "strict"})
			theirs := json.NewDecoder(strings.NewReader(s))
			if mode == "number" {
				theirs.UseNumber()
			}
			if mode == "strict" {
				theirs.DisallowUnknownFields()
			}
			for i := 0; i < 8; i++ {
				var got, want any = new(any), new(any)
				if mode == "struct" || mode == "strict" {
					got, want = new(decTarget), new(decTarget)
				}
				err, wantErr := ours.Decode(got), theirs.Decode(want)
				if !sameError(err, wantErr) || !reflect.DeepEqual(got, want) || ours.InputOffset() != theirs.InputOffset() {
					t.Errorf("%q %s value %d: %v %v, want %v %v", s, mode, i, err, deref(got), wantErr, deref(want))
					break
				}
				if err != nil {
					break
				}
			}
		}
	}
}

// optValue holds every kind of string the encoder writes: values, map keys, member names (one
// with '/' and '<' in its tag), MarshalJSON and MarshalText output, []byte and `string` fields.
type optValue struct {
	S     string
	Slash string            `json:"a/<b>"`
	M     map[string]string `json:"m"`
	Raw   RawMessage
	Val   ValM
	Text  *PtrT
	Bytes []byte
	Q     string `json:",string"`
	Any   any
}

var optSample = optValue{
	S: "<a&b> é \u2028 😀 / \x7f", Slash: "x", M: map[string]string{"k/é": "v<"},
	Raw: RawMessage(` { "r/é" : ["<\u00e9>", "é/\u2028"] } `), Val: ValM{"é/"}, Text: &PtrT{"/é"},
	Bytes: []byte{0xfb, 0xff, 0xbf}, Q: "q/é", Any: []any{"é", map[string]any{"/": 1}},
}

// TestMarshalOptionsEscapers writes optSample under each escaping policy: the presets match
// encoding/json byte for byte; the others differ from the default (so the test fails if the
// Escaper is ignored), decode to what the default output decodes to, and hold no character the
// policy escapes.
func TestMarshalOptionsEscapers(t *testing.T) {
	want, _ := json.Marshal(optSample)
	var noHTML bytes.Buffer
	enc := json.NewEncoder(&noHTML)
	enc.SetEscapeHTML(false)
	enc.Encode(optSample)
	wantNoHTML := bytes.TrimSuffix(noHTML.Bytes(), []byte("\n"))
	for _, tc := range []struct {
		name    string
		esc     *stream.Escaper
		want    []byte // exact output, or nil
		allowed func(r rune) bool
	}{
		{"nil", nil, want, nil},
		{"EncodingJSON", stream.EncodingJSON, want, nil},
		{"EncodingJSONNoHTML", stream.EncodingJSONNoHTML, wantNoHTML, nil},
		{"Minimal", stream.Minimal, nil, func(r rune) bool { return r != utf8.RuneError }},
		{"NonASCII", stream.NewEscaper(stream.EscapeNonASCII, ""), nil, func(r rune) bool { return r < utf8.RuneSelf }},
		{"Slash", stream.NewEscaper(stream.EscapeSlash|stream.EscapeHTML, ""), nil, func(r rune) bool { return !strings.ContainsRune("/<>&", r) }},
		{"extra", stream.NewEscaper(0, "+/k"), nil, func(r rune) bool { return !strings.ContainsRune("/+k", r) }},
	} {
		got, err := MarshalOptions{Escaper: tc.esc}.Marshal(optSample)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tc.want != nil {
			if !bytes.Equal(got, tc.want) {
				t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
			}
			continue
		}
		if bytes.Equal(got, want) {
			t.Errorf("%s: the same output as the default: %s", tc.name, got)
		}
		var a, b any
		if err := json.Unmarshal(got, &a); err != nil {
			t.Fatalf("%s: %v in %s", tc.name, err, got)
		}
		json.Unmarshal(want, &b)
		unquoteQ(a)
		unquoteQ(b)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: decodes to %v, the default output to %v", tc.name, a, b)
		}
		for _, r := range string(got) {
			if r != '"' && r != '\\' && r != ':' && r != 'k' && !tc.allowed(r) && insideString(got, r) {
				t.Errorf("%s: %q written raw in %s", tc.name, r, got)
				break
			}
		}
	}
}

// unquoteQ replaces the text of the `string` field Q in x, a decoded optValue, by the string
// it spells: its escaping depends on the Escaper too.
func unquoteQ(x any) {
	if m, ok := x.(map[string]any); ok {
		var s string
		json.Unmarshal([]byte(m["Q"].(string)), &s)
		m["Q"] = s
	}
}

// insideString reports whether r occurs raw inside a string literal of the JSON text b.
func insideString(b []byte, r rune) bool {
	in := false
	for i := 0; i < len(b); {
		c, n := utf8.DecodeRune(b[i:])
		switch {
		case in && c == '\\':
			n++
		case c == '"':
			in = !in
		case in && c == r:
			return true
		}
		i += n
	}
	return false
}

// TestMarshalOptionsCustomGenerated writes generated values with Escapers built to the policies
// of the presets: they take the custom path, whose output must still be encoding/json's.
func TestMarshalOptionsCustomGenerated(t *testing.T) {
	html := MarshalOptions{Escaper: stream.NewEscaper(stream.EncodingJSON.Flags(), "")}
	noHTML := MarshalOptions{Escaper: stream.NewEscaper(stream.EncodingJSONNoHTML.Flags(), ""), Indent: "\t"}
	g := newTypeGen(7)
	n := 600
	if testing.Short() {
		n = 150
	}
	for i := range n {
		typ := g.typ(0)
		v := g.value(typ, 0).Interface()
		want, wantErr := json.Marshal(v)
		got, err := html.Marshal(v)
		sameResult(t, fmt.Sprintf("#%d %v html", i, typ), got, err, want, wantErr)

		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "\t")
		wantErr = enc.Encode(v)
		// Not escaping HTML, encoding/json leaves U+2028 and U+2029 raw in MarshalJSON output;
		// a custom Escaper escapes them there as everywhere.
		want = bytes.ReplaceAll(buf.Bytes(), []byte("\u2028"), []byte(`\u2028`))
		want = bytes.ReplaceAll(want, []byte("\u2029"), []byte(`\u2029`))
		got, err = noHTML.Marshal(v)
		sameResult(t, fmt.Sprintf("#%d %v no HTML", i, typ), append(got, '\n'), err, want, wantErr)
		if t.Failed() {
			return
		}
	}
}

// TestMarshalOptionsRejectInvalidUTF8 finds invalid UTF-8 wherever a string is written.
func TestMarshalOptionsRejectInvalidUTF8(t *testing.T) {
	strict := MarshalOptions{Escaper: stream.NewEscaper(stream.EscapeHTML|stream.RejectInvalidUTF8, "")}
	bad := "ok\xff"
	for _, tc := range []struct {
		name string
		v    any
		off  int64
	}{
		{"string", bad, 2},
		{"map key", map[string]int{bad: 1}, 2},
		{"field", struct{ S string }{bad}, 2},
		{"quoted field", struct {
			S string `json:",string"`
		}{bad}, 2},
		{"MarshalText", &PtrT{"\xc3("}, 2},
		{"MarshalJSON", RawMessage("[1,\"ab\xe2\x82\"]"), 6},
		{"deep", []any{1, map[string]any{"a": []string{"x", bad}}}, 2},
	} {
		got, err := strict.Marshal(tc.v)
		var u *stream.InvalidUTF8Error
		if !errors.As(err, &u) || u.Offset != tc.off {
			t.Errorf("%s: %q, %v; want an *InvalidUTF8Error at %d", tc.name, got, err, tc.off)
		}
		if _, err := Marshal(tc.v); err != nil {
			t.Errorf("%s: Marshal fails too: %v", tc.name, err)
		}
	}
	if got, err := strict.Marshal(optSample); err != nil || !json.Valid(got) {
		t.Errorf("valid UTF-8: %s %v", got, err)
	}
}

// TestMarshalOptionsIndent compares Prefix and Indent with MarshalIndent.
func TestMarshalOptionsIndent(t *testing.T) {
	for _, ind := range [][2]string{{"", "  "}, {">", "\t"}, {"#", ""}} {
		want, _ := json.MarshalIndent(optSample, ind[0], ind[1])
		got, err := MarshalOptions{Prefix: ind[0], Indent: ind[1]}.Marshal(optSample)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%q: %s %v\nwant %s", ind, got, err, want)
		}
	}
}

// TestEncoderSetOptions streams values larger than a chunk under each option: the Encoder writes
// what MarshalOptions.Marshal returns, and SetEscapeHTML and SetIndent still work afterwards.
func TestEncoderSetOptions(t *testing.T) {
	long := strings.Repeat("é/<ab>\u2028", 3000)
	v := []any{optSample, map[string]any{long: long, "b": []byte(long)}, long}
	for _, o := range []MarshalOptions{
		{}, {Escaper: stream.Minimal}, {Escaper: stream.NewEscaper(stream.EscapeNonASCII|stream.EscapeSlash, "b")},
		{Escaper: stream.EncodingJSONNoHTML, Prefix: "-", Indent: " "}, {Indent: "\t"},
	} {
		want, err := o.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		enc := NewEncoder(&buf)
		enc.SetOptions(o)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		if got := buf.Bytes(); !bytes.Equal(got, append(want, '\n')) {
			t.Errorf("%+v: Encoder wrote %d bytes, Marshal %d", o, len(got), len(want))
		}
	}
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	enc.SetOptions(MarshalOptions{Escaper: stream.Minimal, Indent: "  "})
	enc.SetEscapeHTML(true)
	enc.SetIndent("", "")
	enc.Encode("<é>")
	if got := buf.String(); got != "\"\\u003cé\\u003e\"\n" {
		t.Errorf("after SetEscapeHTML and SetIndent: %q", got)
	}
	// A string rejected part way through a long value: what was written is a prefix of the
	// output, and nothing follows the error.
	buf.Reset()
	enc = NewEncoder(&buf)
	enc.SetOptions(MarshalOptions{Escaper: stream.NewEscaper(stream.RejectInvalidUTF8, "")})
	bad := []string{long, long, long + "\xff" + long, long}
	err := enc.Encode(bad)
	var u *stream.InvalidUTF8Error
	if !errors.As(err, &u) || u.Offset != int64(len(long)) {
		t.Fatalf("error %v, want an *InvalidUTF8Error at %d", err, len(long))
	}
	full, _ := MarshalOptions{Escaper: stream.Minimal}.Marshal(bad)
	if !bytes.HasPrefix(full, buf.Bytes()) || buf.Len() == 0 || buf.Len() > 3*len(long)+8<<10 {
		t.Errorf("wrote %d bytes, not a prefix of the %d-byte output up to the error", buf.Len(), len(full))
	}
}

// TestRejectDuplicateNamesWideStruct decodes into a struct of 150 fields, whose set of fields
// seen spills past its first word, a name repeated case-insensitively at each field.
func TestRejectDuplicateNamesWideStruct(t *testing.T) {
	fields := make([]reflect.StructField, 150)
	for i := range fields {
		fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: reflect.TypeFor[int]()}
	}
	typ := reflect.StructOf(fields)
	var all []string
	for i := range fields {
		all = append(all, fmt.Sprintf(`"F%d":%d`, i, i))
	}
	if err := rejectDups.Unmarshal([]byte("{"+strings.Join(all, ",")+"}"), reflect.New(typ).Interface()); err != nil {
		t.Fatal(err)
	}
	for i := range fields {
		data := []byte("{" + strings.Join(all, ",") + fmt.Sprintf(`,"f%d":0}`, i) + "}")
		err := rejectDups.Unmarshal(data[:len(data)-1], reflect.New(typ).Interface())
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf(`key "f%d" for field`, i)) {
			t.Fatalf("field %d: %v", i, err)
		}
	}
}
