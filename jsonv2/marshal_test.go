package json

import (
	"bytes"
	"errors"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
	"github.com/stridejson/stride/jsontext"
)

// TestMarshal holds Marshal to encoding/json/v2's documented defaults on every toolchain (the
// tests built on Go 1.27 compare with the standard package itself).
func TestMarshal(t *testing.T) {
	type inner struct{ X int }
	type outer struct {
		inner
		S   []int
		M   map[string]int
		P   *int
		E   string `json:",omitempty"`
		Z   int    `json:",omitzero"`
		N   int    `json:"n,string"`
		H   string
		Raw []byte
	}
	for _, c := range []struct {
		v    any
		opts []Options
		want string
	}{
		{outer{H: "<&>", N: 5}, nil, `{"X":0,"S":[],"M":{},"P":null,"n":"5","H":"<&>","Raw":""}`},
		{outer{}, []Options{FormatNilSliceAsNull(true), FormatNilMapAsNull(true), jsontext.EscapeForHTML(true)},
			`{"X":0,"S":null,"M":null,"P":null,"n":"0","H":"","Raw":null}`},
		{map[int]string{2: "b", 1: "a", 10: "c"}, []Options{Deterministic(true)}, `{"1":"a","10":"c","2":"b"}`},
		{[]float64{1, 1e21, 0.5}, []Options{StringifyNumbers(true)}, `["1","1e+21","0.5"]`},
		{[2]byte{1, 2}, nil, `"AQI="`},
		{struct{ A [1]int }{}, []Options{jsontext.Multiline(true)}, "{\n\t\"A\": [\n\t\t0\n\t]\n}"},
		{map[string]any{"a": 1.0, "b": []any{"x", 2.5}}, []Options{Deterministic(true), WithMarshalers(JoinMarshalers(
			MarshalToFunc(func(enc *jsontext.Encoder, s string) error {
				if s == "b" {
					return errors.ErrUnsupported // the default, for the name "b"
				}
				return enc.WriteToken(jsontext.String("<" + s + ">"))
			}),
			MarshalFunc(func(f float64) ([]byte, error) {
				return []byte(`{"f":` + strconv.FormatFloat(f, 'g', -1, 64) + `}`), nil
			}),
		))}, `{"<a>":{"f":1},"b":["<x>",{"f":2.5}]}`},
	} {
		got, err := Marshal(c.v, c.opts...)
		if err != nil || string(got) != c.want {
			t.Errorf("Marshal(%#v) = %s, %v; want %s", c.v, got, err, c.want)
		}
		var buf bytes.Buffer
		if err := MarshalWrite(&buf, c.v, c.opts...); err != nil || buf.String() != c.want {
			t.Errorf("MarshalWrite(%#v) = %s, %v; want %s", c.v, buf.Bytes(), err, c.want)
		}
	}
}

// conflict is a struct type of two fields named "a" (built at run time: vet rejects the tags).
var conflict = reflect.StructOf([]reflect.StructField{
	{Name: "A", Type: reflect.TypeFor[int](), Tag: `json:"a"`},
	{Name: "B", Type: reflect.TypeFor[int](), Tag: `json:"a"`},
})

// TestMarshalErrors checks the errors' types, offsets and pointers.
func TestMarshalErrors(t *testing.T) {
	for _, c := range []struct {
		v       any
		syntax  bool
		off     int64
		ptr     string
		errText string
	}{
		{map[string][]float64{"a": {1, math.NaN()}}, false, 8, "/a/1", "unsupported value: NaN"},
		{[]any{"ok", make(chan int)}, false, 6, "/1", "Go chan int within \"/1\""},
		{struct{ S []string }{[]string{"x\xff"}}, true, 6, "/S/0", "invalid UTF-8"},
		{reflect.New(conflict).Elem().Interface(), false, 0, "", "conflict over JSON object name \"a\""},
	} {
		_, err := Marshal(c.v)
		var se *SemanticError
		var xe *jsontext.SyntacticError
		switch {
		case c.syntax && errors.As(err, &xe):
			if xe.ByteOffset != c.off || string(xe.JSONPointer) != c.ptr {
				t.Errorf("Marshal(%#v): %v at %d %q, want %d %q", c.v, err, xe.ByteOffset, xe.JSONPointer, c.off, c.ptr)
			}
		case !c.syntax && errors.As(err, &se):
			if se.ByteOffset != c.off || string(se.JSONPointer) != c.ptr {
				t.Errorf("Marshal(%#v): %v at %d %q, want %d %q", c.v, err, se.ByteOffset, se.JSONPointer, c.off, c.ptr)
			}
		default:
			t.Errorf("Marshal(%#v): error %T %v", c.v, err, err)
			continue
		}
		if !strings.Contains(err.Error(), c.errText) {
			t.Errorf("Marshal(%#v): %q does not say %q", c.v, err, c.errText)
		}
	}
}

// TestMarshalWriteErrors checks that a failing or short-writing destination is reported.
func TestMarshalWriteErrors(t *testing.T) {
	big := make([]string, 20000)
	for i := range big {
		big[i] = "some text to fill the chunks"
	}
	for _, short := range []bool{false, true} {
		w := &faulty.Writer{Limit: 40000, Short: short}
		err := MarshalWrite(w, big)
		if err == nil || short && err != io.ErrShortWrite || !short && err != faulty.ErrInjected {
			t.Errorf("short=%v: error %v", short, err)
		}
		if w.Failed != 0 || len(w.Got) > 40000 {
			t.Errorf("short=%v: %d writes after the failure, %d bytes taken", short, w.Failed, len(w.Got))
		}
		if w.MaxWrite > 2*writeChunk {
			t.Errorf("short=%v: a write of %d bytes: not bounded", short, w.MaxWrite)
		}
	}
}

// TestMarshalAllocs pins Marshal at one allocation, the result, and MarshalWrite at none, for a
// struct of the usual kinds once the encoders are built.
func TestMarshalAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops states on purpose under -race")
	}
	type rec struct {
		ID   int64
		Name string
		Tags []string
		M    map[string]int
		F    float64 `json:",omitzero"`
		P    *rec
	}
	var v any = []rec{{ID: 1, Name: "a", Tags: []string{"x"}, M: map[string]int{"k": 1}, P: &rec{Name: "b"}}}
	Marshal(v)
	if n := testing.AllocsPerRun(100, func() { Marshal(v) }); n != 1 {
		t.Errorf("Marshal: %v allocations, want 1", n)
	}
	var buf bytes.Buffer
	MarshalWrite(&buf, v)
	if n := testing.AllocsPerRun(100, func() { buf.Reset(); MarshalWrite(&buf, v) }); n != 0 {
		t.Errorf("MarshalWrite: %v allocations, want 0", n)
	}
}

// TestMarshalWriteBounded checks that MarshalWrite holds a bounded amount inside one huge string
// or []byte, writes what Marshal returns, and reports invalid UTF-8 in a long string.
func TestMarshalWriteBounded(t *testing.T) {
	long := strings.Repeat("héllo \"wörld\" <&>\n", 200000) // 4 MB
	bin := bytes.Repeat([]byte{0, 1, 2, 250}, 1<<20)
	for _, v := range []any{long, struct{ S, T string }{long, "x"}, []any{long}, bin, map[string][]byte{"b": bin}} {
		want, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		w := &faulty.Writer{Limit: -1}
		if err := MarshalWrite(w, v); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(w.Got, want) {
			t.Errorf("%T: MarshalWrite wrote %d bytes unlike Marshal's %d", v, len(w.Got), len(want))
		}
		if w.MaxWrite > 2*writeChunk {
			t.Errorf("%T: a write of %d bytes: not bounded", v, w.MaxWrite)
		}
	}
	bad := []string{"ok", long + "\xff"}
	_, want := Marshal(bad)
	err := MarshalWrite(io.Discard, bad)
	if err == nil || want == nil || err.Error() != want.Error() {
		t.Errorf("invalid UTF-8 in a long string: %v, Marshal says %v", err, want)
	}
}
