package jsonstr

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The list scans against their pure-Go twin (listGeneric), which is the byte-at-a-time definition.

// listPolicies are the policies the list scans and block escapers serve: the default, every
// scanExtra policy, and where the set scans run the scanTable ones.
func listPolicies() []*Policy {
	ps := []*Policy{Default}
	for _, pc := range policies {
		if p := NewPolicy(pc.flags, pc.extra); p.scan == scanExtra {
			ps = append(ps, p)
		}
	}
	if useSet {
		for _, p := range setPolicies() {
			ps = append(ps, p.p)
		}
	}
	return ps
}

// checkList compares the list scans (string and []byte entries) with the twin on s.
func checkList(t *testing.T, p *Policy, s []byte) {
	t.Helper()
	var want, got [listCap]uint32
	wn, wc := listGeneric(s, &p.class, &want)
	check := func(name string, n, c int) {
		t.Helper()
		if n != wn || c != wc || !slices.Equal(got[:n], want[:wn]) {
			t.Fatalf("%s on %d bytes %q: n=%d covered=%d, want n=%d covered=%d; got %v, want %v",
				name, len(s), s, n, c, wn, wc, got[:n], want[:wn])
		}
	}
	n, c := stopList(string(s), p, &got)
	check("string", n, c)
	n, c = stopList(s, p, &got)
	check("bytes", n, c)
}

func TestListEveryStopEveryLane(t *testing.T) {
	if !useList {
		t.Skip("no list scans in this build")
	}
	buf := make([]byte, 64+200)
	for _, p := range listPolicies() {
		for _, n := range []int{0, 63, 64, 65, 127, 128, 129, 200} {
			s := buf[n%7 : n%7+n]
			copy(s, plainRun(n))
			checkList(t, p, s)
			for pos := 0; pos < n; pos++ {
				for _, c := range nearStops {
					s[pos] = c
					checkList(t, p, s)
				}
				s[pos] = plainRun(n)[pos]
			}
		}
	}
}

// TestListFull holds the scans to the list's capacity: text made of stops fills it block by block,
// and the scan stops while a whole block still fits.
func TestListFull(t *testing.T) {
	if !useList {
		t.Skip("no list scans in this build")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, p := range listPolicies() {
		for _, density := range []int{1, 2, 3, 8, 64} {
			s := []byte(plainRun(5000))
			for i := range s {
				if r.IntN(density) == 0 {
					s[i] = nearStops[r.IntN(len(nearStops))]
				}
			}
			checkList(t, p, s)
		}
	}
}

func TestListLong(t *testing.T) {
	if !useList {
		t.Skip("no list scans in this build")
	}
	s := []byte(plainRun(listSpan + 1000))
	s[listSpan-1], s[listSpan+1] = '"', '"'
	for _, p := range listPolicies() {
		checkList(t, p, s)
	}
}

// FuzzList compares the list scans with the twin on any input, at any alignment.
func FuzzList(f *testing.F) {
	f.Add([]byte(plainRun(100)+`"`+plainRun(40)), uint8(0))
	f.Add([]byte(plainRun(70)+"<"+plainRun(80)+"\x01\x80"), uint8(3))
	ps := listPolicies()
	buf := make([]byte, 64+1<<17)
	f.Fuzz(func(t *testing.T, in []byte, align uint8) {
		if !useList || len(in) > 1<<17 {
			return
		}
		s := buf[int(align)%64:][:len(in)]
		copy(s, in)
		for _, p := range ps {
			checkList(t, p, s)
		}
	})
}

// denseText is ASCII markup of n bytes or more with a stop every few bytes: quotes, backslashes,
// control bytes, the extra policies' stops, now and then a long plain run, and (with nonASCII) a
// multi-byte character.
func denseText(r *rand.Rand, n int, nonASCII bool) string {
	pieces := []string{`"`, `\`, "\n", "\x01", "<", ">", "&", "/", "#", "'", "=", `\"`, `\\`, `\u00e9`, `\ud83d\ude00`, `\ud83d`}
	if nonASCII {
		pieces = append(pieces, "é", "中", "\xff", "\u2028")
	}
	var b []byte
	for len(b) < n {
		if r.IntN(3) == 0 {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		run := r.IntN(40)
		if r.IntN(10) == 0 {
			run = r.IntN(700)
		}
		b = append(b, plainRun(run)...)
	}
	return string(b)
}

// TestListKernels runs quote and unquote over long escape-dense text, where they walk stop lists,
// against the byte-at-a-time references.
func TestListKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for iter := 0; iter < 300; iter++ {
		s := denseText(r, 64+r.IntN(3000), iter%3 == 0)
		for _, pc := range policies {
			checkQuote(t, pc, NewPolicy(pc.flags, pc.extra), s)
		}
		checkUnquote(t, `"`+s+`"`, false)
		checkUnquote(t, `"`+s+`"`, true)
		q, err := AppendQuote(nil, s, Default)
		if err == nil {
			checkUnquote(t, string(q), false)
			checkUnquote(t, string(q), true)
		}
	}
}

// TestListEscapeEveryPosition puts an escape (or a quote to escape) at every position of inputs long
// enough for stop lists, so that one straddles every block and list boundary.
func TestListEscapeEveryPosition(t *testing.T) {
	for _, n := range []int{128, 191, 200, 257} {
		for _, piece := range []string{`\"`, `\\`, `\n`, `\u00e9`, `\ud83d\ude00`, `\ud83d`} {
			for p := 0; p <= n; p++ {
				s := plainRun(p) + piece + plainRun(n-p)
				checkUnquote(t, `"`+s+`"`, false)
				// Quoting turns to lists after listAfter escapes.
				checkQuote(t, policies[0], Default, strings.Repeat("\n", listAfter)+s)
			}
		}
	}
}
