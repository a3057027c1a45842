package corpus

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// The generator's own tests pin the shapes; these check the names and lengths the report relies on.
func TestStrings(t *testing.T) {
	want := map[string]int{"vast-plain": VASTLen, "vast-quote-end": VASTLen, "vast-quote-at-1": VASTLen,
		"vast-realistic": VASTLen, "unicode-20k": UnicodeLen, "short-32-one-escape": 32, "short-64-plain": 64}
	cases := Strings()
	if len(cases) != len(want) {
		t.Fatalf("%d cases, want %d", len(cases), len(want))
	}
	for _, c := range cases {
		if n, ok := want[c.Name]; !ok || len(c.S) != n || !utf8.ValidString(c.S) {
			t.Errorf("%s: %d bytes, want %d", c.Name, len(c.S), n)
		}
	}
	if s := Strings()[2].S; s[1] != '"' || strings.Count(s, `"`) != 1 {
		t.Error("vast-quote-at-1 has not exactly one quote, at index 1")
	}
}

func TestVASTSizes(t *testing.T) {
	for _, n := range []int{256, 1000, 40000} {
		if got := len(VAST(n)); got != n {
			t.Errorf("VAST(%d) is %d bytes", n, got)
		}
	}
}
