package jsonread

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The fast path runs in every test of this package, over the pure-Go twin of the masks where there
// is no vector version: checkSkip holds it to the walk.
func init() { blocksOn = true }

// checkWhole holds Run with Whole (the fast path, where it may run) to Run without it on all of
// data: the same stop, and where it stops with an error the same state, so the error is the same.
// The fast path takes over at the first ',', and after a few bytes, as well as where it would.
func checkWhole(t *testing.T, data []byte, o refOpts, names bool) {
	t.Helper()
	var walk Skip
	walk.Begin(o.limit, o.strict, o.utf8, names, true)
	i, step := walk.Run(data, 0)
	defer func(after, dense int) { blocksAfter, blocksAfterDense = after, dense }(blocksAfter, blocksAfterDense)
	for _, at := range [][2]int{{0, 0}, {0, 100}, {9, 9}, {blocksAfter, blocksAfterDense}} {
		blocksAfter, blocksAfterDense = at[0], at[1]
		var fast Skip
		fast.Begin(o.limit, o.strict, o.utf8, names, true)
		fast.Whole = true
		j, fastStep := fast.Run(data, 0)
		if i != j || step != fastStep || walk.Expect() != fast.Expect() || walk.Depth() != fast.Depth() || walk.InObject() != fast.InObject() {
			t.Fatalf("Run of %q (%+v, names %v): %d, %d (expect %d, depth %d); with Whole from %v %d, %d (expect %d, depth %d)",
				data, o, names, i, step, walk.Expect(), walk.Depth(), at, j, fastStep, fast.Expect(), fast.Depth())
		}
	}
}

// randomJSON appends a random value of up to depth levels to b: strings long and short, with
// every escape and raw UTF-8, numbers of every form, and white space of every kind between tokens,
// so that values cross blocks and chunks anywhere.
func randomJSON(b []byte, rng *rand.Rand, depth int) []byte {
	space := func() {
		for n := rng.IntN(4); n > 0 && rng.IntN(2) == 0; n-- {
			b = append(b, " \t\n\r"[rng.IntN(4)])
		}
		if rng.IntN(16) == 0 {
			b = append(b, strings.Repeat(" ", rng.IntN(150))...)
		}
	}
	str := func() {
		b = append(b, '"')
		for n := rng.IntN(12); n > 0; n-- {
			switch rng.IntN(8) {
			case 0:
				b = append(b, []string{`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00e9`, `\uD83D\uDE00`, `\u0000`}[rng.IntN(11)]...)
			case 1:
				b = append(b, []string{"é", "☃", "😀", "{", "}", "[", "]", ":", ","}[rng.IntN(9)]...)
			case 2:
				b = append(b, strings.Repeat("x", rng.IntN(200))...)
			default:
				b = append(b, "abc 123"[rng.IntN(7)])
			}
		}
		b = append(b, '"')
	}
	space()
	switch k := rng.IntN(10); {
	case depth > 0 && k < 1 && rng.IntN(4) == 0:
		// Dense with numbers, so the fast path hands over to the walk.
		b = append(b, '[')
		for n := 20 + rng.IntN(60); n > 0; n-- {
			b = append(b, []string{"1", "-2", "3.5", "40", "5e1"}[rng.IntN(5)]...)
			if n > 1 {
				b = append(b, ',')
			}
		}
		b = append(b, ']')
	case depth > 0 && k < 2:
		b = append(b, '[')
		for n := rng.IntN(6); n > 0; n-- {
			b = randomJSON(b, rng, depth-1)
			if n > 1 {
				b = append(b, ',')
			}
		}
		space()
		b = append(b, ']')
	case depth > 0 && k < 4:
		b = append(b, '{')
		for n := rng.IntN(6); n > 0; n-- {
			space()
			str()
			space()
			b = append(b, ':')
			b = randomJSON(b, rng, depth-1)
			if n > 1 {
				b = append(b, ',')
			}
		}
		space()
		b = append(b, '}')
	case k < 6:
		str()
	case k < 9:
		b = append(b, []string{"0", "-0", "12", "1.5", "-3e10", "2E-3", "123456789012345678901", "0.000001"}[rng.IntN(8)]...)
	default:
		b = append(b, []string{"true", "false", "null"}[rng.IntN(3)]...)
	}
	space()
	return b
}

// TestSkipBlocksRandom holds the fast path to the walk and the reference on random containers, and
// on each with one byte changed (to a byte that matters to the grammar, or any byte) or cut short.
func TestSkipBlocksRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	o := refOpts{limit: 1000}
	for range 3000 {
		var data []byte
		for len(data) == 0 || data[0]|0x20 != '{' {
			data = randomJSON(data[:0], rng, 5)
			data = data[len(data)-len(strings.TrimLeft(string(data), " \t\n\r")):]
		}
		checkSkip(t, data, o, false, nil)
		checkSkip(t, data, refOpts{limit: 3}, false, nil)
		for range 4 {
			bad := []byte(string(data))
			if k := rng.IntN(len(bad)); rng.IntN(2) == 0 {
				bad[k] = "\"\\{}[]:, \x01\x0c\x1a\xffu0e.-tx"[rng.IntN(20)]
			} else {
				bad[k] = byte(rng.IntN(256))
			}
			checkSkip(t, bad, o, false, nil)
		}
		checkSkip(t, data[:rng.IntN(len(data))], o, false, nil)
	}
}

// TestSkipBlocksDocuments steps over every container of the CLI's sample documents (the first
// thousand of each), with and without the fast path.
func TestSkipBlocksDocuments(t *testing.T) {
	sampleContainers(t, 1000, func(data []byte) { checkWhole(t, data, refOpts{limit: 1000}, false) })
}
