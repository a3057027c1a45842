package codec

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stridejson/stride/internal/jsonread"
)

// TestV2AnyScratch decodes nested arrays and objects into any by the v2 decoder, through the
// cursor's scratch stacks, against encoding/json (the same values for valid input without
// repeated names; with AllowDuplicates the last of two members wins, as there), and checks that
// the stacks are empty and cleared afterwards, on success and after an error deep inside, so
// that a pooled cursor keeps no decoded value alive.
func TestV2AnyScratch(t *testing.T) {
	good := `[[1,[2,"x",[]],{"a":[true,null,[3.5]],"b":{},"a":{"c":[{"d":1,"e":2,"f":3,"g":4,` +
		`"h":5,"i":6,"j":7,"k":8,"l":9,"d":0}]}}],[],[[[]]],"end",{"":{"":{}}},[-0.0,0,""]]`
	for _, c := range []struct {
		data string
		bad  bool
	}{
		{good, false},
		{`[{"a":[1,2,{"b":[3,{"c":1e400}]}]}]`, true}, // out of float64's range, four levels in
		{`{"a":{"b":[1,2,3,[4,5,1e999]],"c":1}}`, true},
		{`[1,2,[3,1e400]]`, true},                  // what the arrays had read
		{`{"a":1,"b":{"c":"x","d":-1e400}}`, true}, // what the objects had read
	} {
		var want any
		if !c.bad {
			if err := json.Unmarshal([]byte(c.data), &want); err != nil {
				t.Fatal(err)
			}
		}
		cur := new(jsonread.Cursor)
		cur.Reset([]byte(c.data))
		var got any
		err := decodeV2(cur, reflect.ValueOf(&got), &V2DecodeOptions{AllowDuplicates: true})
		switch {
		case c.bad && err == nil:
			t.Errorf("%s: no error", c.data)
		case !c.bad && err != nil:
			t.Errorf("%s: %v", c.data, err)
		case !c.bad && !reflect.DeepEqual(got, want):
			t.Errorf("%s: got %#v, want %#v", c.data, got, want)
		}
		if len(cur.AnyVals) != 0 || len(cur.AnyKeys) != 0 {
			t.Errorf("%s: %d values and %d names left on the scratch stacks", c.data, len(cur.AnyVals), len(cur.AnyKeys))
		}
		for i, x := range cur.AnyVals[:cap(cur.AnyVals)] {
			if x != nil {
				t.Errorf("%s: scratch slot %d still holds %#v", c.data, i, x)
			}
		}
		for i, k := range cur.AnyKeys[:cap(cur.AnyKeys)] {
			if k != "" {
				t.Errorf("%s: name slot %d still holds %q", c.data, i, k)
			}
		}
	}
}
