package jsonstr

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/corpus"
)

// checkDecode holds DecodeString to ScanString (end, plain, errors) and AppendUnquote (value).
func checkDecode(t *testing.T, s string) {
	for _, strict := range []bool{false, true} {
		wantEnd, wantPlain, wantErr := ScanString(s, 0, strict)
		out, end, plain, err := DecodeString([]byte("x"), s, 0, strict)
		if (err == nil) != (wantErr == nil) || err != nil && (err.Code != wantErr.Code || err.Offset != wantErr.Offset) {
			t.Fatalf("strict=%v DecodeString(%q) error %v; ScanString %v", strict, s, err, wantErr)
		}
		if err != nil {
			if string(out) != "x" {
				t.Fatalf("DecodeString(%q) changed dst on error: %q", s, out)
			}
			continue
		}
		if end != wantEnd || plain != wantPlain {
			t.Fatalf("strict=%v DecodeString(%q) = %d, %v; ScanString %d, %v", strict, s, end, plain, wantEnd, wantPlain)
		}
		want, uerr := AppendUnquote([]byte("x"), s[:end], strict)
		if uerr != nil {
			t.Fatalf("AppendUnquote(%q): %v", s[:end], uerr)
		}
		if plain {
			if string(out) != "x" || "x"+s[1:end-1] != string(want) {
				t.Fatalf("DecodeString(%q) plain, but dst %q, value %q", s, out, want)
			}
		} else if string(out) != string(want) {
			t.Fatalf("strict=%v DecodeString(%q) = %q; AppendUnquote %q", strict, s, out, want)
		}
	}
}

func TestDecodeString(t *testing.T) {
	corpus.UnquoteInputs(func(lit string) {
		if len(lit) > 0 && lit[0] == '"' {
			checkDecode(t, lit)
			checkDecode(t, lit+`, "next"`)
		}
	})
	for _, lit := range []string{`"\ud83d\ude00"`, `"\ud83d"`, `"a\ud83d\u0041"`, "\"\xe2\x82\"", "\"\xe2\x82", `"\`, `"\u12`, `"ab\\\\\\"c"x`, `"a\u12x4"`} {
		checkDecode(t, lit)
	}
}

// TestDecodeStringLists decodes long literals dense with escapes, where DecodeString turns to stop
// lists, followed by more of a document whose stops the lists may reach.
func TestDecodeStringLists(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for iter := 0; iter < 300; iter++ {
		text := denseText(r, 64+r.IntN(2000), iter%3 == 0)
		lit, _ := AppendQuote(nil, text, Default)
		checkDecode(t, string(lit))
		checkDecode(t, string(lit)+`, "next": "\"\\\n", `+string(lit))
		checkDecode(t, `"`+text+`"`+text) // raw text: control bytes, bad escapes, invalid UTF-8
	}
	// An escape at every position after the escapes that start the lists, so that one straddles
	// every block and list boundary.
	prefix := strings.Repeat(`\n`, listAfter)
	for _, piece := range []string{`\"`, `\\`, `\u00e9`, `\ud83d\ude00`} {
		for p := 0; p <= 200; p++ {
			checkDecode(t, `"`+prefix+plainRun(p)+piece+plainRun(200-p)+`"`)
		}
	}
}

func FuzzDecodeString(f *testing.F) {
	for _, s := range corpus.UnquoteStops {
		f.Add(`"` + corpus.PlainRun(5) + s + corpus.PlainRun(3) + s + `"`)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 0 && s[0] == '"' {
			checkDecode(t, s)
		}
		checkDecode(t, `"`+s+`"`)
		checkDecode(t, `"`+repeated(s)+`"`+repeated(s))
	})
}

// TestDecodeStringBig decodes literals longer than bigValue, where DecodeString sizes dst once from
// the rest of the literal: escapes at the start, the end and throughout, invalid UTF-8 that
// lengthens the value, and broken literals, followed by more input.
func TestDecodeStringBig(t *testing.T) {
	n := bigValue + 100
	run := plainRun(n)
	dense := strings.Repeat(`ab\n\"cd\u00e9`, n/12)
	for _, lit := range []string{
		`"\n` + run + `"`, `"` + run + `\n"`, `"` + dense + `"`, `"\n` + strings.Repeat("\xff", n) + `"`,
		`"\n` + run, `"\n` + run + "\x01\"", `"\n` + run + `\x"`, `"` + dense + `\ud800"`,
	} {
		checkDecode(t, lit)
		checkDecode(t, lit+`, "next": "\n"`)
	}
}

// TestDecodeStringBigAllocs pins the memory DecodeString takes for a long literal, with an escape
// at index 0 or escapes throughout, to one buffer of the literal's size and the short ones grown,
// by doubling, before the value reached bigValue (under 2*bigValue bytes in all, 3*bigValue
// allowed): not a copy at every step of growth, which would take as much again as the value.
func TestDecodeStringBigAllocs(t *testing.T) {
	for _, lit := range []string{`"\n` + plainRun(8*bigValue) + `"`, `"` + strings.Repeat(`abc\n`, 2*bigValue) + `"`} {
		out, _, _, err := DecodeString(nil, lit, 0, false)
		if err != nil {
			t.Fatal(err)
		}
		const runs = 4
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range runs {
			DecodeString(nil, lit, 0, false)
		}
		runtime.ReadMemStats(&after)
		if per, limit := (after.TotalAlloc-before.TotalAlloc)/runs, uint64(len(lit)+3*bigValue); per > limit {
			t.Errorf("DecodeString of %d bytes to %d: %d bytes allocated, want at most %d", len(lit), len(out), per, limit)
		}
	}
}

// TestDecodeStringGrowth: a value shorter than bigValue, decoded into no buffer (a Decoder's first
// string), takes its first room at growMin and doubles from there: a 40 KB string with an escape
// every 40 bytes (an OpenRTB adm) in at most 8 allocations, where doubling from its first run
// took 12.
func TestDecodeStringGrowth(t *testing.T) {
	lit := `"` + strings.Repeat(strings.Repeat("x", 38)+`\n`, 1000) + `"`
	if n := testing.AllocsPerRun(20, func() { DecodeString(nil, lit, 0, false) }); n > 8 {
		t.Errorf("DecodeString of a 40 KB escaped value into nil: %v allocations, want at most 8", n)
	}
}
