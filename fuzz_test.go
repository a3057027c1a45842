package stride

import (
	"encoding/binary"
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzMarshalGenerated builds a random type and value from the fuzzer's seed and compares every
// way of marshalling it with encoding/json.
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
		checkMarshal(t, typ.String(), g.value(typ, 0).Interface())
	})
}

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
