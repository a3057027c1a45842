package json

import (
	"testing"

	"github.com/stridejson/stride/jsontext"
)

// TestGetOption holds GetOption to results written out; std_test.go holds it to the standard
// package where Go has it.
func TestGetOption(t *testing.T) {
	opts := JoinOptions(DefaultOptionsV2(), Deterministic(true), nil, jsontext.WithIndent("  "), jsontext.Multiline(false))
	for _, c := range []struct {
		name    string
		v, want any
		ok      bool
	}{
		{"Deterministic", get(GetOption(opts, Deterministic)), true, true},
		{"AllowDuplicateNames", get(GetOption(opts, jsontext.AllowDuplicateNames)), false, true},
		{"StringifyNumbers", get(GetOption(opts, StringifyNumbers)), false, false},
		{"Multiline", get(GetOption(opts, jsontext.Multiline)), false, true},
		{"WithIndent", get(GetOption(opts, jsontext.WithIndent)), "  ", true},
		{"WithIndentPrefix", get(GetOption(opts, jsontext.WithIndentPrefix)), "", false},
		{"Multiline of WithIndentPrefix", get(GetOption(jsontext.WithIndentPrefix(" "), jsontext.Multiline)), true, true},
		{"nil", get(GetOption(nil, FormatNilMapAsNull)), false, false},
	} {
		r := c.v.(result)
		if r.v != c.want || r.ok != c.ok {
			t.Errorf("%s: %v, %v; want %v, %v", c.name, r.v, r.ok, c.want, c.ok)
		}
	}
}

type result struct {
	v  any
	ok bool
}

func get[T any](v T, ok bool) any { return result{v, ok} }
