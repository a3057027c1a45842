package jsonstr

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// Long runs of mixed text reach the DFA's two-chain blocks; the matrix inputs are too short to.
// Pieces are mostly valid characters of every length, with a stop or a broken sequence now and then,
// so that chains break and resume at every offset.
var textPieces = []string{
	"a", " ", "é", "Ж", "λ", "中", "文", "한", "\u0800", "\ud7ff", "\ue000", "\uffff", "😀", "\U00010000", "\U0010ffff",
	"\u2028", "\u2027", "\u00a0",
}

var brokenPieces = []string{`"`, `\`, "\n", "<", "\xff", "\x80", "\xe2\x82", "\xed\xa0\x80", "\xf0\x9f\x98", "\xc0\xaf", "\xf4\x90\x80\x80"}

func mixedText(r *rand.Rand, n int, brokenRate int) string {
	var b strings.Builder
	for b.Len() < n {
		if brokenRate > 0 && r.IntN(brokenRate) == 0 {
			b.WriteString(brokenPieces[r.IntN(len(brokenPieces))])
		} else {
			b.WriteString(textPieces[r.IntN(len(textPieces))])
		}
	}
	return b.String()
}

func TestLongMixedText(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	compiled := make([]*Policy, len(policies))
	for i, pc := range policies {
		compiled[i] = NewPolicy(pc.flags, pc.extra)
	}
	for iter := 0; iter < 3000; iter++ {
		s := mixedText(r, r.IntN(300), []int{0, 200, 40, 8}[iter%4])
		for i, pc := range policies {
			checkQuote(t, pc, compiled[i], s)
		}
		q, _ := AppendQuote(nil, s, compiled[0])
		for _, strict := range []bool{false, true} {
			checkUnquote(t, string(q), strict)
			checkUnquote(t, `"`+s+`"`, strict)
		}
	}
}

// TestSkipText holds the DFA scan to its contract on its own: what it steps over is valid UTF-8
// without stops (so it ends on a character boundary), and on clean text it goes all the way.
func TestSkipText(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 5000; iter++ {
		s := mixedText(r, r.IntN(200), []int{0, 100, 10}[iter%3])
		i := 0
		for i < len(s) && s[i] < 0x80 {
			i++
		}
		for _, tc := range []struct {
			t         *[256]uint64
			lineTerms bool
			stops     string
		}{{&unquoteText.rows, false, "\"\\\n"}, {&Default.text.rows, false, "\"\\\n"}, {&NewPolicy(EscapeHTML|EscapeLineTerminators, "").text.rows, true, "\"\\\n<>&"}} {
			j := skipText(s, i, tc.t)
			run := s[i:j]
			// A valid run cannot end inside a character: the cut piece would not be valid UTF-8.
			if j < i || !utf8.ValidString(run) || strings.ContainsAny(run, tc.stops) ||
				tc.lineTerms && strings.ContainsAny(run, "\u2028\u2029") {
				t.Fatalf("skipText(%q, %d) = %d: stepped over %q", s, i, j, run)
			}
			if clean := !strings.ContainsAny(s[i:], tc.stops) && utf8.ValidString(s[i:]); clean && len(s)-j >= 16 && !tc.lineTerms {
				if rest := s[j:]; strings.IndexFunc(rest[:16], func(r rune) bool { return r >= 0x80 }) >= 0 {
					t.Fatalf("skipText(%q, %d) = %d stopped early in clean text", s, i, j)
				}
			}
		}
	}
}
