package stride

import (
	"encoding/binary"
	"encoding/json"
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
