package stride

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// sameError reports whether err and want are the same error as far as callers can tell: the
// same type, and the same message or (for an *UnmarshalTypeError) the same fields.
func sameError(err, want error) bool {
	if (err == nil) != (want == nil) {
		return false
	}
	if err == nil {
		return true
	}
	if reflect.TypeOf(err) != reflect.TypeOf(want) {
		return false
	}
	var a, b *UnmarshalTypeError
	if errors.As(err, &a) && errors.As(want, &b) {
		return a.Value == b.Value && a.Type == b.Type && a.Struct == b.Struct && a.Field == b.Field && a.Offset == b.Offset
	}
	return err.Error() == want.Error()
}

// checkUnmarshal decodes data with Unmarshal and with encoding/json into two values made by
// fresh (equal, possibly pre-filled values) and compares the results and the errors.
func checkUnmarshal(t *testing.T, data []byte, fresh func() any) {
	t.Helper()
	got, want := fresh(), fresh()
	err := Unmarshal(data, got)
	wantErr := json.Unmarshal(data, want)
	if !sameError(err, wantErr) {
		t.Errorf("Unmarshal(%q) into %T: error %T %v, want %T %v", data, got, err, err, wantErr, wantErr)
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Unmarshal(%q) into %T:\n got %#v\nwant %#v", data, got, deref(got), deref(want))
	}
}

func deref(p any) any {
	if v := reflect.ValueOf(p); v.Kind() == reflect.Pointer && !v.IsNil() {
		return v.Elem().Interface()
	}
	return p
}

type (
	UText  struct{ S string }
	UJSON  struct{ Raw string }
	UErr   struct{}
	UTErr  struct{}
	Folded struct {
		Name    string
		KELVIN  int    `json:"ᴋelvin"`
		SKey    string `json:"ſkey"`
		AB      int
		Ab      int `json:"ab"`
		Ignored int `json:"-"`
	}
	Embeds struct {
		*E1
		e7
		Inner `json:"inner"`
		Z     int
	}
	unexported       struct{ U int }
	EmbedsUnexported struct {
		*unexported
		V int
	}
	Quoted struct {
		I int      `json:",string"`
		U uint8    `json:",string"`
		F float64  `json:",string"`
		B bool     `json:",string"`
		S string   `json:",string"`
		P *int     `json:",string"`
		N Number   `json:",string"`
		M MyString `json:",string"`
		//lint:ignore SA5008 string on a TextUnmarshaler is under test
		T UText `json:",string"`
		//lint:ignore SA5008 string on a pointer to a pointer is under test
		PP **bool `json:",string"`
	}
	Reuse struct {
		M  map[string]int
		S  []Inner
		A  [2]int
		P  *Inner
		I  any
		IP any
	}
	NonEmptyIface struct{ R fmt.Stringer }
)

func (u *UText) UnmarshalText(b []byte) error { u.S = "text:" + string(b); return nil }
func (u *UJSON) UnmarshalJSON(b []byte) error { u.Raw = "json:" + string(b); return nil }
func (*UErr) UnmarshalJSON([]byte) error      { return errors.New("uerr") }
func (*UTErr) UnmarshalText([]byte) error     { return errors.New("uterr") }

func TestUnmarshalTable(t *testing.T) {
	inputs := []string{
		`null`, `true`, `false`, `0`, `-12`, `1.5`, `1e400`, `-0`, `1e-400`, `255`, `256`, `-129`, `18446744073709551615`,
		`18446744073709551616`, `""`, `"abc"`, `"YWJj"`, `"a\u00e9\ud800\"<"`, "\"\xff\"", `[]`, `[1,2,3]`, `[null]`, `[1,"a",true,null,{},[]]`,
		`{}`, `{"a":1}`, `{"A":2,"a":3}`, `{"name":"x","NAME":"y"}`, `{"Name":"n","kelvin":1,"KELVIN":2,"skey":"s","SKEY":"t","ab":1,"AB":2,"Ab":3,"aB":4,"ignored":5,"Ignored":6}`,
		`{"X":1,"Y":2,"Hidden":3,"Shown":4,"inner":{"A":5,"b":"bee"},"Z":6,"A":7}`, `{"U":1,"V":2}`, `{"V":2}`,
		`{"I":"12","U":"300","F":"1.5","B":"true","S":"\"str\"","P":"7","N":"12","M":"\"m\"","T":"\"tt\"","PP":"false"}`,
		`{"I":12}`, `{"I":"x"}`, `{"I":"1.5"}`, `{"I":null}`, `{"P":"null"}`, `{"P":null}`, `{"S":"str"}`, `{"B":"nope"}`, `{"F":"-Inf"}`,
		`{"F":"0x1p-2"}`, `{"N":"1x"}`, `{"N":"\"5\""}`, `{"I":""}`, `{"I":[1]}`, `{"T":"5"}`, `{"PP":"null"}`, `{"B":"\"true\""}`,
		`{"M":{"a":1},"S":[{"A":1},{"A":"x","b":2}],"A":[9],"P":{"A":3},"I":{"k":[1]},"IP":null}`, `{"S":null,"M":null,"P":null,"I":null}`,
		`{"S":[],"A":[1,2,3,4]}`, `{"M":{"x":"bad","y":2}}`, `{"R":null}`, `{"R":1}`, `{"R":"s"}`,
		`{"1":1,"-2":2,"x":3}`, `{"300":1}`, `{"k1":1}`, `[{"a":[{"b":1e400}]}]`, `{"Raw":1}`, `{"S":"\u0000"}`, ` [ 1 , 2 ] `,
		`{"a":1,}`, `[1 2]`, `{"a"}`, ``, `nul`, `[1]x`, `{"\ud83d\ude00":1}`,
	}
	three := 3
	fresh := []func() any{
		func() any { return new(any) }, func() any { return new(bool) }, func() any { return new(int) },
		func() any { return new(int8) }, func() any { return new(uint8) }, func() any { return new(uint64) },
		func() any { return new(float32) }, func() any { return new(float64) }, func() any { return new(string) },
		func() any { return new([]byte) }, func() any { return new([]int) }, func() any { return new([2]int) },
		func() any { return new([]any) }, func() any { return new(map[string]any) }, func() any { return new(map[int8]int) },
		func() any { return new(map[uint16]any) }, func() any { return new(map[Key]int) }, func() any { return new(map[UText]int) },
		func() any { return new(*int) }, func() any { return new(**string) }, func() any { return new(Number) },
		func() any { return new(RawMessage) }, func() any { return new(UText) }, func() any { return new(UJSON) },
		func() any { return new(*UJSON) }, func() any { return new([]UJSON) }, func() any { return new(UErr) },
		func() any { return new(UTErr) }, func() any { return new(Folded) }, func() any { return new(Embeds) },
		func() any { return new(EmbedsUnexported) }, func() any { return new(Quoted) }, func() any { return new(NonEmptyIface) },
		func() any { return new(map[string]UText) }, func() any { return new(map[string]*UJSON) },
		func() any {
			return &Reuse{M: map[string]int{"old": 1}, S: []Inner{{A: 1, B: "keep"}, {A: 2}}, P: &Inner{B: "p"}, I: 5, IP: &three}
		},
		func() any { x := any(&Inner{B: "held"}); return &x },
		func() any { p := &three; x := any(&p); return &x },
		func() any { return new(struct{ C complex128 }) }, func() any { return new(chan int) },
	}
	for _, in := range inputs {
		for _, f := range fresh {
			checkUnmarshal(t, []byte(in), f)
		}
	}
}

func TestUnmarshalInvalidArgument(t *testing.T) {
	for _, v := range []any{nil, 1, (*int)(nil), map[string]int{}} {
		err, want := Unmarshal([]byte(`1`), v), json.Unmarshal([]byte(`1`), v)
		if !sameError(err, want) {
			t.Errorf("Unmarshal into %T: %v, want %v", v, err, want)
		}
	}
}

func TestUnmarshalGenerated(t *testing.T) {
	g := newTypeGen(7)
	n := 800
	if testing.Short() {
		n = 200
	}
	for range n {
		typ := g.typ(0)
		data, err := json.Marshal(g.value(typ, 0).Interface())
		if err != nil {
			continue
		}
		seed := g.r.Uint64()
		prefill := func() any {
			p := reflect.New(typ)
			(&typeGen{rand.New(rand.NewPCG(seed, 3))}).fill(p.Elem(), 0)
			return p.Interface()
		}
		checkUnmarshal(t, data, func() any { return reflect.New(typ).Interface() })
		checkUnmarshal(t, data, prefill)
		// Lower-cased names exercise the folding match.
		checkUnmarshal(t, []byte(strings.ToLower(string(data))), prefill)
		if t.Failed() {
			return
		}
	}
}

// TestUnmarshalReusesDecodeBuffer checks that a steady stream of documents with a long escaped
// string costs about the string itself per Unmarshal: the pooled Reader keeps its decode buffer.
func TestUnmarshalReusesDecodeBuffer(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	long := strings.Repeat(`plain text with a \"quote\" and a \n newline `, 1500)
	data := []byte(`{"S":"` + long + `"}`)
	var v struct{ S string }
	for range 3 {
		if err := Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
	}
	const runs = 20
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		Unmarshal(data, &v)
	}
	runtime.ReadMemStats(&after)
	perRun := (after.TotalAlloc - before.TotalAlloc) / runs
	if limit := uint64(len(v.S)) * 3 / 2; perRun > limit {
		t.Errorf("%d bytes allocated per Unmarshal of a %d-byte string; want at most %d", perRun, len(v.S), limit)
	}
}
