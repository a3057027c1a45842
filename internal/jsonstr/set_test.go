package jsonstr

import (
	"math/rand/v2"
	"testing"
)

// The set scans (set.go) against the class table, which defines them.

type namedPolicy struct {
	name string
	p    *Policy
}

// setPolicies are the scanTable policies under test: every one of policies, and the benchmarks'
// sets of 4, 8 and 16 extra characters.
func setPolicies() []namedPolicy {
	var ps []namedPolicy
	for _, pc := range policies {
		if p := NewPolicy(pc.flags, pc.extra); p.scan == scanTable {
			ps = append(ps, namedPolicy{pc.name, p})
		}
	}
	for _, x := range extraSets {
		ps = append(ps, namedPolicy{x.name, NewPolicy(EscapeHTML|EscapeLineTerminators, x.extra)})
	}
	return ps
}

// The vector set scan called directly on s[i:] (at least 32 bytes), or the twin where there is none.
func vecIndexSet(s string, i int, p *Policy) int {
	if !useSet {
		return indexTable(s, i, &p.class)
	}
	return i + vecSet(s[i:], &p.set)
}

func vecIndexSetBytes(b []byte, i int, p *Policy) int {
	if !useSet {
		return indexTable(b, i, &p.class)
	}
	return i + vecSetBytes(b[i:], &p.set)
}

// nibbleStop is the vector scans' test, written out.
func nibbleStop(t *nibbles, c byte) bool { return t.lo[c&15]&t.hi[c>>4] != 0 }

// TestNibblesExact holds the nibble tables to the class table for every byte, on the policies under
// test and on random sets: the index and block scans stop at every byte that is not plain, the text
// scan at every ASCII one.
func TestNibblesExact(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	ps := setPolicies()
	for iter := 0; iter < 300; iter++ {
		var extra []byte
		for k := r.IntN(40); k > 0; k-- {
			extra = append(extra, byte(r.IntN(0x80)))
		}
		ps = append(ps, namedPolicy{"random " + string(extra), NewPolicy(Flags(r.IntN(64)), string(extra))})
	}
	for _, np := range ps {
		p := np.p
		isStop := func(c byte) bool { return p.class[c] != plain }
		idx, text := newNibbles(isStop, true), newNibbles(isStop, false)
		for c := range 256 {
			if got, want := nibbleStop(&idx, byte(c)), p.class[c] != plain; got != want {
				t.Fatalf("%s: index tables on %#x: %v, want %v", np.name, c, got, want)
			}
			if got, want := nibbleStop(&text, byte(c)), p.class[c] == escASCII; got != want {
				t.Fatalf("%s: text tables on %#x: %v, want %v", np.name, c, got, want)
			}
		}
	}
}

// TestQuoteSetEveryLane puts every byte (each stop of the set, and the plain ones around it) after 0
// to 20 plain bytes and before 0 to 8, alone, twice and at the very end, and after plain runs long
// enough to reach the vector scans and the block escapers, under every set policy.
func TestQuoteSetEveryLane(t *testing.T) {
	pres := []int{31, 32, 33, 63, 64, 65, 95, 96, 97, 127, 128, 129, 200, 300}
	for pre := 0; pre <= 20; pre++ {
		pres = append(pres, pre)
	}
	for _, pc := range policies {
		p := NewPolicy(pc.flags, pc.extra)
		if p.scan != scanTable {
			continue
		}
		for c := 0; c < 0x80; c++ {
			b := string([]byte{byte(c)})
			for _, pre := range pres {
				for post := 0; post <= 8; post++ {
					checkQuote(t, pc, p, plainRun(pre)+b+plainRun(post))
				}
				checkQuote(t, pc, p, plainRun(pre)+b+b+b+plainRun(9))
				checkQuote(t, pc, p, plainRun(pre)+"é"+b+"中"+plainRun(40)+b)
			}
		}
	}
}

// TestQuoteSetDense quotes long text dense with the set's stops, non-ASCII text and both, under
// every set policy, against the reference: the word loop, the block escapers and the text scan in
// turn.
func TestQuoteSetDense(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, pc := range policies {
		p := NewPolicy(pc.flags, pc.extra)
		if p.scan != scanTable {
			continue
		}
		var stops []byte
		for c := range 0x80 {
			if p.class[c] != plain {
				stops = append(stops, byte(c))
			}
		}
		for iter := 0; iter < 60; iter++ {
			b := []byte(plainRun(64 + r.IntN(3000)))
			every := 1 + r.IntN(64)
			for k := range b {
				if r.IntN(every) == 0 {
					b[k] = stops[r.IntN(len(stops))]
				}
			}
			s := string(b)
			if iter%3 == 1 {
				s = mixedText(r, len(b), 0) + s
			}
			if iter%3 == 2 {
				s = denseText(r, len(b), true)
			}
			checkQuote(t, pc, p, s)
		}
	}
}

// FuzzQuoteSet compares AppendQuote under a random set of extra ASCII characters (and random flags)
// with refQuote, on the input and on it repeated.
func FuzzQuoteSet(f *testing.F) {
	f.Add("#%*|~^`$", uint8(3), "a#b%c*d|"+plainRun(80)+"~^`$ é中😀")
	f.Add("abcdefghijklmnop", uint8(0), plainRun(200))
	f.Fuzz(func(t *testing.T, extra string, flags uint8, s string) {
		x := []byte(extra)
		for k := range x {
			x[k] &= 0x7f
		}
		pc := policyCase{"fuzz", Flags(flags) & (EscapeHTML | EscapeLineTerminators | EscapeSlash | RawReplacement | RejectInvalidUTF8 | EscapeNonASCII), string(x)}
		p := NewPolicy(pc.flags, pc.extra)
		checkQuote(t, pc, p, s)
		checkQuote(t, pc, p, repeated(s))
	})
}
