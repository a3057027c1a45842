package jsonread

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonnum"
)

// The reference for Skip: a recursive-descent reading of RFC 8259, byte by byte, with the options'
// string checks spelled out, and a literal or number that a letter or digit follows (truex, 1true
// inside a container) taken as one bad token, as the Reader takes it.

type refOpts struct {
	limit        int
	strict, utf8 bool
}

func refSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

func refValue(b []byte, i int, o refOpts, depth int) (int, bool) {
	i = refSpace(b, i)
	if i >= len(b) {
		return i, false
	}
	switch c := b[i]; c {
	case '{', '[':
		if depth >= o.limit {
			return i, false
		}
		closing := byte('}')
		if c == '[' {
			closing = ']'
		}
		i = refSpace(b, i+1)
		if i < len(b) && b[i] == closing {
			return i + 1, true
		}
		for {
			var ok bool
			if c == '{' {
				if i = refSpace(b, i); i >= len(b) || b[i] != '"' {
					return i, false
				}
				if i, ok = refString(b, i, o); !ok {
					return i, false
				}
				if i = refSpace(b, i); i >= len(b) || b[i] != ':' {
					return i, false
				}
				i++
			}
			if i, ok = refValue(b, i, o, depth+1); !ok {
				return i, false
			}
			if i = refSpace(b, i); i < len(b) && b[i] == ',' {
				i++
				continue
			}
			if i < len(b) && b[i] == closing {
				return i + 1, true
			}
			return i, false
		}
	case '"':
		return refString(b, i, o)
	case 't', 'f', 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if bytes.HasPrefix(b[i:], []byte(lit)) {
				end := i + len(lit)
				return end, end == len(b) || !refWordByte(b[end])
			}
		}
		return i, false
	}
	return refNumber(b, i)
}

func refWordByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func refNumber(b []byte, i int) (int, bool) {
	digits := func() bool {
		start := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i > start
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else if !digits() {
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if !digits() {
			return i, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !digits() {
			return i, false
		}
	}
	return i, i == len(b) || !refWordByte(b[i])
}

// refString reads the literal at b[i] (a '"'): no control byte, only the grammar's escapes; with
// utf8 or strict, valid UTF-8; with strict, every surrogate escape in a pair.
func refString(b []byte, i int, o refOpts) (int, bool) {
	start := i
	pendingHigh := false // a \uD800-\uDBFF was the last thing read
	for i++; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '"':
			if pendingHigh && o.strict {
				return i, false
			}
			lit := b[start : i+1]
			return i + 1, !(o.strict || o.utf8) || utf8.Valid(lit)
		case c < 0x20:
			return i, false
		case c == '\\':
			if i+1 >= len(b) {
				return i, false
			}
			i++
			if !strings.ContainsRune(`"\/bfnrtu`, rune(b[i])) {
				return i, false
			}
			if b[i] != 'u' {
				if pendingHigh && o.strict {
					return i, false
				}
				continue
			}
			if i+4 >= len(b) {
				return i, false
			}
			if strings.Trim(string(b[i+1:i+5]), "0123456789abcdefABCDEF") != "" {
				return i, false
			}
			u, _ := strconv.ParseUint(string(b[i+1:i+5]), 16, 32)
			r := rune(u)
			i += 4
			switch {
			case 0xD800 <= r && r < 0xDC00:
				if pendingHigh && o.strict {
					return i, false
				}
				pendingHigh = true
			case 0xDC00 <= r && r < 0xE000:
				if !pendingHigh && o.strict {
					return i, false
				}
				pendingHigh = false
			default:
				if pendingHigh && o.strict {
					return i, false
				}
			}
		default:
			if pendingHigh && o.strict {
				return i, false
			}
		}
	}
	return i, false
}

// runSkip steps over the value at the start of data with a Skip that sees the input through a
// window that grows by the sizes steps gives (all of it once they run out), as a stream reader
// does. It reads the tokens the Skip leaves to it with the reference, on all of data.
func runSkip(t *testing.T, data []byte, o refOpts, names bool, steps []int) (int, bool) {
	t.Helper()
	var s Skip
	win := len(data)
	if len(steps) > 0 {
		win, steps = min(steps[0], len(data)), steps[1:]
	}
	s.Begin(o.limit, o.strict, o.utf8, names, win == len(data))
	pos := 0
	for n := 0; ; n++ {
		if n > 10*len(data)+100 {
			t.Fatalf("Skip of %q makes no progress", data)
		}
		s.Final = win == len(data)
		p, step := s.Run(data[:win], pos)
		if p < pos || p > win {
			t.Fatalf("Skip of %q went from %d to %d, window %d", data, pos, p, win)
		}
		pos = p
		var ok bool
		switch step {
		case StepDone:
			return pos, true
		case StepMore:
			if win == len(data) {
				return pos, false
			}
			win = len(data)
			if len(steps) > 0 {
				win, steps = min(win, pos+steps[0]), steps[1:]
			}
			continue
		case StepToken:
			if s.Expect() != ExpectValue && s.Expect() != ExpectElement && s.Expect() != ExpectMember {
				t.Fatalf("Skip of %q: a token where it expects %d", data, s.Expect())
			}
			if pos, ok = refValue(data, pos, o, 0); !ok || data[p] == '{' || data[p] == '[' {
				return pos, false
			}
			s.TokenRead()
		case StepName:
			if s.Expect() != ExpectName || data[pos] != '"' {
				t.Fatalf("Skip of %q: a name at %d where it expects %d", data, pos, s.Expect())
			}
			if pos, ok = refString(data, pos, o); !ok {
				return pos, false
			}
			s.NameRead()
		default:
			return pos, false
		}
		win = max(win, min(pos+1, len(data))) // a token read by the caller is in the window
	}
}

func checkSkip(t *testing.T, data []byte, o refOpts, names bool, steps []int) {
	t.Helper()
	wantEnd, wantOK := refValue(data, 0, o, 0)
	end, ok := runSkip(t, data, o, names, steps)
	if ok != wantOK || ok && end != wantEnd {
		t.Fatalf("Skip of %q (%+v, names %v, windows %v) = %d, %v; reference %d, %v", data, o, names, steps, end, ok, wantEnd, wantOK)
	}
	if steps == nil {
		checkWhole(t, data, o, names)
	}
}

var skipInputs = []string{
	`0`, `-0`, `12`, `1.5e+3`, `01`, `1.`, `-`, `1x`, `[1x]`, `[01]`, `[-]`, `1234567890123456789`, `[1234567890123]`,
	`true`, `false`, `null`, `tru`, `truex`, `nul`, `[true,false,null]`, `[truex]`, `[nulll]`,
	`""`, `"a"`, `"\n"`, `"\u00e9"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\ude00"`, `"\ud83dx"`, `"\x"`, `"\u12"`, `"\u00G1"`, "\"\\u00\x101\"", "\"\x01\"",
	"\"\xff\"", "\"\xc3\xa9\"", `"abc`, `"abc\"`,
	`[]`, `{}`, `[ ]`, `{ }`, `[1,2,3]`, `[1,]`, `[,1]`, `[1 2]`, `[1:2]`, `[[[]]]`, `[[[]]`, `[}`, `{]`, `[1}`, `{"a":1]`, `[{}}`, `{"a":[]}}`,
	`{"a":1}`, `{"a" : 1 , "b":[true]}`, `{"a":}`, `{"a"}`, `{"a":1,}`, `{1:2}`, `{"a":1 "b":2}`, `{"a":1,"a":2}`,
	`{"abcdefghijklmno":1}`, `{"abcdefghijklmnopqrstu":"v"}`, `{"a\"b":1}`, "{\"\xff\":1}", `{"é":1}`,
	`[{"a":[{"b":{}}]},[]]`, " [ 1 , { \"x\" :\t\"y\" } ] ", "[1]x", `{"a":1}}`, `[` + strings.Repeat(`{"k":[`, 70) + `0` +
		strings.Repeat(`]}`, 70) + `]`,
}

// TestSkipReference holds Skip to the reference on hand-picked inputs, under every option, with the
// whole input in view and through windows that grow a few bytes at a time.
func TestSkipReference(t *testing.T) {
	for _, in := range skipInputs {
		for _, o := range []refOpts{{limit: 1000}, {limit: 1000, strict: true}, {limit: 1000, utf8: true}, {limit: 2}} {
			for _, names := range []bool{false, true} {
				checkSkip(t, []byte(in), o, names, nil)
				for w := 1; w <= 5; w++ {
					checkSkip(t, []byte(in), o, names, []int{w, w, w, w, w, w, w, w, w, w, w, w})
				}
			}
		}
	}
}

// TestSkipDeep steps over nesting far beyond the bit stack's first word, and holds the limit.
func TestSkipDeep(t *testing.T) {
	deep := strings.Repeat(`[{"a":`, 5000) + `1` + strings.Repeat(`}]`, 5000)
	checkSkip(t, []byte(deep), refOpts{limit: 10_000}, false, nil)
	checkSkip(t, []byte(deep), refOpts{limit: 9_999}, false, nil)
	var s Skip
	s.Begin(9_999, false, false, false, true)
	if i, step := s.Run([]byte(deep), 0); step != StepTooDeep || i != 29_995 {
		t.Errorf("Run of 10,000 levels with a limit of 9,999 = %d, %d", i, step)
	}
}

func FuzzSkip(f *testing.F) {
	for _, in := range skipInputs {
		f.Add([]byte(in), uint64(1), byte(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64, mode byte) {
		o := refOpts{limit: 1 + int(mode>>4), strict: mode&1 != 0, utf8: mode&2 != 0}
		rng := rand.New(rand.NewPCG(seed, 0))
		var steps []int
		if mode&8 != 0 {
			for range 64 {
				steps = append(steps, 1+rng.IntN(9))
			}
		}
		checkSkip(t, data, o, mode&4 != 0, steps)
	})
}

// checkNumberEnd holds numberEnd to the number scan of internal/jsonnum: when it answers, the scan
// must accept the literal and end at the same index, before the end of buf (or at it, when final).
func checkNumberEnd(t *testing.T, b []byte) {
	t.Helper()
	for _, final := range []bool{false, true} {
		end := numberEnd(b, 0, final)
		kEnd, code := jsonnum.Scan(b, 0)
		if end > 0 && (code != jsonnum.OK || kEnd != end || end >= len(b) && !final) {
			t.Fatalf("numberEnd(%q, %v) = %d; jsonnum.Scan %d, %v", b, final, end, kEnd, code)
		}
		if end == 0 && code == jsonnum.OK && (kEnd < len(b) || final) {
			t.Fatalf("numberEnd(%q, %v) gave up on a number that ends at %d", b, final, kEnd)
		}
		if s := jsonnum.ShortEnd(b, 0); s > 0 && s != end { // the fast path answers as numberEnd, or not at all
			t.Fatalf("jsonnum.ShortEnd(%q) = %d, numberEnd %d", b, s, end)
		}
	}
}

func TestNumberEnd(t *testing.T) {
	lits := []string{"0", "-0", "7", "-12", "123456789012345678901", "0.5", "1.25", "-3.14159265358979",
		"1e5", "1E+5", "2e-05", "6.02e23", "00", "01", "-", "1.", ".5", "1e", "1e+", "--1", "+1", "0x1F",
		"1.2.3", "1ee5", "9" + string(bytes.Repeat([]byte("0"), 40)), "1316289444", "12345678", "123456789012345",
		"1234567890123456", "10", "19.5", "1234567e3", "-65.613616999999977", "0.000001", "-0.5", "-01.5",
		"123456789012345.123456789012345", "1234567890123456.5", "1.1234567890123456", "-.5", "0.e1", "5.5e1"}
	for _, lit := range lits {
		for _, after := range []string{"", ",", "]", "}", " ", "\n", "x", "0", ".", "e", "-", "+", "\"", "é"} {
			checkNumberEnd(t, []byte(lit+after))
			checkNumberEnd(t, []byte(lit+after+"        "))
			checkNumberEnd(t, []byte(lit+after+strings.Repeat(" ", 40))) // room for the fast path's words
		}
	}
}

func FuzzNumberEnd(f *testing.F) {
	f.Add([]byte("-12.5e+3,"))
	f.Fuzz(func(t *testing.T, b []byte) { checkNumberEnd(t, b) })
}

// TestScalarEnd holds ScalarEnd to Run over the same scalars, followed by what may end them: where
// ScalarEnd steps over one, Run ends the value at the same byte; where it gives up, Run does not
// end there (it stops for its caller, or finds fault).
func TestScalarEnd(t *testing.T) {
	scalars := []string{`""`, `"abc"`, `"a\"b"`, `"\u00e9\n"`, `"\x"`, "\"a\x01\"", `"open`, `true`, `false`, `null`,
		`tru`, `truex`, `nul`, `0`, `-0`, `12`, `-1.5e3`, `01`, `1.`, `1e`, `-`, `123456789012345678`, `1x`, `x`, `]`}
	for _, sc := range scalars {
		for _, after := range []string{"", ",", " ", "}", "]", "x", "0"} {
			data := []byte(sc + after)
			var s Skip
			s.Begin(10, false, false, false, true)
			end, step := s.Run(data, 0)
			got := ScalarEnd(data, 0)
			if (got > 0) != (step == StepDone) || got > 0 && got != end {
				t.Errorf("%q: ScalarEnd %d, Run %d at %d", data, got, step, end)
			}
		}
	}
}
