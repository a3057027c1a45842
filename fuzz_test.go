package stride

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
	"github.com/stridejson/stride/stream"
)

// FuzzMarshalGenerated builds a random type and value from the fuzzer's seed and compares every
// way of marshalling it with encoding/json, and MarshalOptions with an Escaper of encoding/json's
// policy.
func FuzzMarshalGenerated(f *testing.F) {
	for i := range uint64(8) {
		f.Add(binary.LittleEndian.AppendUint64(nil, i))
	}
	f.Fuzz(func(t *testing.T, seed []byte) {
		var s uint64
		if len(seed) >= 8 {
			s = binary.LittleEndian.Uint64(seed)
		}
		g := newTypeGen(s)
		typ := g.typ(0)
		v := g.value(typ, 0).Interface()
		checkMarshal(t, typ.String(), v)
		// An Escaper built to encoding/json's policy takes the custom path, to the same bytes.
		want, wantErr := json.Marshal(v)
		got, err := htmlLookalike.Marshal(v)
		sameResult(t, typ.String()+" custom Escaper", got, err, want, wantErr)
	})
}

var htmlLookalike = MarshalOptions{Escaper: stream.NewEscaper(stream.EncodingJSON.Flags(), "")}

// FuzzMarshalDecoded decodes arbitrary JSON with encoding/json (into any, and into a struct with
// RawMessage and Number members) and checks that Marshal writes it back as encoding/json does;
// Valid, Compact and Indent are compared on the input itself.
func FuzzMarshalDecoded(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5e3,"<\u2028>"],"b":null}`, `[true,false,{}]`, `"\ud800"`, `1e400`,
		`{"R":{"x": [ 1 ]},"N":12.0,"S":"s"}`, " [1 , 2 ] \n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkFormat(t, data)
		var v any
		if json.Unmarshal(data, &v) == nil {
			checkMarshal(t, "any", v)
		}
		var s struct {
			R RawMessage
			N Number
			S string `json:",omitempty"`
			M map[string]any
		}
		if json.Unmarshal(data, &s) == nil {
			checkMarshal(t, "struct", s)
		}
	})
}

// FuzzUnmarshal decodes arbitrary input with Unmarshal and encoding/json into an empty interface,
// a struct of assorted fields and a generated type, comparing values and errors.
func FuzzUnmarshal(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5e3,"<\u2028>"],"b":null}`, `{"I":"12","S":"\"x\"","F":"-Inf"}`, `[1,2,3]`,
		`{"M":{"1":2},"S":[{"A":1}],"P":{"b":"x"}}`, `"YWJj"`, `{"Name":"n","kelvin":1}`, `1e400`} {
		f.Add([]byte(s), uint64(len(s)))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		checkUnmarshal(t, data, func() any { return new(any) })
		checkUnmarshal(t, data, func() any { return new(Quoted) })
		checkUnmarshal(t, data, func() any { return new(Reuse) })
		checkUnmarshal(t, data, func() any { return new(Folded) })
		typ := newTypeGen(seed).typ(0)
		checkUnmarshal(t, data, func() any { return reflect.New(typ).Interface() })
	})
}

// FuzzUnmarshalOptions checks that the zero UnmarshalOptions decode exactly as Unmarshal does;
// that under the strict options invalid JSON keeps encoding/json's error, and valid JSON either
// decodes as without them or fails with a *stream.SyntaxError; and that a Decoder with the same
// options gives the same value or error for an input of one value.
func FuzzUnmarshalOptions(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `{"Name":"x","NAME":"y"}`, "[\"\xff\"]", `"\ud800"`, `[[[[]]]]`,
		`{"M":{"1":2,"01":3},"S":[{"A":1}]}`, `{"x":{"k":[1,{"k":1,"k":2}]}}`, `{"a":1,"a" 2`} {
		f.Add([]byte(s), uint64(len(s)))
	}
	strict := UnmarshalOptions{RejectDuplicateNames: true, RejectInvalidUTF8: true, MaxDepth: 3}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		typ := newTypeGen(seed).typ(0)
		for _, fresh := range []func() any{newAny, newFolded, func() any { return new(Reuse) },
			func() any { return new(map[int]any) }, func() any { return reflect.New(typ).Interface() }} {
			got, want := fresh(), fresh()
			err, wantErr := UnmarshalOptions{}.Unmarshal(data, got), Unmarshal(data, want)
			if !sameError(err, wantErr) || !reflect.DeepEqual(got, want) {
				t.Fatalf("UnmarshalOptions{}.Unmarshal(%q) into %T: %v %#v, Unmarshal: %v %#v", data, got, err, deref(got), wantErr, deref(want))
			}

			got = fresh()
			err = strict.Unmarshal(data, got)
			var se *stream.SyntaxError
			switch {
			case !json.Valid(data):
				if jsonErr := json.Unmarshal(data, new(any)); !sameError(err, jsonErr) {
					t.Fatalf("strict.Unmarshal(%q): %v, want encoding/json's %v", data, err, jsonErr)
				}
			case errors.As(err, &se):
			case !sameError(err, wantErr) || !reflect.DeepEqual(got, want):
				t.Fatalf("strict.Unmarshal(%q) into %T: %v %#v, Unmarshal: %v %#v", data, got, err, deref(got), wantErr, deref(want))
			}
			if !json.Valid(data) {
				continue
			}
			dec := NewDecoder(faulty.NewReader(data, seed, 5))
			dec.SetOptions(strict)
			decGot := fresh()
			decErr := dec.Decode(decGot)
			if fmt.Sprint(decErr) != fmt.Sprint(err) || err == nil && !reflect.DeepEqual(decGot, got) {
				t.Fatalf("Decoder with strict options on %q into %T: %v %#v, Unmarshal: %v %#v", data, got, decErr, deref(decGot), err, deref(got))
			}
		}
	})
}
