package jsonread_test

import (
	"testing"

	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/stream"
)

// TestCursorSkipAgreesWithReader holds the Cursor's SkipValue, under each of its checks, to
// stream.Reader's under the same options: the same inputs accepted, ending at the same offset.
// Duplicate names inside a skipped value are checked per object: sibling objects may share names.
func TestCursorSkipAgreesWithReader(t *testing.T) {
	inputs := []string{
		`{"x":[{"a":1},{"a":2}],"y":{"a":{"a":1}}}`, `[{"a":1},{"a":1}]`, `{"a":1,"a":2}`,
		`[{"b":{"a":1,"a":2}}]`, `{"a\u0062":1,"ab":2}`, `{"a":{"b":1},"b":{"b":2,"a":3}}`,
		"[\"\xff\"]", `["\ud800"]`, `{"\ud800":1}`, `[1,2]  `, `[1,]`, `{"a":tru}`, `[[[[]]]]`,
		`{"a":[1,{"b":"c","b":"d"}]}`, `[{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,` +
			`"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"a":18}]`,
	}
	for _, in := range inputs {
		for _, o := range []stream.ReaderOptions{{}, {StrictStrings: true}, {RejectDuplicateNames: true},
			{MaxDepth: 3}, {StrictStrings: true, RejectDuplicateNames: true}} {
			r := stream.NewReader([]byte(in), o)
			want := r.SkipValue() == nil
			c := jsonread.Get()
			c.Reset([]byte(in))
			depth := o.MaxDepth
			if depth == 0 {
				depth = jsonread.MaxDepth // the Reader's default
			}
			c.SetChecks(depth, o.StrictStrings, o.RejectDuplicateNames)
			c.SkipValue()
			got := !c.Bad
			if got != want || got && c.InputOffset() != r.InputOffset() {
				t.Errorf("%q under %+v: Cursor ok %v at %d, Reader ok %v at %d", in, o, got, c.InputOffset(), want, r.InputOffset())
			}
			jsonread.Put(c)
		}
	}
}
