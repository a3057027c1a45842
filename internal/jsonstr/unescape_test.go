package jsonstr

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The block unescapers against their pure-Go twin (unescapeBlocksGeneric), which defines them.

// checkUnescape runs the block unescapers (string and []byte entries) and the twin on s with room
// bytes of output, and compares what they consume and write; the bytes past the output slice must
// stay as they were.
func checkUnescape(t *testing.T, s []byte, room int) {
	t.Helper()
	want := make([]byte, room)
	wc, ww := unescapeBlocksGeneric(want, s)
	if wc > len(s) || ww > room || ww > wc {
		t.Fatalf("twin on %d bytes, room %d: consumed %d, wrote %d", len(s), room, wc, ww)
	}
	compareBlocks(t, s, room, want, wc, ww, func(dst []byte, str bool) (int, int) {
		if str {
			return unescapeBlocks(dst, string(s))
		}
		return unescapeBlocks(dst, s)
	})
}

// unescapeRooms are output sizes around the unescaper's needs.
var unescapeRooms = []int{0, 1, unblockRoom - 1, unblockRoom, unblockRoom + 1, unblockRoom + 31, 2 * unblockRoom, 4096}

// unescapePieces are the escapes and stops the matrix puts in every lane: every two-byte escape,
// \u, a bad escape, and the stops that end a block's work.
var unescapePieces = []string{`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u00e9`, `\x`, `\`, `"`, "\x01", "\x80", "é", `\\\"`, `\n\n\n`}

// TestUnescapeBlocksEveryStopEveryLane puts every piece at every position of inputs around one and
// two blocks, alone, back to back with itself, and at the end.
func TestUnescapeBlocksEveryStopEveryLane(t *testing.T) {
	if !useUnescape {
		t.Skip("no block unescapers in this build")
	}
	buf := make([]byte, 64+300)
	for _, n := range []int{0, 63, 64, 65, 95, 96, 97, 128, 200} {
		base := buf[n%7 : n%7+n]
		for _, piece := range unescapePieces {
			for _, rep := range []int{1, 2, 5} {
				p := strings.Repeat(piece, rep)
				for pos := 0; pos+len(p) <= n; pos++ {
					s := base[:n]
					copy(s, plainRun(n))
					copy(s[pos:], p)
					checkUnescape(t, s, 4096)
				}
			}
		}
		for pos := 0; pos < n; pos++ {
			for _, c := range nearStops {
				s := base[:n]
				copy(s, plainRun(n))
				s[pos] = c
				checkUnescape(t, s, 4096)
			}
		}
	}
}

// TestUnescapeBlocksRoom holds the unescapers to their output slice, with text made mostly or wholly
// of escapes and every room around a block's need.
func TestUnescapeBlocksRoom(t *testing.T) {
	if !useUnescape {
		t.Skip("no block unescapers in this build")
	}
	r := rand.New(rand.NewPCG(21, 22))
	for _, density := range []int{1, 2, 3, 8, 64} {
		var b []byte
		for len(b) < 3000 {
			if r.IntN(density) == 0 {
				b = append(b, []string{`\"`, `\\`, `\n`, `\/`, `\t`}[r.IntN(5)]...)
			} else {
				b = append(b, 'a'+byte(r.IntN(26)))
			}
		}
		for _, room := range unescapeRooms {
			checkUnescape(t, b, room)
		}
		for room := unblockRoom; room < unblockRoom+200; room += 7 {
			checkUnescape(t, b, room)
		}
	}
}

// FuzzUnescapeBlocks compares the unescapers with the twin on any input, at any alignment and room.
func FuzzUnescapeBlocks(f *testing.F) {
	f.Add([]byte(plainRun(100)+`\"`+plainRun(40)), uint8(0), uint16(4096))
	f.Add([]byte(plainRun(30)+`\n`+plainRun(80)+`\u00e9\\`), uint8(3), uint16(unblockRoom))
	buf := make([]byte, 64+1<<16)
	f.Fuzz(func(t *testing.T, in []byte, align uint8, room uint16) {
		if !useUnescape || len(in) > 1<<16 {
			return
		}
		s := buf[int(align)%64:][:len(in)]
		copy(s, in)
		checkUnescape(t, s, int(room)%(len(in)+unblockRoom+64))
	})
}

// TestUnescapeEveryPosition unquotes and decodes literals long enough for the block unescaper with
// a piece at every position, once, back to back, and at the end, so that one straddles every block
// boundary and every lane; the pieces include runs of \u escapes for unescapeRun.
func TestUnescapeEveryPosition(t *testing.T) {
	pieces := append([]string{`\u4e2d\u6587`, `\ud83d\ude00`, `\ud83d`, `\udc00x`, `\u12x4`, `\u0041 \u00e9, \u2028\n`, `\u00e9é`, "\xff"}, unescapePieces...)
	for _, n := range []int{128, 161, 200} {
		for _, piece := range pieces {
			for _, rep := range []int{1, 3} {
				p := strings.Repeat(piece, rep)
				for pos := 0; pos <= n; pos++ {
					lit := `"` + plainRun(pos) + p + plainRun(n-pos) + `"`
					checkUnquote(t, lit, false)
					checkUnquote(t, lit, true)
					dense := `"` + strings.Repeat(`\n`, listAfter) + plainRun(pos) + p + plainRun(n-pos) + `"`
					checkDecode(t, dense)
					checkDecode(t, dense+`, "next"`)
				}
				checkUnquote(t, `"`+plainRun(n)+p+`"`, false)
			}
		}
	}
}

// TestUnescapeDenseText runs AppendUnquote over escape-dense text and the same text written with
// every non-ASCII character escaped, against the reference, into buffers of every spare capacity.
func TestUnescapeDenseText(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	ascii := NewPolicy(EscapeNonASCII, "")
	for iter := 0; iter < 200; iter++ {
		s := denseText(r, 64+r.IntN(2000), iter%2 == 0)
		for _, p := range []*Policy{Default, ascii} {
			q, err := AppendQuote(nil, s, p)
			if err != nil {
				continue
			}
			want, _, _ := refUnquote(string(q), false)
			for _, spare := range []int{0, 1, 63, 64, 100, len(q)} {
				dst := make([]byte, 3, 3+spare)
				got, err := AppendUnquote(dst, q, false)
				if err != nil || string(got[3:]) != want {
					t.Fatalf("spare %d: AppendUnquote(%q) = %q, %v; want %q", spare, q, got[3:], err, want)
				}
			}
			checkUnquote(t, string(q), true)
			checkDecode(t, string(q)+`,"x"`)
		}
	}
}

// TestUnescapeRunSurrogates holds the run decoder's surrogate pairs to refUnquote: pairs, lone
// halves, a high half before an escape that is no low half, a bad hex digit in either half, each
// after every count of plain bytes and escapes, at the end of a literal and with the room after
// them that takes the block unescaper's path (where its runs are decoded) when the CPU has one.
func TestUnescapeRunSurrogates(t *testing.T) {
	pieces := []string{`\uD83D\uDE00`, `\uD83D`, `\uDE00`, `\uD83D\u0041`, `\uD83D\uDBFF`, `\uD83D\uE000`,
		`\uDBFF\uDFFF`, `\uD800\uDC00`, `\uD83Dx`, `\uD83D\uDE0G`, `\uD8G3\uDE00`, `\uD83D\n`, `\u00e9`, `ab`}
	for _, a := range pieces {
		for _, b := range pieces {
			for pad := range 14 {
				s := strings.Repeat(`\u0431`, pad%3) + strings.Repeat("x", pad) + a + b + a
				for _, strict := range []bool{false, true} {
					checkUnquote(t, `"`+s+`"`, strict)
					checkUnquote(t, `"`+s+strings.Repeat("y", 80)+`"`, strict) // the block unescaper's path
				}
			}
		}
	}
}
