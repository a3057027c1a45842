package jsonstr

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// The block escapers against their pure-Go twin (escapeBlocksGeneric), which defines them.

// canary fills the bytes past an escaper's output slice; they must come back untouched.
const canary = 0xa5

// checkEscape runs the block escapers (string and []byte entries) and the twin on s with room bytes of
// output, and compares what they consume and write; the bytes past the output slice must stay as
// they were.
func checkEscape(t *testing.T, p *Policy, s []byte, room int) {
	t.Helper()
	want := make([]byte, room)
	wc, ww := escapeBlocksGeneric(want, s, p)
	if wc > len(s) || ww > room {
		t.Fatalf("twin on %d bytes, room %d: consumed %d, wrote %d", len(s), room, wc, ww)
	}
	compareBlocks(t, s, room, want, wc, ww, func(dst []byte, str bool) (int, int) {
		if str {
			return escapeBlocks(dst, string(s), p)
		}
		return escapeBlocks(dst, s, p)
	})
}

// compareBlocks runs a block escaper or unescaper (run, through its string entry and its []byte
// entry) on s with room bytes of output, and compares what it consumes and writes with its twin's
// answer (wc, ww, want); the bytes past the output slice must stay as they were.
func compareBlocks(t *testing.T, s []byte, room int, want []byte, wc, ww int, run func(dst []byte, str bool) (int, int)) {
	t.Helper()
	for _, entry := range []string{"string", "bytes"} {
		buf := bytes.Repeat([]byte{canary}, room+300)
		dst := buf[:room:room]
		c, w := run(dst, entry == "string")
		if c != wc || w != ww || !bytes.Equal(dst[:w], want[:ww]) {
			t.Fatalf("%s on %d bytes %q, room %d: consumed %d, wrote %d %q; want %d, %d %q",
				entry, len(s), s, room, c, w, dst[:w], wc, ww, want[:ww])
		}
		for k, b := range buf[room:] {
			if b != canary {
				t.Fatalf("%s on %d bytes, room %d: wrote byte %d past the output slice", entry, len(s), room, room+k)
			}
		}
	}
}

// escapeRooms are output sizes around the escaper's needs: too small for a block, just enough for
// one, for a few, and plenty.
var escapeRooms = []int{0, 1, blockRoom - 1, blockRoom, blockRoom + 1, blockRoom + 31, 2 * blockRoom, 4096}

func TestEscapeBlocksEveryStopEveryLane(t *testing.T) {
	if !useEscape {
		t.Skip("no block escapers in this build")
	}
	buf := make([]byte, 64+200)
	for _, p := range listPolicies() {
		for _, n := range []int{0, 63, 64, 65, 95, 96, 97, 128, 200} {
			s := buf[n%7 : n%7+n]
			copy(s, plainRun(n))
			checkEscape(t, p, s, 4096)
			for pos := 0; pos < n; pos++ {
				for _, c := range nearStops {
					s[pos] = c
					checkEscape(t, p, s, 4096)
				}
				s[pos] = plainRun(n)[pos]
			}
		}
	}
}

// TestEscapeBlocksRoom holds the escapers to their output slice: text made mostly or wholly of stops
// written as six bytes (control bytes) or two, with every room around a block's need.
func TestEscapeBlocksRoom(t *testing.T) {
	if !useEscape {
		t.Skip("no block escapers in this build")
	}
	r := rand.New(rand.NewPCG(11, 12))
	for _, p := range listPolicies() {
		for _, density := range []int{1, 2, 3, 8, 64} {
			s := []byte(plainRun(3000))
			for i := range s {
				if r.IntN(density) == 0 {
					s[i] = []byte{0x01, '"', 0x1f, '<', '\n'}[r.IntN(5)]
				}
			}
			for _, room := range escapeRooms {
				checkEscape(t, p, s, room)
			}
			for room := blockRoom; room < blockRoom+200; room += 7 {
				checkEscape(t, p, s, room)
			}
		}
	}
}

// FuzzEscapeBlocks compares the escapers with the twin on any input, at any alignment and room.
func FuzzEscapeBlocks(f *testing.F) {
	f.Add([]byte(plainRun(100)+`"`+plainRun(40)), uint8(0), uint16(4096))
	f.Add([]byte(plainRun(70)+"<\x01\x01\x01"+plainRun(80)+"\x01\x80"), uint8(3), uint16(blockRoom))
	ps := listPolicies()
	buf := make([]byte, 64+1<<16)
	f.Fuzz(func(t *testing.T, in []byte, align uint8, room uint16) {
		if !useEscape || len(in) > 1<<16 {
			return
		}
		s := buf[int(align)%64:][:len(in)]
		copy(s, in)
		for _, p := range ps {
			checkEscape(t, p, s, int(room)%(6*len(in)+blockRoom+64))
		}
	})
}

// TestEscapeBlocksQuote runs AppendQuote over escape-dense text, where it hands over to the block
// escapers, against the byte-at-a-time reference, into buffers of every spare capacity (so that the
// escapers run out of room at every point).
func TestEscapeBlocksQuote(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for iter := 0; iter < 200; iter++ {
		s := denseText(r, 64+r.IntN(2000), iter%4 == 0)
		for _, pc := range policies {
			p := NewPolicy(pc.flags, pc.extra)
			want, wantErr := refQuote(s, pc.flags, pc.extra)
			for _, spare := range []int{0, 1, 100, blockRoom, 2*blockRoom - 1, 2 * blockRoom, 1000, 8 * len(s)} {
				for _, asBytes := range []bool{false, true} {
					dst := make([]byte, 3, 3+spare)
					var got []byte
					var err error
					if asBytes {
						got, err = AppendQuote(dst, []byte(s), p)
					} else {
						got, err = AppendQuote(dst, s, p)
					}
					if (err == nil) != (wantErr == nil) || (err == nil && string(got[3:]) != want) {
						t.Fatalf("%s, spare %d: AppendQuote(%q) = %q, %v; want %q, %v", pc.name, spare, s, got[3:], err, want, wantErr)
					}
				}
			}
		}
	}
}
