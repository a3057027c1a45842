package stride

import (
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/jsonread"
)

// TestIntern checks that repeated short strings and member names share one copy, that long ones
// do not, and that an interned string never refers to the input: the input changed after one
// Unmarshal does not change what an earlier one decoded.
func TestIntern(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops items at random under -race")
	}
	// Each pair decodes eight strings or six member names, short in the first document and
	// too long to intern in the second: the second must take one allocation more per string.
	long := strings.Repeat("x", jsonread.InternMax+1)
	strs := func(s string) []byte { return []byte(`["` + strings.Repeat(s+`","`, 7) + s + `"]`) }
	objs := func(s string) []byte { return []byte(`[` + strings.Repeat(`{"`+s+`":1},`, 5) + `{"` + s + `":1}]`) }
	for _, c := range []struct {
		short, long []byte
		v           func() any
		more        float64
	}{
		{strs("code"), strs(long), func() any { return new([]string) }, 8},
		{strs("code"), strs(long), func() any { return new(any) }, 8},
		{objs("lang"), objs(long), func() any { return new([]map[string]int) }, 6},
		{objs("lang"), objs(long), func() any { return new(any) }, 6},
	} {
		allocs := func(data []byte) float64 {
			return testing.AllocsPerRun(100, func() {
				if err := Unmarshal(data, c.v()); err != nil {
					t.Fatal(err)
				}
			})
		}
		if short, long := allocs(c.short), allocs(c.long); long-short != c.more {
			t.Errorf("%T: %v allocations with short strings, %v with long ones; want %v more", c.v(), short, long, c.more)
		}
	}

	data := []byte(`["abc","abc"]`)
	var first, second []string
	if err := Unmarshal(data, &first); err != nil {
		t.Fatal(err)
	}
	copy(data[2:5], "xyz")
	copy(data[8:11], "xyz")
	if err := Unmarshal(data, &second); err != nil {
		t.Fatal(err)
	}
	if first[0] != "abc" || first[1] != "abc" || second[0] != "xyz" || second[1] != "xyz" {
		t.Errorf("decoded %q, then %q", first, second)
	}
	for _, a := range []string{"", "a", "ab", "abcdefgh", "abcdefghi", strings.Repeat("z", jsonread.InternMax)} {
		c := &jsonread.Cursor{}
		if s := c.Intern([]byte(a)); s != a || c.Intern([]byte(a+"!")) != a+"!" || c.Intern([]byte(a)) != a {
			t.Errorf("intern(%q) = %q", a, s)
		}
	}
}

// TestDecoderIntern checks that a Decoder interns from its second value on, and not for its
// first: one made per request body should not pay for a cache it may never use.
func TestDecoderIntern(t *testing.T) {
	doc := `{"lang":"en","code":"x1"}`
	dec := NewDecoder(strings.NewReader(strings.Repeat(doc+"\n", 3)))
	var first, second map[string]string
	if err := dec.Decode(&first); err != nil || dec.mem.Interned != nil {
		t.Fatalf("first value: %v, cache made: %v", err, dec.mem.Interned != nil)
	}
	if err := dec.Decode(&second); err != nil || dec.mem.Interned == nil {
		t.Fatalf("second value: %v, cache made: %v", err, dec.mem.Interned != nil)
	}
	if first["lang"] != "en" || second["code"] != "x1" {
		t.Errorf("decoded %v, %v", first, second)
	}
	// A first value longer than jsonread.InternFrom gets the cache while it is read.
	long := "[" + strings.Repeat(doc+",", jsonread.InternFrom/len(doc)) + doc + "]"
	dec = NewDecoder(strings.NewReader(long))
	var rows []map[string]string
	if err := dec.Decode(&rows); err != nil || dec.mem.Interned == nil {
		t.Fatalf("long first value: %v, cache made: %v", err, dec.mem.Interned != nil)
	}
	if len(rows) != jsonread.InternFrom/len(doc)+1 || rows[len(rows)-1]["code"] != "x1" {
		t.Errorf("decoded %d rows, the last %v", len(rows), rows[len(rows)-1])
	}
}
