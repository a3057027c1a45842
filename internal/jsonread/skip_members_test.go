package jsonread

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// A refMember is a member of an object as the reference reads it.
type refMember struct {
	name       string
	plain      bool // the name is plain ASCII (no escape, no byte from 0x80, no control byte)
	value, end int  // the index of the value's first byte, and of the byte after the white space after it
	valid      bool // the value is whole and valid (else end is 0)
}

// refMembers reads the members of the object just inside data[i] (first) or after a member's
// value (not first), with the reference of skip_test.go, each value allowed limit containers: the
// members that are whole and valid, up to the object's end, which ok reports, or the first that is
// not, the last of the list if its name and ':' are.
func refMembers(data []byte, i int, first bool, limit int) (ms []refMember, ok bool) {
	i = refSpace(data, i)
	for {
		if !first || len(ms) > 0 {
			if i >= len(data) || data[i] != ',' {
				return ms, i < len(data) && data[i] == '}'
			}
			i = refSpace(data, i+1)
		} else if i < len(data) && data[i] == '}' {
			return ms, true
		}
		if i >= len(data) || data[i] != '"' {
			return ms, false
		}
		end, valid := refString(data, i, refOpts{})
		if !valid {
			return ms, false
		}
		m := refMember{name: string(data[i+1 : end-1]), plain: true}
		for _, c := range data[i+1 : end-1] {
			m.plain = m.plain && c >= 0x20 && c < 0x80 && c != '\\'
		}
		if i = refSpace(data, end); i >= len(data) || data[i] != ':' {
			return ms, false
		}
		m.value = refSpace(data, i+1)
		if i, m.valid = refValue(data, m.value, refOpts{limit: limit}, 0); !m.valid {
			return append(ms, m), false
		}
		i = refSpace(data, i)
		m.end = i
		ms = append(ms, m)
	}
}

// checkMembers holds Members from data[i] to the reference: what it passes, the reference reads
// as valid, plain-named members that want does not ask for, and it stops at a boundary of the
// reference's; the member it finds is the reference's next, which want asks for. With progress, it
// must also go as far as the reference: to the member want asks for, the first name that is not
// plain, or the object's end. It returns how many members Members passed.
func checkMembers(t *testing.T, data []byte, i int, first bool, limit int, want func([]byte) bool, progress bool) int {
	t.Helper()
	var s Skip
	s.Begin(limit, false, false, false, true)
	_, n, _, _ := s.Members(data, i, first, want)
	checkMembersWith(t, new(Skip), data, i, first, limit, want, progress)
	return n
}

// checkMembersWith is checkMembers with s, which may hold masks of data from an earlier call. It
// returns Members' index and whether it found a member.
func checkMembersWith(t *testing.T, s *Skip, data []byte, i int, first bool, limit int, want func([]byte) bool, progress bool) (int, bool) {
	t.Helper()
	ms, ok := refMembers(data, i, first, limit)
	s.Begin(limit, false, false, false, true)
	at, n, name, found := s.Members(data, i, first, want)
	fail := func(why string) {
		t.Helper()
		t.Fatalf("Members of %q from %d (first %v, limit %d) = %d, %d, %q, %v: %s; the reference reads %+v (ok %v)",
			data, i, first, limit, at, n, name, found, why, ms, ok)
	}
	if n > len(ms) {
		fail("it passes more members than the reference reads")
	}
	for _, m := range ms[:n] {
		if !m.valid || !m.plain || want([]byte(m.name)) {
			fail("it passes a member it should have stopped at")
		}
	}
	switch {
	case found:
		if n >= len(ms) || !ms[n].plain || !want([]byte(ms[n].name)) || at != ms[n].value || string(name) != ms[n].name {
			fail("it finds what the reference does not")
		}
	case n == 0:
		if at != i || name != nil {
			fail("it moves without passing a member")
		}
	default:
		if at != ms[n-1].end || string(name) != ms[n-1].name {
			fail("it stops at the wrong boundary")
		}
	}
	if progress && !found {
		stop := len(ms) // the end of the object
		for k, m := range ms {
			if !m.valid || !m.plain || want([]byte(m.name)) {
				stop = k
				break
			}
		}
		if !ok || n != stop {
			fail("it stops before the reference")
		}
	}
	return at, found
}

// checkMembersEach looks up every other member of the object just inside data[1] in turn with one Skip,
// as a lookup of many pointers does: each call of Members from the boundary after the value the
// last one found, where the masks of the calls before it may hold it.
func checkMembersEach(t *testing.T, data []byte, progress bool) {
	t.Helper()
	all, _ := refMembers(data, 1, true, 1000)
	var names []string // every other member's, so that Members passes the others
	for k, m := range all {
		if k%2 == 0 {
			names = append(names, m.name)
		}
	}
	var s Skip
	s.Forget()
	i, first := 1, true
	for {
		at, found := checkMembersWith(t, &s, data, i, first, 1000, membersWant(names...), progress)
		if !found {
			// Once more from where it stopped, as the walk would after it: the masks of a chunk
			// that found bad input are not taken for good ones.
			checkMembersWith(t, &s, data, at, first && at == i, 1000, membersWant(), false)
			return
		}
		end, ok := refValue(data, at, refOpts{limit: 1000}, 0)
		if !ok {
			return
		}
		i, first = refSpace(data, end), false
	}
}

// fewNumbers reports whether data holds no more numbers than a chunk of masks reads without handing
// over to the walk (denseNumbers), counting every run of digits, inside strings too.
func fewNumbers(data []byte) bool {
	runs := 0
	for k, c := range data {
		if c-'0' < 10 && (k == 0 || data[k-1]-'0' >= 10) {
			runs++
		}
	}
	return runs <= denseNumbers
}

// membersWant returns a want of the names in names.
func membersWant(names ...string) func([]byte) bool {
	return func(name []byte) bool {
		for _, n := range names {
			if string(name) == n {
				return true
			}
		}
		return false
	}
}

func TestMembers(t *testing.T) {
	long := strings.Repeat(`"filler": "`+strings.Repeat("x", 70)+`", `, 12)
	for _, c := range []struct {
		in    string
		names []string
	}{
		{`{}`, nil},
		{`{"a":1}`, nil},
		{`{"a":1,"b":[true,{"c":null}],"d":"x"}`, []string{"d"}},
		{`{"a":1,"b":[true,{"c":null}],"d":"x"}`, []string{"c"}}, // not at this level
		{`{ "a" : 1 , "b"` + "\n\t:\r" + ` {} }`, []string{"b"}},
		{`{"a":"\"\\\u00e9","b\"":1,"c":2}`, []string{"c"}}, // a name with an escape: the walk's
		{`{"a":1,"é":2,"c":3}`, []string{"c"}},
		{`{` + long + `"id": 12, "x": {"y": [1, 2, "\n"]}, "z": -1.5e3}`, []string{"z"}},
		{`{` + long + `"id": 12, "x": {"y": [1, 2, "\n"]}, "z": -1.5e3}`, []string{"nope"}},
	} {
		data := []byte(c.in)
		n := checkMembers(t, data, 1, true, 10, membersWant(c.names...), true)
		if ms, _ := refMembers(data, 1, true, 10); n > 0 && n < len(ms) && ms[n-1].valid {
			checkMembers(t, data, ms[n-1].end, false, 10, membersWant(c.names...), true)
		}
	}
	// A member value deeper than the limit, and bad input: Members stops before it.
	for _, in := range []string{`{"a":1,"b":[[[]]],"c":2}`, `{"a":1,"b":tru,"c":2}`, `{"a":1,"b":"` + "\x01" + `","c":2}`,
		`{"a":1 "b":2}`, `{"a":1,"b":2,}`, `{"a":1,"b":"\x"}`, `{"a":1,"b":01}`, `{"a":1,"b":1}}`, `{"a":1,"b"`} {
		checkMembers(t, []byte(in), 1, true, 2, membersWant("c"), false)
	}
	checkMembers(t, []byte(`{"a":1,"b":[],"c":2}`), 1, true, 0, membersWant("c"), false)
}

// TestMembersRandom holds Members to the reference on random objects, whole, with a byte changed,
// and cut short, asking for each member's name in turn, and for none.
func TestMembersRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for range 2000 {
		var data []byte
		for len(data) == 0 || data[0] != '{' {
			data = bytes.TrimLeft(randomJSON(data[:0], rng, 5), " \t\n\r")
		}
		ms, _ := refMembers(data, 1, true, 1000)
		wants := []func([]byte) bool{membersWant()}
		for _, m := range ms {
			wants = append(wants, membersWant(m.name))
		}
		for _, want := range wants {
			checkMembers(t, data, 1, true, 1000, want, fewNumbers(data))
			checkMembers(t, data, 1, true, 2, want, false)
		}
		checkMembersEach(t, data, fewNumbers(data))
		bad := bytes.Clone(data)
		bad[rng.IntN(len(bad))] = "\"\\{}[]:, \x01\xffu0e.-tx"[rng.IntN(18)]
		checkMembers(t, bad, 1, true, 1000, membersWant(), false)
		checkMembersEach(t, bad, false)
		checkMembers(t, data[:rng.IntN(len(data))], 1, true, 1000, membersWant(), false)
	}
}

// TestMembersDocuments reads the objects of the CLI's sample documents, asking for their last
// member: Members must pass all the others where they hold few numbers.
func TestMembersDocuments(t *testing.T) {
	passed := 0
	sampleContainers(t, 1000, func(data []byte) {
		end, ok := refValue(data, 0, refOpts{limit: 1000}, 0)
		if data[0] != '{' || !ok {
			return
		}
		obj := data[:end]
		ms, _ := refMembers(obj, 1, true, 1000)
		want := membersWant()
		if len(ms) > 0 {
			want = membersWant(ms[len(ms)-1].name)
		}
		passed += checkMembers(t, obj, 1, true, 1000, want, fewNumbers(obj))
		checkMembersEach(t, obj, fewNumbers(obj))
	})
	if passed == 0 {
		t.Fatal("Members passed no member of the sample documents")
	}
}

func FuzzMembers(f *testing.F) {
	f.Add([]byte(`{"a":1,"b":[true,{"c":null}],"d":"x"}`), "d", uint8(10))
	f.Add([]byte(`{"a":"\"\\\u00e9","b\"":1,"c":2}`), "c", uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, name string, limit uint8) {
		if i := refSpace(data, 0); i < len(data) && data[i] == '{' {
			checkMembers(t, data, i+1, true, int(limit), membersWant(name), false)
			if i == 0 {
				checkMembersEach(t, data, false)
			}
		}
	})
}

// TestMembersBadChunk: where a chunk of masks finds bad input, its masks are of no range that a
// later call could resume in (they were written over by the chunk that failed).
func TestMembersBadChunk(t *testing.T) {
	data := []byte(`{"a":1,"b":2,"c":"` + strings.Repeat("x", 100) + "\x01" + `","d":4}`)
	var s Skip
	s.Begin(10, false, false, false, true)
	if at, n, _, found := s.Members(data, 1, true, membersWant("d")); found || n != 2 {
		t.Fatalf("Members = %d, %d, found %v; want a stop after b, at the chunk with the control byte", at, n, found)
	}
	if c := &s.chunk; c.base < c.next {
		t.Fatalf("after bad input the masks hold %d to %d", c.base, c.next)
	}
	// Started anew (as resume does beyond its masks, here at the end of the input, where nextBlock
	// finds no chunk to classify), the masks hold nothing of the last chunk.
	good := []byte(`{"a":1,"b":"` + strings.Repeat("x", 100) + `","c":2}`)
	s.Members(good, 1, true, membersWant("c"))
	s.chunk.start(len(good))
	s.chunk.nextBlock(good)
	for i := range good {
		if s.Holds(i) {
			t.Fatalf("after a start at the end of the input the masks hold %d", i)
		}
	}
}
