package jsonstr

import (
	"strings"
	"testing"
)

// addSeeds seeds the corpus with every stop in a few lanes; the matrix tests cover the rest.
func addSeeds(f *testing.F) {
	for _, stop := range quoteStops {
		f.Add(plainRun(3) + stop + plainRun(9) + stop)
	}
	for _, stop := range unquoteStops {
		f.Add(`"` + plainRun(5) + stop + plainRun(11) + stop + `"`)
	}
	f.Add(`<a href="x">\"\u00e9\n</a>` + plainRun(40))
}

// repeated returns s repeated to at least 200 bytes (a short input unchanged if empty), long enough
// for the kernels to walk stop lists over whatever the fuzzer found.
func repeated(s string) string {
	if s == "" {
		return s
	}
	return strings.Repeat(s, 200/len(s)+1)
}

// FuzzQuote compares AppendQuote under every policy, on string and []byte input, with refQuote; the
// input repeated reaches the stop-list walks.
func FuzzQuote(f *testing.F) {
	addSeeds(f)
	compiled := make([]*Policy, len(policies))
	for i, pc := range policies {
		compiled[i] = NewPolicy(pc.flags, pc.extra)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i, pc := range policies {
			checkQuote(t, pc, compiled[i], s)
			checkQuote(t, pc, compiled[i], repeated(s))
		}
	})
}

// FuzzUnquote compares AppendUnquote and ScanString, strict and not, with refUnquote. The input is
// tried as it is and wrapped in quotes, so that most inputs reach the inside of a literal, and
// repeated, so that they reach the stop-list walks.
func FuzzUnquote(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, strict := range []bool{false, true} {
			checkUnquote(t, s, strict)
			checkUnquote(t, `"`+s+`"`, strict)
			checkUnquote(t, `"`+repeated(s)+`"`, strict)
		}
	})
}

// FuzzRoundTrip checks that unquoting what any policy quoted gives back the input (with invalid UTF-8
// replaced by U+FFFD).
func FuzzRoundTrip(f *testing.F) {
	addSeeds(f)
	compiled := make([]*Policy, len(policies))
	for i, pc := range policies {
		compiled[i] = NewPolicy(pc.flags, pc.extra)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := []rune(s) // converting to runes replaces each invalid byte with U+FFFD, as quoting does
		for i, p := range compiled {
			q, err := AppendQuote(nil, s, p)
			if err != nil {
				if isValidUTF8(s) {
					t.Fatalf("%s: AppendQuote(%q) failed on valid UTF-8: %v", policies[i].name, s, err)
				}
				continue
			}
			v, err := AppendUnquote(nil, q, true)
			if err != nil || string(v) != string(want) {
				t.Fatalf("%s: unquote(quote(%q)) = %q, %v; want %q", policies[i].name, s, v, err, string(want))
			}
		}
	})
}
