package jsonstr

import (
	"math/rand/v2"
	"testing"
)

// The vector scans against their pure-Go twins: the same index for every input, alignment, length
// and start. Under the purego tag (or on a GOARCH without vector scans) both sides are pure Go and
// the tests still check the dispatch.

// scanCase is one scan under test: the dispatching function, the vector entry (which needs at least
// 32 bytes left), the pure-Go twin, and the policy whose class table says what a stop is.
type scanCase struct {
	name            string
	p               *Policy
	str, vec, twin  func(s string, i int) int
	bytes, vecBytes func(b []byte, i int) int
}

// The vector entry points called directly on s[i:] (at least 32 bytes), or the twins where there are
// none.
func vecIndexDefault(s string, i int) int {
	if !useVector {
		return indexDefaultGeneric(s, i)
	}
	return i + vecDefault(s[i:])
}

func vecIndexDefaultBytes(b []byte, i int) int {
	if !useVector {
		return indexDefaultGeneric(b, i)
	}
	return i + vecDefaultBytes(b[i:])
}

func vecIndexExtra(s string, i int, p *Policy) int {
	if !useVector {
		return indexExtraGeneric(s, i, &p.slots, &p.class)
	}
	return i + vecExtra(s[i:], &p.slots)
}

func vecIndexExtraBytes(b []byte, i int, p *Policy) int {
	if !useVector {
		return indexExtraGeneric(b, i, &p.slots, &p.class)
	}
	return i + vecExtraBytes(b[i:], &p.slots)
}

func scanCases() []scanCase {
	cases := []scanCase{{
		name: "default", p: Default,
		str: indexDefault[string], vec: vecIndexDefault, twin: indexDefaultGeneric[string],
		bytes: indexDefault[[]byte], vecBytes: vecIndexDefaultBytes,
	}}
	for _, pc := range policies {
		p := NewPolicy(pc.flags, pc.extra)
		if p.scan != scanExtra {
			continue
		}
		cases = append(cases, scanCase{
			name: "extra/" + pc.name, p: p,
			str:      func(s string, i int) int { return indexExtra(s, i, &p.slots, &p.class) },
			vec:      func(s string, i int) int { return vecIndexExtra(s, i, p) },
			twin:     func(s string, i int) int { return indexExtraGeneric(s, i, &p.slots, &p.class) },
			bytes:    func(b []byte, i int) int { return indexExtra(b, i, &p.slots, &p.class) },
			vecBytes: func(b []byte, i int) int { return vecIndexExtraBytes(b, i, p) },
		})
	}
	for _, p := range setPolicies() {
		cases = append(cases, scanCase{
			name: "set/" + p.name, p: p.p,
			str:      func(s string, i int) int { return indexSet(s, i, &p.p.set, &p.p.class) },
			vec:      func(s string, i int) int { return vecIndexSet(s, i, p.p) },
			twin:     func(s string, i int) int { return indexTable(s, i, &p.p.class) },
			bytes:    func(b []byte, i int) int { return indexSet(b, i, &p.p.set, &p.p.class) },
			vecBytes: func(b []byte, i int) int { return vecIndexSetBytes(b, i, p.p) },
		})
	}
	return cases
}

// refIndex is the byte-at-a-time answer.
func refIndex(p *Policy, s []byte, i int) int {
	for ; i < len(s); i++ {
		if p.class[s[i]] != plain {
			return i
		}
	}
	return len(s)
}

// checkScanAt holds every entry of sc to refIndex on s from i.
func checkScanAt(t *testing.T, sc scanCase, s []byte, i int) {
	t.Helper()
	want := refIndex(sc.p, s, i)
	str := string(s)
	got := [...]int{sc.str(str, i), sc.twin(str, i), sc.bytes(s, i), -1, -1}
	if len(s)-i >= 32 {
		got[3], got[4] = sc.vec(str, i), sc.vecBytes(s, i)
	} else {
		got[3], got[4] = want, want
	}
	for k, g := range got {
		if g != want {
			t.Fatalf("%s: scan %d of %q from %d = %d, want %d", sc.name, k, s, i, g, want)
		}
	}
}

// nearStops are bytes at and around every stop's edge, and the extra policies' stops.
var nearStops = []byte{0x00, 0x1f, 0x20, 0x21, '"', '#', '%', '&', '\'', '/', '<', '=', '>', '\\', ']', 0x7e, 0x7f, 0x80, 0xc3, 0xff}

func TestIndexEveryStopEveryLane(t *testing.T) {
	// Lengths up to 160 take every path of the vector loops (64-byte turns, a 32-byte turn, the
	// overlapping last block) with the stop in each; TestIndexRandom goes further.
	buf := make([]byte, 64+160)
	for _, sc := range scanCases() {
		for n := 0; n <= 160; n++ {
			for _, align := range []int{0, 13, 33} {
				s := buf[align : align+n]
				copy(s, plainRun(n))
				checkScanAt(t, sc, s, 0)
				for pos := 0; pos < n; pos++ {
					for _, c := range nearStops {
						s[pos] = c
						checkScanAt(t, sc, s, 0)
						if pos > 0 {
							checkScanAt(t, sc, s, pos-1)
						}
					}
					s[pos] = plainRun(n)[pos]
				}
			}
		}
	}
}

func TestIndexRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	buf := make([]byte, 64+70000)
	lengths := []int{1000, 4096 + 17, 65536 + 3}
	for n := 0; n <= 400; n++ {
		lengths = append(lengths, n)
	}
	for _, sc := range scanCases() {
		for _, n := range lengths {
			for iter := 0; iter < 4; iter++ {
				align := r.IntN(64)
				s := buf[align : align+n]
				copy(s, plainRun(n))
				// A few stops (or near-stops) at random places, sparse so the first can be far in.
				for k := r.IntN(4); k > 0 && n > 0; k-- {
					s[r.IntN(n)] = nearStops[r.IntN(len(nearStops))]
				}
				i := 0
				if n > 0 {
					i = r.IntN(n + 1)
				}
				checkScanAt(t, sc, s, i)
				checkScanAt(t, sc, s, 0)
			}
		}
	}
}

// FuzzIndex compares every scan with the reference on any input, from any start and alignment.
func FuzzIndex(f *testing.F) {
	f.Add([]byte(plainRun(100)+`"`), uint8(0), uint8(0))
	f.Add([]byte(plainRun(70)+"<"+plainRun(40)), uint8(3), uint8(5))
	cases := scanCases()
	buf := make([]byte, 64+1<<16)
	f.Fuzz(func(t *testing.T, in []byte, start, align uint8) {
		if len(in) > 1<<16 {
			return
		}
		s := buf[int(align)%64:][:len(in)]
		copy(s, in)
		i := min(int(start), len(s))
		for _, sc := range cases {
			checkScanAt(t, sc, s, i)
		}
	})
}
