package jsonstr

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// tokenBlocksRef is TokenBlocks' definition, one byte at a time.
func tokenBlocksRef(src []byte, st TokenState) ([]uint64, TokenState, bool) {
	out := make([]uint64, 2*(len(src)/64))
	in, esc, scalar := st.InString != 0, st.Escaped != 0, st.Scalar != 0
	ok := true
	for i, c := range src[:len(src)&^63] {
		k, bit := 2*(i/64), uint64(1)<<(i%64)
		escaped := esc
		esc = c == '\\' && !escaped
		quote := c == '"' && !escaped
		if in {
			if c < 0x20 {
				ok = false
			}
			if escaped {
				out[k+1] |= bit
			}
			in, scalar = !quote, false
			continue
		}
		switch {
		case quote:
			in, scalar = true, false
			out[k] |= bit
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			scalar = false
		case strings.IndexByte("{}[]:,", c) >= 0:
			out[k] |= bit
			scalar = false
		default:
			if c < 0x20 {
				ok = false
			}
			if !scalar {
				out[k] |= bit
			}
			scalar = true
		}
	}
	return out, tokenState(in, esc, scalar), ok
}

// tokenState is the TokenState of a boundary inside a string or not, before an escaped byte or
// not, after a number or literal or not.
func tokenState(in, esc, scalar bool) TokenState {
	var st TokenState
	if in {
		st.InString = ^uint64(0)
	}
	if esc {
		st.Escaped = 1
	}
	if scalar {
		st.Scalar = 1
	}
	return st
}

// checkTokenBlocks holds TokenBlocks (vector or not) and its pure-Go twin to the reference: the
// same verdict, and where it is good the same masks and state.
func checkTokenBlocks(t *testing.T, src []byte, st TokenState) {
	t.Helper()
	want, wantSt, wantOK := tokenBlocksRef(src, st)
	got, goOut := make([]uint64, len(want)), make([]uint64, len(want))
	gotSt, goSt := st, st
	ok := TokenBlocks(src, &gotSt, got)
	goOK := tokenBlocksGo(src, &goSt, goOut)
	if ok != wantOK || goOK != wantOK {
		t.Fatalf("TokenBlocks of %q from %+v: %v, pure Go %v, want %v", src, st, ok, goOK, wantOK)
	}
	if wantOK && (!slices.Equal(got, want) || gotSt != wantSt || !slices.Equal(goOut, want) || goSt != wantSt) {
		t.Fatalf("TokenBlocks of %q from %+v:\nvector  %x %+v\npure Go %x %+v\nwant    %x %+v",
			src, st, got, gotSt, goOut, goSt, want, wantSt)
	}
}

// TestTokenBlocksMatrix puts every byte value at every lane of a block, on backgrounds that put it
// inside a string, outside one, in a number, and after a backslash.
func TestTokenBlocksMatrix(t *testing.T) {
	src := make([]byte, 128)
	for _, bg := range []byte(` a"1\{,`) {
		for c := range 256 {
			for lane := 0; lane < 128; lane += 3 {
				for i := range src {
					src[i] = bg
				}
				src[lane] = byte(c)
				for _, st := range []TokenState{{}, {InString: ^uint64(0)}, {Escaped: 1, Scalar: 1}} {
					checkTokenBlocks(t, src, st)
				}
			}
		}
	}
}

func TestTokenBlocksRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	alphabet := []byte("\"\"\"\\\\{}[]:, \t\n\ra1-.eE\x00\x0c\x1a\x7f\x80\xff")
	for range 20000 {
		src := make([]byte, rng.IntN(400))
		for i := range src {
			if rng.IntN(3) == 0 {
				src[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				src[i] = "a1 "[rng.IntN(3)]
			}
			if rng.IntN(8) != 0 && src[i] < 0x20 && src[i] != '\n' {
				src[i] = 'x' // most inputs good, so their masks are compared
			}
		}
		st := TokenState{Escaped: uint64(rng.IntN(2)), Scalar: uint64(rng.IntN(2))}
		if rng.IntN(2) == 0 {
			st.InString = ^uint64(0)
		}
		checkTokenBlocks(t, src, st)
	}
}

func FuzzTokenBlocks(f *testing.F) {
	f.Add([]byte(`{"a":[1,2.5e3,true,"x\"y\\",null],"b\u0041":{"c" : -0}}                                     `), false, false, false)
	f.Fuzz(func(t *testing.T, src []byte, in, esc, scalar bool) {
		checkTokenBlocks(t, src, tokenState(in, esc, scalar))
	})
}
