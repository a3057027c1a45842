package stride

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/netip"
	"reflect"
	"runtime"
	"testing"
	"time"
)

// checkMarshal compares Marshal, MarshalIndent and an Encoder (both escaping modes) with
// encoding/json on v: the same bytes, or errors of the same type and message.
func checkMarshal(t *testing.T, name string, v any) {
	t.Helper()
	want, wantErr := json.Marshal(v)
	got, err := Marshal(v)
	sameResult(t, name+" Marshal", got, err, want, wantErr)

	want, wantErr = json.MarshalIndent(v, ">", "\t")
	got, err = MarshalIndent(v, ">", "\t")
	sameResult(t, name+" MarshalIndent", got, err, want, wantErr)

	for _, html := range []bool{true, false} {
		for _, indent := range []string{"", "  "} {
			var wb, gb bytes.Buffer
			we := json.NewEncoder(&wb)
			we.SetEscapeHTML(html)
			we.SetIndent("", indent)
			ge := NewEncoder(&gb)
			ge.SetEscapeHTML(html)
			ge.SetIndent("", indent)
			wantErr := we.Encode(v)
			err := ge.Encode(v)
			sameResult(t, fmt.Sprintf("%s Encoder(html=%v,indent=%q)", name, html, indent), gb.Bytes(), err, wb.Bytes(), wantErr)
		}
	}
}

func sameResult(t *testing.T, what string, got []byte, err error, want []byte, wantErr error) {
	t.Helper()
	if (err == nil) != (wantErr == nil) {
		t.Errorf("%s: error %v, want %v", what, err, wantErr)
		return
	}
	if err != nil {
		if reflect.TypeOf(err) != reflect.TypeOf(wantErr) || err.Error() != wantErr.Error() {
			t.Errorf("%s: error %T %q, want %T %q", what, err, err, wantErr, wantErr)
		}
		return
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s:\n got %s\nwant %s", what, got, want)
	}
}

type (
	Inner struct {
		A int
		B string `json:"b,omitempty"`
	}
	Outer struct {
		Inner
		C float64 `json:",string"`
		D *int    `json:"d,string"`
		E string  `json:"e,string"`
		F bool    `json:",string"`
		G []byte
		H map[string]int
		I []int
		J any
		K [2]uint8
		L *Inner
		M Number
		N Number `json:",string"`
		n int
		O string `json:"-"`
		//lint:ignore SA5008 the "-," name is under test
		P string `json:"-,"`
		Q float32
		R uint64 `json:",omitempty"`
		S time.Time
		T netip.Addr `json:",omitzero"`
		U *Inner     `json:",omitzero"`
		V time.Time  `json:",omitempty,omitzero"`
		W []int      `json:",omitempty"`
		X struct{}   `json:",omitempty"`
		Y int        `json:"<y&>"`
		//lint:ignore SA5008 an invalid tag name is under test
		Z  string  `json:"bad\"name"`
		ZZ *string `json:",omitempty"`
	}
)

// Conflict rules.
type (
	E1 struct{ X, Y int }
	E2 struct {
		X int
		Z int `json:"Y"`
	}
	E3 struct {
		E1
		E2
	}
	E4 struct {
		E1
		X string
	}
	E5 struct {
		E1
		Y int `json:"X"`
	}
	E6 struct {
		*E1
		E2 `json:"e2"`
	}
	e7 struct{ Hidden, Shown int }
	E8 struct {
		e7
		*Inner `json:",omitempty"`
	}
	Same  struct{ V int }
	Same2 struct{ Same }
	Same3 struct{ Same }
	E9    struct {
		Same2
		Same3
	}
	E10 struct {
		Same
		Same2
	}
	myInt int
	E11   struct {
		myInt
		MyString
	}
	MyString string
)

// Marshalers on value and pointer receivers.
type (
	ValM   struct{ S string }
	PtrM   struct{ S string }
	ValT   struct{ S string }
	PtrT   struct{ S string }
	BadM   struct{}
	ErrM   struct{}
	ErrT   struct{}
	HasAll struct {
		A ValM
		B PtrM
		C ValT
		D PtrT
		E *PtrM
		F *ValM
		G []PtrM
		H map[string]PtrM
		I [1]PtrT
		J any
		K Marshaler
	}
	Key   struct{ K int }
	PKey  struct{ K int }
	Named []byte
	Zeros struct {
		A ZeroV   `json:",omitzero"`
		B ZeroP   `json:",omitzero"`
		C *ZeroV  `json:",omitzero"`
		D zeroer  `json:",omitzero"`
		E float64 `json:",omitzero"`
		F float64 `json:",omitempty"`
		G [0]int  `json:",omitzero"`
		H Inner   `json:",omitzero"`
	}
	zeroer interface{ IsZero() bool } // an interface with the method omitzero calls
	ZeroV  struct{ X int }
	ZeroP  struct{ X int }
	Byte   byte
	TextB  byte
)

func (v ValM) MarshalJSON() ([]byte, error) { return json.Marshal("v<" + v.S + ">") }
func (p *PtrM) MarshalJSON() ([]byte, error) {
	return []byte(" { \"p\" : [1, 2,\t\"\u2028&\"] } "), nil
}
func (v ValT) MarshalText() ([]byte, error)  { return []byte("t<" + v.S + ">\xff"), nil }
func (p *PtrT) MarshalText() ([]byte, error) { return []byte("pt" + p.S), nil }
func (BadM) MarshalJSON() ([]byte, error)    { return []byte("{bad"), nil }
func (ErrM) MarshalJSON() ([]byte, error)    { return nil, errors.New("boom") }
func (ErrT) MarshalText() ([]byte, error)    { return nil, errors.New("text boom") }
func (k Key) MarshalText() ([]byte, error)   { return []byte(fmt.Sprint("k", k.K)), nil }
func (k *PKey) MarshalText() ([]byte, error) {
	return []byte(fmt.Sprint("p", k.K)), nil
}
func (z ZeroV) IsZero() bool  { return z.X == 1 }
func (z *ZeroP) IsZero() bool { return z.X == 2 }
func (b TextB) MarshalText() ([]byte, error) {
	return []byte{'b', byte(b)}, nil
}

type Cycle struct {
	Next *Cycle
}

type CycleMap map[string]any
type CycleSlice []any

func TestMarshalTable(t *testing.T) {
	three := 3
	str := "s"
	outer := Outer{
		Inner: Inner{A: 1, B: "<b>"}, C: 1.5, D: &three, E: "e\"<\u2028", F: true, G: []byte("hi\x00"),
		H: map[string]int{"z": 1, "a": 2, "<": 3}, I: []int{}, J: map[string]any{"x": []any{1.0, "y", nil}},
		K: [2]uint8{1, 2}, L: &Inner{A: 5}, M: "1e3", N: "12", n: 7, O: "o", P: "p", Q: 3.4028235e38,
		S: time.Date(2020, 1, 2, 3, 4, 5, 6, time.UTC), Y: 9, Z: "z", ZZ: &str,
	}
	cyc := &Cycle{}
	cyc.Next = cyc
	cm := CycleMap{}
	cm["m"] = cm
	cs := CycleSlice{nil}
	cs[0] = cs
	hasAll := HasAll{A: ValM{"a"}, B: PtrM{"b"}, C: ValT{"c"}, D: PtrT{"d"}, E: &PtrM{}, G: []PtrM{{}},
		H: map[string]PtrM{"h": {}}, I: [1]PtrT{{"i"}}, J: PtrM{}, K: ValM{"k"}}
	cases := []struct {
		name string
		v    any
	}{
		{"nil", nil},
		{"true", true},
		{"ints", []any{int8(-8), int16(-16), int32(-32), int64(math.MinInt64), uint8(8), uint64(math.MaxUint64), uintptr(7)}},
		{"floats", []any{0.0, math.Copysign(0, -1), 1e-7, 1e21, 1e20, 123456789.125, float32(1e-7), float32(3.4e38), 5e-324}},
		{"nan", math.NaN()},
		{"inf", []float32{float32(math.Inf(-1))}},
		{"nan in float64 arrays", &struct{ C [][2]float64 }{[][2]float64{{1, 2}, {3, math.NaN()}}}},
		{"inf in a float64 slice", []float64{1, math.Inf(1)}},
		{"strings", []string{"", "plain", "<&>", "\u2028\u2029", "\x00\x1f\"\\", "\xff\xfe bad", "é€😀", "\t\n\r\b\f"}},
		{"bytes", [][]byte{nil, {}, []byte("abcde"), Named("x")}},
		{"named bytes", Named("named")},
		{"byte kinds", []Byte{1, 2}},
		{"text bytes", []TextB{'x', 'y'}},
		{"array of bytes", [3]byte{1, 2, 3}},
		{"nil slice", []int(nil)},
		{"nil map", map[string]int(nil)},
		{"nil pointer", (*int)(nil)},
		{"outer", outer},
		{"outer pointer", &outer},
		{"E3 conflict", E3{E1{1, 2}, E2{3, 4}}},
		{"E4 shallow wins", E4{E1{1, 2}, "x"}},
		{"E5 tag at depth 0", E5{E1{1, 2}, 3}},
		{"E6 nil embedded pointer", E6{nil, E2{1, 2}}},
		{"E6 embedded pointer", E6{&E1{5, 6}, E2{1, 2}}},
		{"E8 unexported embedded", E8{e7{1, 2}, &Inner{A: 3}}},
		{"E9 same type twice", E9{}},
		{"E10 depth", E10{}},
		{"E11 unexported non-struct", E11{1, "s"}},
		{"marshalers value", hasAll},
		{"marshalers pointer", &hasAll},
		{"marshaler slice", []ValM{{"x"}}},
		{"marshaler in interface slice", []any{PtrM{}, &PtrM{}, ValT{"q"}, &PtrT{"r"}, PtrT{"s"}}},
		{"nil marshaler pointers", []any{(*ValM)(nil), (*PtrM)(nil), (*ValT)(nil), (*PtrT)(nil)}},
		{"bad marshaler", BadM{}},
		{"error marshaler", []ErrM{{}}},
		{"error text marshaler", ErrT{}},
		{"error text key", map[ErrT]int{{}: 1}},
		{"raw message", RawMessage(` [ 1 , "<" ] `)},
		{"raw message nil", struct{ R RawMessage }{}},
		{"bad raw message", RawMessage(`{`)},
		{"number", Number("-1.5e10")},
		{"bad number", Number("1x")},
		{"empty number", Number("")},
		{"int keys", map[int]string{3: "c", -1: "a", 20: "b"}},
		{"uint keys", map[uint8]bool{200: true, 3: false}},
		{"text keys", map[Key]int{{2}: 2, {10}: 10}},
		{"ptr text keys", map[*PKey]int{{2}: 2, nil: 0}},
		{"string-kind text keys", map[MyString]int{"b": 1, "a": 2}},
		{"bad key", map[[2]int]int{{1, 2}: 3}},
		{"bad key empty", map[float64]int{}},
		{"chan", make(chan int)},
		{"func field", struct{ F func() }{}},
		{"complex", complex(1, 2)},
		{"nested any", map[string]any{"a": []any{map[string]any{"b": nil}}, "c": struct{}{}}},
		{"cycle", cyc},
		{"cycle map", cm},
		{"cycle slice", cs},
		{"zeros", Zeros{A: ZeroV{1}, B: ZeroP{2}, C: &ZeroV{1}, D: ZeroV{1}, E: math.Copysign(0, -1), F: math.Copysign(0, -1)}},
		{"non zeros", Zeros{A: ZeroV{3}, B: ZeroP{3}, C: &ZeroV{3}, D: &ZeroP{2}, E: 1, F: 1, H: Inner{A: 1}}},
		{"zeros pointer", &Zeros{B: ZeroP{2}, D: (*ZeroP)(nil)}},
		{"anonymous struct", struct {
			A int `json:"a,string"`
			//lint:ignore SA5008 string on a pointer to a pointer is under test
			B **int    `json:",string"`
			C *bool    `json:",string"`
			D MyString `json:",string"`
			//lint:ignore SA5008 string on an interface is under test
			E any `json:",string"`
		}{A: 1, E: 2}},
		{"deep", deepValue(1500)},
		{"embedded marshaler", struct {
			ValM
			X int
		}{ValM{"e"}, 1}},
		{"embedded pointer marshaler", struct {
			*PtrM
			X int
		}{&PtrM{}, 1}},
		{"embedded text marshaler", []struct {
			PtrT
			X int
		}{{PtrT{"e"}, 1}}},
	}
	for _, c := range cases {
		checkMarshal(t, c.name, c.v)
	}
}

func deepValue(n int) any {
	var v any = "bottom"
	for range n {
		v = []any{v}
	}
	return v
}

func TestHTMLEscape(t *testing.T) {
	for _, s := range []string{``, `"<a>&</a>"`, "\"\u2028\u2029\"", "\xe2\x80", `"plain"`} {
		var got, want bytes.Buffer
		got.WriteString("x")
		want.WriteString("x")
		HTMLEscape(&got, []byte(s))
		json.HTMLEscape(&want, []byte(s))
		if got.String() != want.String() {
			t.Errorf("HTMLEscape(%q) = %q, want %q", s, got.String(), want.String())
		}
	}
}

func TestValidCompactIndent(t *testing.T) {
	inputs := []string{
		``, ` `, `1`, ` 1 `, `-`, `{}`, ` { } `, `[ ]`, `{"a" : [1, {"b":null}, [], {}], "c":"\" \\ <"}` + "\n\t",
		`[1,]`, `{"a"}`, `"\xff"`, "\"\u2028<\"", `tru`, `nul`, `[1] [2]`, `1 2`, `{"a":1}x`, `[[[[]]]]`,
		`0.5e+10`, `01`, `"\u00zz"`, `{"a":1,"a":2}`, "[\n1\n]\n\n",
	}
	for _, s := range inputs {
		checkFormat(t, []byte(s))
	}
}

// checkFormat compares Valid, Compact and Indent on src with encoding/json.
func checkFormat(t *testing.T, src []byte) {
	t.Helper()
	if got, want := Valid(src), json.Valid(src); got != want {
		t.Errorf("Valid(%q) = %v, want %v", src, got, want)
	}
	var got, want bytes.Buffer
	got.WriteString("x")
	want.WriteString("x")
	err, wantErr := Compact(&got, src), json.Compact(&want, src)
	sameResult(t, fmt.Sprintf("Compact(%q)", src), got.Bytes(), err, want.Bytes(), wantErr)
	got.Reset()
	want.Reset()
	err, wantErr = Indent(&got, src, "#", "  "), json.Indent(&want, src, "#", "  ")
	sameResult(t, fmt.Sprintf("Indent(%q)", src), got.Bytes(), err, want.Bytes(), wantErr)
}

// TestMarshalAllocsAfterGC pins bufHint: once garbage collections have emptied the pool of encode
// states, Marshal of a large value takes its buffer in one allocation (beside the result, the new
// state and the pool's own), not one per doubling from nothing (some 40 here).
func TestMarshalAllocsAfterGC(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	v := make([]float64, 100_000)
	for i := range v {
		v[i] = float64(i) * 1.5
	}
	if _, err := Marshal(v); err != nil {
		t.Fatal(err)
	}
	gcs := testing.AllocsPerRun(10, func() { runtime.GC(); runtime.GC() })
	n := testing.AllocsPerRun(10, func() {
		runtime.GC() // twice: the pool keeps a victim cache through one
		runtime.GC()
		if _, err := Marshal(v); err != nil {
			t.Fatal(err)
		}
	})
	if n-gcs > 8 {
		t.Errorf("Marshal after the pool was emptied: %v allocations, want at most 8", n-gcs)
	}
}

// TestMarshalMapAllocs pins the pools of map scratch: once warm, Marshal of maps (nested, of
// strings and of structs) allocates only its result.
func TestMarshalMapAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop what is put in it")
	}
	type item struct {
		N    int
		Tags map[string]string
	}
	v := struct {
		Names map[string]string
		Items map[string]item
		Any   map[string]any
	}{
		Names: map[string]string{"b": "2", "a": "1", "c": "<3>"},
		Items: map[string]item{"x": {1, map[string]string{"k": "v"}}, "y": {2, nil}},
		Any:   map[string]any{"m": map[string]any{"n": 1.5}, "s": []any{"t"}},
	}
	var x any = v // boxed once, not in every run
	if _, err := Marshal(x); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { Marshal(x) }); n > 1 {
		t.Errorf("Marshal of maps: %v allocations, want 1 (the result)", n)
	}
}
