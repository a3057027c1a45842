package stride

import (
	"encoding/json"
	"errors"
	"math"
	"testing"
)

// The struct encoder reads the plain scalar fields of an addressable struct by offset
// (internal/rawfield). These tests hold that path to encoding/json for every kind and size, with
// and without omitempty, and check it against the reflect path the same value takes when it is not
// addressable.

type rawKinds struct {
	I   int
	I8  int8
	I16 int16
	I32 int32
	I64 int64
	U   uint
	U8  uint8
	U16 uint16
	U32 uint32
	U64 uint64
	UP  uintptr
	F32 float32
	F64 float64
	B   bool
	S   string
	NI  namedInt
	NS  namedString

	OI   int     `json:",omitempty"`
	OU8  uint8   `json:",omitempty"`
	OF32 float32 `json:",omitempty"`
	OF64 float64 `json:",omitempty"`
	OB   bool    `json:",omitempty"`
	OS   string  `json:",omitempty"`
	Q    int     `json:",string"`
	Z    int     `json:",omitzero"`
}

type namedInt int16
type namedString string

func rawSamples() []rawKinds {
	return []rawKinds{
		{},
		{I: -1, I8: -128, I16: -32768, I32: math.MinInt32, I64: math.MinInt64, U: 1, U8: 255, U16: 65535,
			U32: math.MaxUint32, U64: math.MaxUint64, UP: 7, F32: 1.5e-7, F64: -2.5, B: true, S: "a\"<é>\u2028",
			NI: -3, NS: "n", OI: 5, OU8: 6, OF32: 0.25, OF64: 1e21, OB: true, OS: "x", Q: 9, Z: 4},
		{F64: math.Copysign(0, -1), OF64: math.Copysign(0, -1), I: math.MaxInt, F32: math.MaxFloat32},
	}
}

func TestRawFieldsMatchEncodingJSON(t *testing.T) {
	for _, v := range rawSamples() {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range []any{v, &v, []rawKinds{v, v}, &[]rawKinds{v}, map[string]*rawKinds{"k": &v}} {
			wantIn, _ := json.Marshal(in)
			got, err := Marshal(in)
			if err != nil || string(got) != string(wantIn) {
				t.Fatalf("Marshal(%T) = %s, %v; want %s", in, got, err, wantIn)
			}
		}
		if got, _ := Marshal(&v); string(got) != string(want) {
			t.Fatalf("Marshal(&v) = %s; want %s", got, want)
		}
	}
}

// TestRawFieldsNaN: a NaN or infinite float read by offset gets the error the reflect path gives.
func TestRawFieldsNaN(t *testing.T) {
	for _, v := range []rawKinds{{F64: math.NaN()}, {F32: float32(math.Inf(1))}, {OF64: math.Inf(-1)}} {
		_, want := json.Marshal(&v)
		_, got := Marshal(&v)
		var we, ge *json.UnsupportedValueError
		if !errors.As(want, &we) || !errors.As(got, &ge) || we.Str != ge.Str {
			t.Fatalf("Marshal(%+v) error %v; encoding/json %v", v, got, want)
		}
	}
}
