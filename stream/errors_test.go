package stream

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDepthErrorShort: the depth-limit error 10,000 arrays deep keeps its whole JSON Pointer in the
// Pointer field (20 KB), and its message shows the first and last tokens with "…" between them.
func TestDepthErrorShort(t *testing.T) {
	deep := bytes.Repeat([]byte("["), 10_001)
	for _, r := range []*Reader{NewReader(deep), NewStreamReader(bytes.NewReader(deep))} {
		var nest func()
		nest = func() {
			for arr := r.Array(); arr.Next(); {
				nest()
			}
		}
		nest()
		var se *SyntaxError
		if !errors.As(r.Err(), &se) || !strings.HasPrefix(se.Msg, "nesting depth exceeds the limit") {
			t.Fatalf("err = %v, want the depth limit", r.Err())
		}
		if want := strings.Repeat("/0", 10_000); se.Pointer != want {
			t.Errorf("Pointer has %d bytes, want all %d", len(se.Pointer), len(want))
		}
		msg := se.Error()
		if len(msg) > 250 || !strings.Contains(msg, ", within /0/0/0/") || !strings.Contains(msg, "/0/…/0/") ||
			!strings.HasSuffix(msg, "/0/0") {
			t.Errorf("message of %d bytes: %.300s", len(msg), msg)
		}
	}
}

func TestElidePointer(t *testing.T) {
	long := strings.Repeat("/0", 100)
	names := strings.Repeat("/héllo", 30)
	for _, tc := range []struct{ p, head, tail string }{
		{"", "", ""},
		{"/a/b", "/a/b", ""},
		{strings.Repeat("/x", 50), strings.Repeat("/x", 50), ""}, // 100 bytes: whole
		{long, strings.Repeat("/0", 24) + "/", "/" + strings.Repeat("0/", 24) + "0"},
		{"/" + strings.Repeat("é", 100), "/", ""},                  // one long name: cut inside it, not in a character
		{names, "/héllo/héllo/héllo/héllo/héllo/héllo/", "/héllo"}, // cut at token boundaries
	} {
		got := elidePointer(tc.p)
		if tc.tail == "" && len(tc.p) <= maxShownPointer {
			if got != tc.p {
				t.Errorf("elidePointer(%q) = %q, want it unchanged", tc.p, got)
			}
			continue
		}
		if !utf8.ValidString(got) || !strings.HasPrefix(got, tc.head) || !strings.HasSuffix(got, tc.tail) ||
			strings.Count(got, "…") != 1 || len(got) > maxShownPointer+len("…")+8 {
			t.Errorf("elidePointer(%.40q…) = %q", tc.p, got)
		}
		if tc.tail != "" && (!strings.Contains(got, "/…/") || !strings.HasPrefix(tc.p, strings.Split(got, "…")[0]) ||
			!strings.HasSuffix(tc.p, strings.Split(got, "…")[1])) {
			t.Errorf("elidePointer(%.40q…) = %q: not whole tokens of p around …", tc.p, got)
		}
	}
}
