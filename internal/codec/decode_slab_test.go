package codec

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

// TestSlabValues holds values cut from the slabs to encoding/json's, and to being values of their
// own: appending to or writing into one array changes no other, and a later call changes nothing
// an earlier one returned.
func TestSlabValues(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`[`)
	for i := range 300 { // past the largest block of each kind
		fmt.Fprintf(&sb, `[%d.5,"s%d",[-0.0,0,""],[]],`, i, i)
	}
	sb.WriteString(`{"k":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]}]`)
	data := []byte(sb.String())
	var got, want any
	if err := unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Unmarshal into any differs from encoding/json's")
	}
	top := got.([]any)
	if z := top[0].([]any)[2].([]any)[0].(float64); !math.Signbit(z) {
		t.Errorf("-0.0 decoded as %v without its sign", z)
	}
	first, second := top[0].([]any), top[1].([]any)
	_ = append(first, "appended")
	first[1] = "written"
	if !reflect.DeepEqual(second, want.([]any)[1]) {
		t.Errorf("writing into one array changed the next: %v", second)
	}
	var again any
	if err := unmarshal(data, &again); err != nil {
		t.Fatal(err)
	}
	if top[2].([]any)[0] != 2.5 || top[2].([]any)[1] != "s2" {
		t.Errorf("a second call changed the first one's values: %v", top[2])
	}
}

// TestSlabAllocs pins what the slabs save: the numbers, strings and short arrays of a document go
// into a few blocks rather than one allocation each.
func TestSlabAllocs(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`[`)
	for i := range 1000 {
		fmt.Fprintf(&sb, `[%d.25,"a string of its own %d"],`, i, i)
	}
	sb.WriteString(`0]`)
	data := []byte(sb.String())
	var v any
	allocs := testing.AllocsPerRun(100, func() {
		if err := unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
	})
	// Without slabs: 1,000 floats, 1,000 interfaces' string headers, 1,000 arrays and 1,000
	// strings' bytes, and the outer array. The string bytes are still one allocation each.
	if allocs > 1100 {
		t.Errorf("Unmarshal of 1,000 [float, string] pairs into any: %.0f allocations, want at most 1,100", allocs)
	}
}
