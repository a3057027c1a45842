package jsonstr

import (
	"math/rand/v2"
	"testing"
)

// TestClassifyGo holds classifyGo's exact lane tests to a byte switch: every byte value at every
// lane, on a background of every byte value.
func TestClassifyGo(t *testing.T) {
	src := make([]byte, 64)
	for bg := range 256 {
		for c := range 256 {
			for lane := 0; lane < 64; lane += 7 {
				for i := range src {
					src[i] = byte(bg)
				}
				src[lane] = byte(c)
				var want block
				for i, c := range src {
					bit := uint64(1) << i
					switch c {
					case '"':
						want.quote |= bit
					case '\\':
						want.backslash |= bit
					case '[', '{':
						want.open |= bit
					case ']', '}':
						want.close |= bit
					}
				}
				if got := classifyGo(src); got != want {
					t.Fatalf("classifyGo(%q) = %x, want %x", src, got, want)
				}
			}
		}
	}
}

// skipBlocksRef is SkipBlocks' definition, one byte at a time.
func skipBlocksRef(src []byte, st BlockState) (int, BlockState, bool) {
	depth, in, esc := st.Depth, st.InString != 0, st.Escaped != 0
	for i, c := range src[:len(src)&^63] {
		switch {
		case esc:
			esc = false
		case c == '\\':
			esc = true
		case c == '"':
			in = !in
		case in:
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			if depth--; depth == 0 {
				return i + 1, st, true
			}
		}
	}
	st = BlockState{Depth: depth}
	if in {
		st.InString = ^uint64(0)
	}
	if esc {
		st.Escaped = 1
	}
	return len(src) &^ 63, st, false
}

// checkSkipBlocks holds SkipBlocks (the vector version where there is one) and skipBlocksGo to
// skipBlocksRef.
func checkSkipBlocks(t *testing.T, src []byte, st BlockState) {
	t.Helper()
	wantN, want, wantEnd := skipBlocksRef(src, st)
	got, goGot := st, st
	n, end := SkipBlocks(src, &got)
	goN, goEnd := skipBlocksGo(src, &goGot)
	if n != wantN || end != wantEnd || got != want || goN != wantN || goEnd != wantEnd || goGot != want {
		t.Fatalf("SkipBlocks of %q from %+v:\nvector  %d %v %+v\npure Go %d %v %+v\nwant    %d %v %+v",
			src, st, n, end, got, goN, goEnd, goGot, wantN, wantEnd, want)
	}
}

// TestSkipBlocksMatrix puts every byte value at every lane of a block, on a background of every
// byte value, with the depth too deep to end: whatever a lane's byte is taken for shows in the
// state (depth, inside a string, escaped).
func TestSkipBlocksMatrix(t *testing.T) {
	src := make([]byte, 128)
	for bg := range 256 {
		for c := range 256 {
			for lane := 0; lane < 128; lane += 5 {
				for i := range src {
					src[i] = byte(bg)
				}
				src[lane] = byte(c)
				checkSkipBlocks(t, src, BlockState{Depth: 1 << 20})
			}
		}
	}
}

func TestSkipBlocksRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		// Mostly text with brackets and quotes; backslashes in half the inputs.
		alphabet := []byte(`"[]{}a:, `)
		if rng.IntN(2) == 0 {
			alphabet = append(alphabet, '\\', '\\', '\\')
		}
		src := make([]byte, rng.IntN(600))
		for i := range src {
			if rng.IntN(3) == 0 {
				src[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				src[i] = 'a'
			}
		}
		st := BlockState{Depth: rng.IntN(40), Escaped: uint64(rng.IntN(2))}
		if rng.IntN(4) == 0 {
			st.Depth = 1 << 30 // every block passes: the state carried through many
		}
		if rng.IntN(2) == 0 {
			st.InString = ^uint64(0)
		}
		checkSkipBlocks(t, src, st)
	}
}

func FuzzSkipBlocks(f *testing.F) {
	f.Add([]byte(`[[[[{"a":"]]]]","b":[1,2,3]},{"c":"}"}]]]]                                              `), uint8(5), false, false)
	f.Fuzz(func(t *testing.T, src []byte, depth uint8, in, esc bool) {
		st := BlockState{Depth: int(depth)}
		if in {
			st.InString = ^uint64(0)
		}
		if esc {
			st.Escaped = 1
		}
		checkSkipBlocks(t, src, st)
	})
}

// TestEscaped holds Escaped to a byte loop, on random backslashes (dense and sparse, and runs to
// the word's end) with either carry.
func TestEscaped(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		bs, carry := rng.Uint64(), rng.Uint64()&1
		switch rng.IntN(4) {
		case 0:
			bs &= rng.Uint64() & rng.Uint64()
		case 1:
			bs = ^uint64(0) << rng.IntN(64)
		case 2:
			bs &= rng.Uint64()
		}
		var want, wantNext uint64
		esc := carry == 1
		for i := range 64 {
			switch {
			case esc:
				want |= 1 << i
				esc = false
			case bs&(1<<i) != 0:
				esc = true
			}
		}
		if esc {
			wantNext = 1
		}
		// Only the bits of bytes other than backslashes mean anything.
		if got, next := Escaped(bs, carry); got&^bs != want&^bs || next != wantNext {
			t.Fatalf("Escaped(%064b, %d) = %064b, %d; want %064b, %d", bs, carry, got, next, want, wantNext)
		}
	}
}
