package json

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// A chunkReader gives its data in pieces of 1 to 16 bytes, of sizes drawn from rng.
type chunkReader struct {
	data []byte
	rng  *rand.Rand
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(r.data), 1+r.rng.IntN(16))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

type readRec struct {
	ID   int64
	Name string `json:"name"`
	Tags []string
	M    map[string]int
	P    *float64
	X    any
	In   struct{ A, B int }
}

// readTargets are the Go values FuzzUnmarshalRead decodes into.
func readTargets() []func() any {
	return []func() any{
		func() any { return new(readRec) }, func() any { return new(any) }, func() any { return new([]int) },
		func() any { return new(map[string]any) }, func() any { return new(int) }, func() any { return new(string) },
		func() any { return &readRec{ID: 3, Tags: []string{"keep"}, M: map[string]int{"k": 1}} },
	}
}

// describeErr is an error's type and text, for comparing errors.
func describeErr(err error) string { return fmt.Sprintf("%T %v", err, err) }

// FuzzUnmarshalRead holds UnmarshalRead, reading its input in short pieces, to Unmarshal of the
// same bytes: the same error (type, text, offset, pointer) and the same value. With fail, the
// reader fails after the input: the error must be the read error or one Unmarshal of the input
// reports (met before the read).
func FuzzUnmarshalRead(f *testing.F) {
	for _, in := range []string{`{"ID":1,"name":"n","Tags":["a","b"],"M":{"x":2},"P":1.5,"X":[{"k":null}],"In":{"A":1}}`,
		`{"ID":"x"}`, `[1,2,3]`, ` {"a":1} `, `{"ID":1} x`, `{"ID":1`, `[1,`, `"s"`, `12`, `null`, ``, `{"M":{"a":1,"a":2}}`,
		"{\"name\":\"\xff\"}", `{"X":{"k":[1,{"a":"b"}]}}`, `{"In":{"A":1,"B":true}}`} {
		f.Add([]byte(in), uint64(1), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64, fail bool) {
		boom := errors.New("boom")
		for _, fresh := range readTargets() {
			got, want := fresh(), fresh()
			var r io.Reader = &chunkReader{data, rand.New(rand.NewPCG(seed, 1))}
			if fail {
				r = io.MultiReader(r, iotest.ErrReader(boom))
			}
			err := UnmarshalRead(r, got)
			wantErr := Unmarshal(data, want)
			if fail && errors.Is(err, boom) {
				continue
			}
			if g, w := describeErr(err), describeErr(wantErr); g != w {
				t.Fatalf("%q into %T (fail %v): error\n got %s\nwant %s", data, got, fail, g, w)
			}
			if wantErr == nil && !reflect.DeepEqual(got, want) {
				t.Fatalf("%q into %T:\n got %#v\nwant %#v", data, got, got, want)
			}
		}
	})
}

// TestUnmarshalReadEarly checks that UnmarshalRead stops reading at the first semantic error, as
// encoding/json/v2 does: a reader that would block after it is never read again.
func TestUnmarshalReadEarly(t *testing.T) {
	pr, pw := io.Pipe()
	go func() {
		pw.Write([]byte(`{"ID":"not a number",`))
		// The rest never comes; UnmarshalRead must return without it.
	}()
	var v readRec
	err := UnmarshalRead(pr, &v)
	var se *SemanticError
	if !errors.As(err, &se) || se.JSONPointer != "/ID" {
		t.Fatalf("got %v, want a SemanticError at /ID", err)
	}
	pw.Close()
}

// TestUnmarshalReadWhole checks UnmarshalRead on a large document arriving a byte at a time
// against Unmarshal.
func TestUnmarshalReadWhole(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"Tags":[`)
	for i := range 5000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"tag %d with \"quotes\" and \u00e9"`, i)
	}
	b.WriteString(`],"X":{"deep":[[[{"a":1e3}]]]},"ID":42}`)
	data := []byte(b.String())
	var got, want readRec
	if err := UnmarshalRead(iotest.OneByteReader(bytes.NewReader(data)), &got); err != nil {
		t.Fatal(err)
	}
	if err := Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatal("values differ")
	}
}
