package stride

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonread"
)

// TestOnePassMutations breaks generated documents one byte at a time (cut short, a byte
// replaced, inserted or dropped) and decodes each into a zero value of the document's type and
// into an interface: the one pass must give encoding/json's error, and leave the value as
// encoding/json leaves it, whatever the byte and wherever it is.
func TestOnePassMutations(t *testing.T) {
	g := newTypeGen(11)
	r := rand.New(rand.NewPCG(5, 6))
	breakers := []byte("\"\\,:[]{} 0-.ex\x01\xffntf")
	n, invalid := 300, 0
	if testing.Short() {
		n = 80
	}
	for range n {
		typ := g.typ(0)
		doc, err := json.Marshal(g.value(typ, 0).Interface())
		if err != nil || len(doc) == 0 {
			continue
		}
		for range 12 {
			data := mutate(r, doc, breakers)
			if !json.Valid(data) {
				invalid++
			}
			checkUnmarshal(t, data, func() any { return reflect.New(typ).Interface() })
			checkUnmarshal(t, data, func() any { return new(any) })
			if t.Failed() {
				return
			}
		}
	}
	if invalid < n*6 {
		t.Errorf("only %d of the mutated documents are invalid", invalid)
	}

	// Larger documents of every kind of token, into types that match parts of them.
	type member struct {
		A any
		B []member
		S string `json:"s"`
		F float64
		M map[string]*member
	}
	for range n / 10 {
		doc, err := json.Marshal(randomDoc(r, 0))
		if err != nil {
			t.Fatal(err)
		}
		for range 20 {
			data := mutate(r, doc, breakers)
			for _, fresh := range []func() any{newAny, func() any { return new([]member) },
				func() any { return new(member) }, func() any { return new(map[string]member) }} {
				checkUnmarshal(t, data, fresh)
			}
			if t.Failed() {
				return
			}
		}
	}
}

// randomDoc returns a random JSON value as encoding/json decodes it, nested up to four deep, with
// the member names of TestOnePassMutations's types among others.
func randomDoc(r *rand.Rand, depth int) any {
	k := r.IntN(8)
	if depth >= 4 {
		k = r.IntN(4)
	}
	switch k {
	case 0:
		return []any{nil, true, false}[r.IntN(3)]
	case 1:
		return []float64{0, -1, 12345678901, 0.5, 1e-7, 6.02e23}[r.IntN(6)]
	case 2, 3:
		return []string{"", "plain", "a \"q\" and \\", "tab\t<&>", "é\u2028😀", "\x01"}[r.IntN(6)]
	case 4, 5:
		a := make([]any, r.IntN(5))
		for i := range a {
			a[i] = randomDoc(r, depth+1)
		}
		return a
	}
	m := map[string]any{}
	for range r.IntN(6) {
		m[[]string{"A", "B", "s", "F", "M", "x", "b", "é"}[r.IntN(8)]] = randomDoc(r, depth+1)
	}
	return m
}

// TestOnePassTable decodes inputs that break each rule the one pass checks into zero values of
// types that read them in different ways: fast fields and slices of scalars, interfaces, maps.
func TestOnePassTable(t *testing.T) {
	type fields struct {
		I int
		U uint
		F float64
		S string
		B bool
		P *int
		A []any
		M map[string]int
	}
	inputs := []string{
		``, ` `, `x`, `01`, `[01]`, `[-01]`, `[00]`, `[-]`, `[1.]`, `[.5]`, `[+1]`, `[1e]`, `[1e+]`, `[--1]`,
		`[1,]`, `[,1]`, `[1 2]`, `[1;2]`, `[`, `]`, `[[]`, `[]]`, `[] []`, `[]x`, `[nul]`, `[nulL]`, `[tru]`,
		`[fals]`, `[truex]`, `[nullnull]`, "[\"a\x01\"]", `["\x"]`, `["\u12"]`, `["abc`, `["a"`,
		`{"I":01}`, `{"U":-01}`, `{"I":-01}`, `{"F":1.e5}`, `{"F":-}`, `{"I":1,}`, `{,"I":1}`, `{"I" 1}`,
		`{"I":}`, `{"I"}`, `{I:1}`, `{"I":1 "U":2}`, `{"I":1}}`, `{"I":1`, "{\"S\x01\":1}", `{"\q":1}`,
		`{"A":[1,]}`, `{"A":[{"x":}]}`, `{"M":{"a":01}}`, `{"M":{"a":1,}}`, `{"Z":[1,]}`, `{"Z":{"a" 1}}`,
		`{"Z":"\x"}`, `{"Z":01}`, `{"Z":tru}`, `{"P":01}`, `{"B":tru}`, `{"S":"a` + "\n" + `"}`, `{"S":1}`,
		`{"S":[1,]}`, `{"I":"x"}`, `{"I":{"a":1,}}`, `{"I":1} {}`, "\ufeff{}", `{"I":1}` + "\x00",
	}
	for _, in := range inputs {
		for _, fresh := range []func() any{newAny, func() any { return new([]int) }, func() any { return new([]float64) },
			func() any { return new([]uint8) }, func() any { return new(fields) }, func() any { return new([]fields) },
			func() any { return new(map[string]any) }, func() any { return new([]string) }} {
			checkUnmarshal(t, []byte(in), fresh)
		}
	}
}

// mutate returns a copy of doc with one change at a random place.
func mutate(r *rand.Rand, doc, breakers []byte) []byte {
	i := r.IntN(len(doc))
	b := breakers[r.IntN(len(breakers))]
	data := append([]byte(nil), doc...)
	switch r.IntN(4) {
	case 0:
		return data[:i]
	case 1:
		data[i] = b
		return data
	case 2:
		return append(data[:i], append([]byte{b}, doc[i:]...)...)
	}
	return append(data[:i], doc[i+1:]...)
}

// TestOnePassDeep checks the one pass at the depth limit the validation holds to (encoding/json's
// too): at the limit the value decodes; one deeper is a syntax error, and the value stays zero.
func TestOnePassDeep(t *testing.T) {
	type tree struct{ K []tree }
	for _, depth := range []int{jsonread.MaxDepth, jsonread.MaxDepth + 1} {
		arrays := strings.Repeat("[", depth) + strings.Repeat("]", depth)
		objects := strings.Repeat(`{"K":[`, depth/2) + strings.Repeat("{}", depth%2) + strings.Repeat("]}", depth/2)
		for _, c := range []struct {
			data  string
			fresh func() any
		}{{arrays, newAny}, {objects, newAny}, {objects, func() any { return new(tree) }}} {
			v := c.fresh()
			err := Unmarshal([]byte(c.data), v)
			if (err == nil) != (depth <= jsonread.MaxDepth) {
				t.Errorf("%T at depth %d: error %v", v, depth, err)
			}
			if err != nil && !reflect.ValueOf(v).Elem().IsZero() {
				t.Errorf("%T at depth %d: value set on error", v, depth)
			}
		}
	}
}

// counted counts the calls of its UnmarshalJSON.
type counted struct{}

var countedCalls int

func (*counted) UnmarshalJSON([]byte) error { countedCalls++; return nil }

// TestOnePassMethods checks that input with a syntax error past a value of a type with decode
// methods calls them as often as encoding/json does, which validates the input first: never.
func TestOnePassMethods(t *testing.T) {
	for _, data := range []string{`[{}, {}, x]`, `{"a": {}, "b": {}`, `[{}, {}] 1`} {
		countedCalls = 0
		wantErr := json.Unmarshal([]byte(data), new([]counted))
		want := countedCalls
		countedCalls = 0
		err := Unmarshal([]byte(data), new([]counted))
		if !sameError(err, wantErr) || countedCalls != want {
			t.Errorf("%s: %d calls, error %v; encoding/json: %d calls, %v", data, countedCalls, err, want, wantErr)
		}
		countedCalls = 0
		Unmarshal([]byte(data), new(map[string]*counted))
		if countedCalls != 0 {
			t.Errorf("%s into a map: %d calls", data, countedCalls)
		}
	}
}

// TestOnePassTypes lists which values Unmarshal decodes in one pass.
func TestOnePassTypes(t *testing.T) {
	type (
		recursive struct {
			Next *recursive
			Kids []recursive
		}
		withTime struct {
			T   time.Time
			Raw RawMessage
		}
		deep   struct{ M map[string][]*UJSON }
		embeds struct{ UText }
	)
	nonZero := 1
	for _, c := range []struct {
		v    any
		want bool
	}{
		{new(int), true},
		{&nonZero, false},
		{new(any), true},
		{new(map[string]any), true},
		{&map[string]any{}, false},
		{new(recursive), true},
		{&recursive{Next: &recursive{}}, false},
		{new(withTime), true},
		{new([]Folded), true},
		{new(deep), false},
		{new(embeds), false},
		{new([]UText), false},
		{new(map[UText]int), false}, // a TextUnmarshaler key
		{new(struct{ P *UJSON }), false},
		{new([2]struct{ X []*UTErr }), false},
	} {
		if got := codec.OnePass(reflect.ValueOf(c.v)); got != c.want {
			t.Errorf("onePass(%T) = %v, want %v", c.v, got, c.want)
		}
	}
}
