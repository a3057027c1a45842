package stride

import (
	"math"
	"testing"
)

// The encoders by address (encode_addr.go) against encoding/json, on the shapes where walking by
// address differs most from walking by reflect.Value: embedded pointers (nil and not) on a
// member's path, zero-size types, pointers to pointers, omitempty of every kind, recursive slice
// and pointer types, promoted members of unexported embedded structs, members that go back to the
// reflect encoders (`string` option, marshal methods on pointer receivers, maps, interfaces), each
// reached by address (through a pointer or a slice) and by value.

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
