package corpus

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestShapes(t *testing.T) {
	v := VAST(VASTLen)
	if len(v) != VASTLen {
		t.Fatalf("len(VAST) = %d", len(v))
	}
	q, nl := strings.Count(v, `"`), strings.Count(v, "\n")
	if q < 550 || q > 650 || nl < 300 || nl > 400 {
		t.Errorf("VAST has %d quotes and %d newlines, want about 600 and 350", q, nl)
	}
	p := VASTPlain(VASTLen)
	if len(p) != VASTLen || strings.ContainsAny(p, "\"\\\n") {
		t.Errorf("VASTPlain has %d bytes or something to escape", len(p))
	}
	for _, i := range []int{1, VASTLen - 1} {
		s := VASTQuoteAt(VASTLen, i)
		if len(s) != VASTLen || strings.Count(s, `"`) != 1 || s[i] != '"' {
			t.Errorf("VASTQuoteAt(%d) is wrong", i)
		}
	}
	n := NonASCII(NonASCIILen)
	if len(n) != NonASCIILen || !utf8.ValidString(n) || strings.ContainsAny(n, "\"\\\n") {
		t.Errorf("NonASCII: %d bytes, valid %v", len(n), utf8.ValidString(n))
	}
	if ascii := strings.Count(n, " "); ascii > len(n)/8 {
		t.Errorf("NonASCII is %d spaces of %d bytes: too much ASCII", ascii, len(n))
	}
	if len(Short32) != 32 || strings.Count(Short32, `"`) != 1 || len(Plain64) != 64 {
		t.Errorf("short strings: %d %d", len(Short32), len(Plain64))
	}
}
