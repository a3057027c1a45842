package stride

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonread"
)

// The decoders' fast paths (member names found without hashing, typed loops for slices of
// int64, int, float64 and string, scalars behind pointers and in Go arrays, slices grown from
// nothing with room for several elements, map keys set through one reused value) against
// encoding/json, on inputs chosen to take each path and each way out of it.

type (
	// Names of one length that differ only in case, or by a folding rune, so that the exact
	// lookup by length must compare whole names, and the folded match must take over.
	SameLen struct {
		Abc  int
		ABC  int `json:"aBc"`
		Xyz  string
		K    int    `json:"k"`
		Kel  int    `json:"Kel"`
		Sk   string `json:"sk"`
		Long string `json:"a-name-longer-than-the-others"`
	}
	FastEmbedded struct {
		*FastE1
		FastE2
		Own   int64
		Xs    []int64
		Inner *FastE1 `json:"inner"`
	}
	FastE1 struct {
		A  int64
		B  string
		Ps *string
	}
	FastE2 struct {
		C  float64
		D  []string
		Pi *int64
	}
	FastSlices struct {
		I64 []int64
		I   []int
		F   []float64
		S   []string
		I8  []int8
		B   []bool
		P   []*int64
		Arr [3]float64
		AI  [2]int8
		Pf  *float64
		Pb  *bool
		Pu  *uint8
		Pns *MyString
		St  []FastE1
		N   [][]int64
	}
)

func TestDecodeFastPaths(t *testing.T) {
	inputs := []string{
		// Member names: exact, folded, in the struct's order and out of it, duplicates.
		`{"Abc":1,"aBc":2,"Xyz":"x","k":3,"Kel":4,"sk":"s"}`,
		`{"sk":"s","Kel":4,"k":3,"Xyz":"x","aBc":2,"Abc":1}`,
		`{"ABC":1,"abc":2,"xyz":"x","K":3,"kel":4,"SK":"s"}`,
		`{"abc":9,"Abc":1}`, `{"Abc":1,"Abc":2,"Abc":3}`, `{"aBc":1,"ABC":2,"aBc":3}`,
		"{\"\u212a\":5,\"\u212ael\":6,\"\u017fk\":\"long s\"}", // Kelvin sign and long s fold to k, s
		`{"Abd":1,"Ab":2,"Abcd":3,"":4,"a-name-longer-than-the-others":"l","A-NAME-LONGER-THAN-THE-OTHERS":"L"}`,
		`{"a-name-longer-than-the-others-and-more":"x","Xyz":1,"k":"x"}`,
		// Embedded fields, by pointer and by value, and type errors within them.
		`{"A":1,"B":"b","C":2.5,"D":["d"],"Own":3,"Xs":[1,2],"Ps":"p","Pi":7,"inner":{"A":4,"Ps":null}}`,
		`{"Own":3,"A":"x","C":"y","D":[1,"a"],"Xs":[1,"x",3],"Pi":"z","inner":{"B":5}}`,
		`{"a":1,"b":"b","c":2.5,"own":3,"xs":[4],"PS":"p","pi":null,"INNER":null}`,
		// Typed slices: values of every fitting and unfitting kind, and reuse of what is there.
		`{"I64":[1,-2,9223372036854775807],"I":[3,4],"F":[1.5,-0,1e-400],"S":["a","\u00e9\n",""]}`,
		`{"I64":[9223372036854775808,1.5,"x",null,true,[1],{"a":1},7],"I":[1e3,-1,null,"2"]}`,
		`{"F":[1e400,2,"3",null],"S":[1,null,"b",false,{}],"I8":[1,128,-129,2],"B":[true,null,1,false]}`,
		`{"I64":[],"I":[],"F":[],"S":[],"I8":[],"B":[],"P":[],"St":[],"N":[]}`,
		`{"I64":null,"I":null,"F":null,"S":null,"P":null,"St":null,"N":null}`,
		`{"I64":[1],"I":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17],"S":["a","b","c","d","e","f","g","h","i"]}`,
		`{"P":[1,null,"x",3],"St":[{"A":1},{"B":"b"},null,{"Ps":"p"}],"N":[[1],[],null,[2,3],"x"]}`,
		`{"I64":"x","I":{},"F":1,"S":"s","St":{}}`,
		// Numbers around the quick conversions: 18 and 19 digits, signs, fractions, exponents.
		`{"I64":[123456789012345678,-123456789012345678,1234567890123456789,-9223372036854775808,-0,1e2,1.0,0.5e-3]}`,
		`{"I":[999999999999999999,-1000000000000000000,9223372036854775807,-9223372036854775809,1E+2]}`,
		`{"F":[0.1,-0.25,123456789012345,1234567890123456,0.1234567890123456789,-0,1e22,2.5E-3,9007199254740993]}`,
		`{"Own":-0,"A":123456789012345678,"C":-0.0,"Pi":1234567890123456789,"Pf":0.30000000000000004}`,
		`{"AI":[127,-128],"Pu":255}`, `{"AI":[128,-129],"Pu":256}`, `{"Pu":-0}`, `{"Pu":0.0}`, `{"Pu":1e1}`,
		// Go arrays and pointers to scalars.
		`{"Arr":[1,2],"AI":[1,2,3]}`, `{"Arr":[1e400,0.1,-65.613616999999977,1e-400]}`, `{"Arr":[{},[],"x",true]}`, `{"Arr":[1,"x",3,4],"AI":[300,null]}`, `{"Arr":null,"AI":[]}`,
		`{"Pf":1.5,"Pb":true,"Pu":7,"Pns":"n"}`, `{"Pf":null,"Pb":null,"Pu":null,"Pns":null}`,
		`{"Pf":"x","Pb":1,"Pu":300,"Pns":5}`, `{"Pu":-1,"Pf":1e400}`,
		// Syntax errors leave everything as it was.
		`{"I64":[1,2,}`, `{"Abc":1,"Xyz":"x",}`,
	}
	one, two := int64(1), "two"
	fresh := []func() any{
		func() any { return new(SameLen) },
		func() any { return &SameLen{Abc: 7, ABC: 8, Xyz: "old", K: 9, Kel: 10, Sk: "old", Long: "old"} },
		func() any { return new(FastEmbedded) },
		func() any {
			return &FastEmbedded{FastE1: &FastE1{A: 5, Ps: &two}, FastE2: FastE2{D: []string{"x", "y", "z"}, Pi: &one},
				Xs: make([]int64, 1, 5), Inner: &FastE1{B: "keep"}}
		},
		func() any { return new(FastSlices) },
		func() any {
			// Lengths and capacities past what the inputs fill: elements that cannot be decoded
			// keep the old values, within the length and beyond it.
			i64 := []int64{10, 20, 30, 40, 50, 60}
			ints := []int{10, 20, 30, 40, 50, 60}
			fs := []float64{10, 20, 30, 40, 50, 60}
			ss := []string{"s0", "s1", "s2", "s3", "s4", "s5"}
			f, b := 2.5, true
			return &FastSlices{I64: i64[:2], I: ints[:5], F: fs[:1], S: ss[:3], I8: []int8{1, 2, 3},
				B: []bool{true, true}, P: []*int64{&one, nil}, Arr: [3]float64{7, 8, 9}, AI: [2]int8{5, 6},
				Pf: &f, Pb: &b, St: []FastE1{{A: 1, B: "b"}, {A: 2}}, N: [][]int64{{1, 2, 3}, nil, {4}}}
		},
		func() any { return new([]int64) }, func() any { return new([]int) }, func() any { return new([]float64) },
		func() any { return new([]string) }, func() any { return new([]SameLen) }, func() any { return new(*int64) },
		func() any { return new([2]float64) }, func() any { return new(map[string]string) },
		func() any { return new(map[int]int64) }, func() any { return new(map[MyString][]int) },
		func() any { return &map[string]int{"Abc": 1, "old": 2} },
	}
	for _, in := range inputs {
		for _, f := range fresh {
			checkUnmarshal(t, []byte(in), f)
			checkUnmarshal(t, []byte(strings.ToLower(in)), f)
		}
	}
	// Top-level arrays and maps into the typed slices, the arrays and the maps.
	for _, in := range []string{`[1,2,3]`, `[1.5,"a",null,true,9223372036854775808]`, `["a","b"]`, `[]`, `null`,
		`[[1,2],[3]]`, `[1e400,0.30000000000000004,7]`, `[-0,12345678901234567890]`, `{"1":2,"3":4}`, `{"a":"b","a":"c","x":null}`, `{"01":1,"1":2,"-3":3,"x":4}`, `{"a":[1,2],"b":null}`} {
		for _, f := range fresh {
			checkUnmarshal(t, []byte(in), f)
		}
	}
}

// TestDecodeFastSliceReuse checks what encoding/json's rule for reused slices implies and a
// value comparison does not show: decoding into a slice with room reuses its backing array,
// and an empty array gives an empty slice of no capacity.
func TestDecodeFastSliceReuse(t *testing.T) {
	backing := make([]int64, 1, 8)
	s := backing
	if err := Unmarshal([]byte(`[1,2,3]`), &s); err != nil {
		t.Fatal(err)
	}
	if &s[0] != &backing[0] || len(s) != 3 || backing[:3][2] != 3 {
		t.Errorf("[]int64 with room: got %v (cap %d), not decoded in place", s, cap(s))
	}
	strs := make([]string, 2, 4)
	if err := Unmarshal([]byte(`[]`), &strs); err != nil {
		t.Fatal(err)
	}
	if strs == nil || len(strs) != 0 || cap(strs) != 0 {
		t.Errorf("[] into []string: got %#v, cap %d; want an empty slice of no capacity", strs, cap(strs))
	}
	type two struct{ A, B int }
	ts := make([]two, 0, 3)
	if err := Unmarshal([]byte(`[{"A":1},{"B":2}]`), &ts); err != nil {
		t.Fatal(err)
	}
	if cap(ts) != 3 || ts[1].B != 2 {
		t.Errorf("[]struct with room: got %v (cap %d), not decoded in place", ts, cap(ts))
	}
}

type (
	TypeErrJSON  struct{}
	TypeErrText  struct{}
	TypeErrOuter struct {
		A  TypeErrInner
		L  []TypeErrInner
		P  *TypeErrInner
		T  TypeErrText
		Ok int
		FastE1
	}
	TypeErrInner struct {
		B TypeErrJSON
		N int8
	}
)

func (*TypeErrJSON) UnmarshalJSON([]byte) error {
	return &UnmarshalTypeError{Value: "x", Type: reflect.TypeFor[int](), Field: "inner"}
}

func (*TypeErrText) UnmarshalText([]byte) error {
	return &UnmarshalTypeError{Value: "y", Type: reflect.TypeFor[string]()}
}

// TestMethodTypeErrorContext checks that an *UnmarshalTypeError returned by UnmarshalJSON or
// UnmarshalText gets the struct and field path of where it happened, as encoding/json gives it,
// and that type errors saved before it do not change that.
func TestMethodTypeErrorContext(t *testing.T) {
	for _, in := range []string{`{"A":{"B":1}}`, `{"Ok":"bad","A":{"N":300,"B":1}}`, `{"L":[{"N":1},{"B":2}]}`,
		`{"P":{"B":[]}}`, `{"T":"t"}`, `{"A":{"N":1},"T":"t"}`, `{"B":"b","A":5,"T":"t"}`, `[{"A":{"B":1}}]`} {
		checkUnmarshal(t, []byte(in), func() any { return new(TypeErrOuter) })
		checkUnmarshal(t, []byte(in), func() any { return new([]TypeErrOuter) })
		checkUnmarshal(t, []byte(in), func() any { return new(map[string]TypeErrInner) })
	}
}

// ByAddr has a member of every kind and size the struct decoder stores by address (decodeAt).
type ByAddr struct {
	I8  int8
	I16 int16
	I32 int32
	I64 int64
	I   int
	U8  uint8
	U16 uint16
	U32 uint32
	U64 uint64
	U   uint
	UP  uintptr
	F64 float64
	F32 float32
	B   bool
	S   string
}

// TestDecodeByAddr takes each member stored by address to the edges of its range and past them
// (where decodeAt must leave the value to the general path, which reports the error with the
// member's context), and gives it values of other JSON kinds, against encoding/json.
func TestDecodeByAddr(t *testing.T) {
	values := []string{"0", "-0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768",
		"-32769", "65535", "65536", "2147483647", "2147483648", "-2147483649", "4294967295", "4294967296",
		"999999999999999999", "-999999999999999999", "9223372036854775807", "9223372036854775808",
		"-9223372036854775809", "18446744073709551615", "18446744073709551616", "1.5", "1e3", "-2.5e-3",
		"1e400", "3.4e39", `"x"`, `"\u00e9\ud800"`, "true", "false", "null", "[]", "{}"}
	for _, name := range []string{"I8", "I16", "I32", "I64", "I", "U8", "U16", "U32", "U64", "U", "UP",
		"F64", "F32", "B", "S"} {
		for _, v := range values {
			data := []byte(`{"S":"before","I8":1,"` + name + `":` + v + `,"U":7}`)
			checkUnmarshal(t, data, func() any { return &ByAddr{I64: 5, S: "kept", B: true} })
			checkUnmarshal(t, []byte("["+string(data)+","+string(data)+"]"), func() any { return &[]ByAddr{{}, {F64: 2}} })
		}
	}
}

// TestAnyArrayScratch decodes nested arrays and objects into any through the cursor's scratch
// stacks, against encoding/json, and checks that the stacks are empty and cleared afterwards, so
// that a pooled cursor keeps no decoded value alive.
func TestAnyArrayScratch(t *testing.T) {
	data := []byte(`[[1,[2,"x",[]],{"a":[true,null,[3.5]],"b":{},"a":{"c":[{"d":1,"e":2,"f":3,"g":4,` +
		`"h":5,"i":6,"j":7,"k":8,"l":9,"d":0}]}}],[],[[[]]],"end",{"":{"":{}}}]`)
	var want any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	c := new(jsonread.Cursor)
	c.Reset(data)
	d := codec.DecodeState{R: c, Data: data}
	var got any
	if err := d.Unmarshal(&got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, want %#v", got, want)
	}
	if len(c.AnyVals) != 0 || len(c.AnyKeys) != 0 {
		t.Errorf("%d values and %d names left on the scratch stacks", len(c.AnyVals), len(c.AnyKeys))
	}
	for i, x := range c.AnyVals[:cap(c.AnyVals)] {
		if x != nil {
			t.Errorf("scratch slot %d still holds %#v", i, x)
		}
	}
	for i, k := range c.AnyKeys[:cap(c.AnyKeys)] {
		if k != "" {
			t.Errorf("name slot %d still holds %q", i, k)
		}
	}
}
