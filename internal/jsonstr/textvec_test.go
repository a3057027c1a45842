package jsonstr

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// The vector text scan against the definition: what it steps over is valid UTF-8 with no stop and
// ends at a character boundary, and it gets as far as its blocks allow (it stops in the block of
// the first stop or invalid byte, or at the last whole block).

// textTables are the tables under test, with their stops.
func textTables() []struct {
	name string
	t    *textTable
	stop func(c byte) bool
} {
	html := NewPolicy(EscapeHTML|EscapeLineTerminators, "")
	extra := NewPolicy(EscapeSlash, "#%")
	tables := []struct {
		name string
		t    *textTable
		stop func(c byte) bool
	}{
		{"unquote", unquoteText, func(c byte) bool { return c < 0x20 || c == '"' || c == '\\' }},
		{"default", Default.text, func(c byte) bool { return Default.class[c] == escASCII }},
		{"html+lineterms", html.text, func(c byte) bool { return html.class[c] == escASCII }},
		{"extra", extra.text, func(c byte) bool { return extra.class[c] == escASCII }},
	}
	if useSet {
		for _, p := range setPolicies() {
			tables = append(tables, struct {
				name string
				t    *textTable
				stop func(c byte) bool
			}{"set/" + p.name, p.p.text, func(c byte) bool { return p.p.class[c] == escASCII }})
		}
	}
	return tables
}

// firstBad returns the index of the first stop or invalid character in s from i, or len(s).
func firstBad(s []byte, i int, stop func(c byte) bool, lineTerms bool) int {
	for i < len(s) {
		c := s[i]
		if c < 0x80 {
			if stop(c) {
				return i
			}
			i++
			continue
		}
		if lineTerms && i+2 < len(s) && c == 0xE2 && s[i+1] == 0x80 && s[i+2]|1 == 0xA9 {
			return i // U+2028 or U+2029
		}
		r, size := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(s)
}

func checkTextVec(t *testing.T, name string, tt *textTable, stop func(c byte) bool, s []byte, i int) {
	t.Helper()
	if tt.vec == nil {
		t.Fatalf("%s: no vector stops", name)
	}
	e := firstBad(s, i, stop, tt.lineTerms)
	whole := i + (len(s)-i)/32*32
	reach := min(i+(e-i)/32*32, whole) - 3
	for _, j := range []int{skipTextVec(s, i, tt.vec), skipTextVec(string(s), i, tt.vec)} {
		if j < i || j > e || j < reach || !utf8.Valid(s[i:j]) {
			t.Fatalf("%s: skipTextVec(%q, %d) = %d; first stop or invalid byte at %d, blocks reach %d", name, s, i, j, e, whole)
		}
	}
}

func TestTextVec(t *testing.T) {
	if !useText {
		t.Skip("no vector text scan in this build")
	}
	r := rand.New(rand.NewPCG(11, 12))
	for _, tc := range textTables() {
		for iter := 0; iter < 3000; iter++ {
			s := []byte(mixedText(r, 32+r.IntN(300), []int{0, 300, 60, 10}[iter%4]))
			for i := 0; i < len(s); i += 1 + r.IntN(40) {
				checkTextVec(t, tc.name, tc.t, tc.stop, s, i)
			}
		}
	}
}

// TestTextVecEveryByte puts every byte value at every lane of two blocks of valid text, after
// characters of each length, so that every rule of the check meets every position and boundary.
func TestTextVecEveryByte(t *testing.T) {
	if !useText {
		t.Skip("no vector text scan in this build")
	}
	for _, tc := range textTables() {
		for _, fill := range []string{"é", "中", "😀", "a"} {
			base := []byte{}
			for len(base) < 96 {
				base = append(base, fill...)
			}
			for pos := 0; pos < 70; pos++ {
				for c := 0; c < 256; c++ {
					s := append([]byte(nil), base...)
					s[pos] = byte(c)
					checkTextVec(t, tc.name, tc.t, tc.stop, s, 0)
				}
			}
		}
	}
}

// FuzzTextVec checks the vector text scan on any input from any start.
func FuzzTextVec(f *testing.F) {
	f.Add([]byte("héllo wörld, 中文 and 😀 in text long enough for two blocks of the scan"), uint8(0))
	f.Add([]byte("\xe2\x80\xa8 line separator and \xed\xa0\x80 a surrogate, \xf4\x90\x80\x80 too large......"), uint8(1))
	tables := textTables()
	f.Fuzz(func(t *testing.T, s []byte, start uint8) {
		if !useText {
			return
		}
		i := min(int(start), len(s))
		for i > 0 && i < len(s) && s[i]&0xC0 == 0x80 {
			i-- // a character boundary, as the callers give
		}
		for _, tc := range tables {
			checkTextVec(t, tc.name, tc.t, tc.stop, s, i)
		}
	})
}
