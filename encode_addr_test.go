package stride

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"
)

// The encoders by address (internal/codec/encode_addr.go) against encoding/json, on the shapes
// where walking by address differs most from walking by reflect.Value: embedded pointers (nil and
// not) on a member's path, zero-size types, pointers to pointers, omitempty of every kind,
// recursive slice and pointer types, promoted members of unexported embedded structs, members that
// go back to the reflect encoders (`string` option, marshal methods on pointer receivers, maps,
// interfaces), each reached by address (through a pointer or a slice) and by value.

type (
	AddrDeep struct {
		D  int
		DS string `json:",omitempty"`
	}
	AddrMid struct {
		*AddrDeep
		M []int `json:",omitempty"`
	}
	addrHidden struct {
		H  int
		HP *int
	}
	AddrOuter struct {
		*AddrMid
		addrHidden
		Z     struct{}
		Z0    [0]int
		ZS    []struct{}
		PP    **int
		PPO   **int     `json:",omitempty"`
		Arr0  [0]string `json:",omitempty"`
		Arr1  [1]string `json:",omitempty"`
		S     []int     `json:",omitempty"`
		P     *float64  `json:",omitempty"`
		Q     int64     `json:",string"`
		PtrM  PtrM
		PtrT  PtrT
		Map   map[string]int
		Any   any
		F32   float32
		U8s   []uint8
		Bytes []byte `json:",omitempty"`
	}
	AddrRec   []AddrRec
	AddrChain struct {
		Next *AddrChain `json:",omitempty"`
		N    int8
	}
)

func TestEncodeByAddr(t *testing.T) {
	one, two := 1, 2.5
	pone := &one
	full := AddrOuter{
		AddrMid:    &AddrMid{AddrDeep: &AddrDeep{D: 3, DS: "<d>"}, M: []int{4}},
		addrHidden: addrHidden{H: 5, HP: &one},
		ZS:         []struct{}{{}, {}},
		PP:         &pone,
		PPO:        new(*int),
		Arr1:       [1]string{"a"},
		S:          []int{-1, math.MaxInt},
		P:          &two,
		Q:          -7,
		PtrM:       PtrM{"m"},
		PtrT:       PtrT{"t"},
		Map:        map[string]int{"b": 2, "a": 1},
		Any:        &AddrDeep{D: 9},
		F32:        1.1,
		U8s:        []uint8{1, 2, 3},
		Bytes:      []byte{},
	}
	half := AddrOuter{AddrMid: &AddrMid{}} // an embedded pointer nil further down
	chain := &AddrChain{N: 1, Next: &AddrChain{N: 2, Next: &AddrChain{N: -128}}}
	rec := AddrRec{nil, AddrRec{}, AddrRec{AddrRec{}}}
	for name, v := range map[string]any{
		"full by pointer": &full, "full by value": full, "full in a slice": []AddrOuter{full, half, {}},
		"half by pointer": &half, "zero by pointer": &AddrOuter{}, "in a map": map[string]AddrOuter{"x": full},
		"in an interface slice": []any{&full, half}, "array of structs": &[2]AddrOuter{full, half},
		"chain": chain, "chain in a slice": []*AddrChain{chain, nil}, "recursive slice": &rec,
		"pointer to nil pointer": new(*AddrOuter), "NaN by address": &struct{ F []float32 }{[]float32{float32(math.NaN())}},
		"Inf member by address": &struct{ F float64 }{math.Inf(-1)},
	} {
		checkMarshal(t, name, v)
	}
}

// Where the encoders are given a value by address that Go does not count as addressable, against
// encoding/json: the methods on pointer receivers must apply exactly where encoding/json's do
// (through pointers, slices, embedded pointers and addressable containers) and nowhere else (map
// values, interface contents, Marshal's own value, members of a struct held by value), and an
// interface must find its value where it holds it, in its data word or behind it.
type (
	addrOnePtr struct{ P *PtrM }
	addrArr1   [1]*PtrM
	addrHolder struct {
		M   PtrM
		T   PtrT
		A   [2]PtrM
		Emb *addrEmb
		S   []PtrM
	}
	addrEmb     struct{ PtrM }
	addrZeroPtr struct {
		Z [0]int
		P *PtrM
	}
)

func TestEncodeAddressability(t *testing.T) {
	m := PtrM{}
	h := addrHolder{Emb: &addrEmb{}, S: []PtrM{{}}}
	f := func() {}
	values := []any{
		m, &m, []PtrM{{}}, [1]PtrM{}, &[1]PtrM{}, map[string]PtrM{"k": {}}, map[string]*PtrM{"k": &m},
		h, &h, []addrHolder{h}, map[string]addrHolder{"k": h}, map[string]any{"a": h, "b": &h},
		[]any{m, &m, h, &h, addrOnePtr{&m}, addrArr1{&m}, [1]any{m}, map[string]int{"x": 1}, nil},
		addrOnePtr{&m}, addrArr1{&m}, &addrOnePtr{&m}, struct{ X any }{X: addrArr1{nil}},
		struct{ X any }{X: struct{ P *int }{nil}}, struct{ X fmt.Stringer }{}, []any{[]any{}, 1.5, "s", true},
		map[string]any{"f": f}, []any{make(chan int)}, struct{ X any }{X: &h},
		// One word, all pointer, held in the data word since Go 1.26 (a fuzz input found it).
		[]any{struct {
			Z [0][1]map[uint]float64
			A *[]PtrM
		}{A: &[]PtrM{{}}}, addrZeroPtr{P: &m}},
	}
	for _, v := range values {
		want, werr := json.Marshal(v)
		got, gerr := Marshal(v)
		if string(got) != string(want) || (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
			t.Errorf("%T: Marshal = %s, %v; encoding/json %s, %v", v, got, gerr, want, werr)
		}
	}
}
