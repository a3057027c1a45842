package stream

import (
	"fmt"
	"strings"
	"testing"
)

// TestRejectDuplicateNamesSizes reads objects of 0 to 40 members, some with one name repeated at
// every pair of positions, across the change from compared names to a map (internal/nameset), in
// nested objects that reuse the sets, by iterator and by SkipValue.
func TestRejectDuplicateNamesSizes(t *testing.T) {
	opts := ReaderOptions{RejectDuplicateNames: true}
	member := func(k int) string { return fmt.Sprintf(`"k%d\u00e9":{"x":[{"k%d":1}]}`, k%7*1000+k, k) }
	for n := range 41 {
		names := make([]string, n)
		for k := range n {
			names[k] = member(k)
		}
		obj := "{" + strings.Join(names, ",") + "}"
		doc := []byte(`[` + obj + `,` + obj + `]`)
		if !valid(NewReader(doc, opts)) || !tokens(NewReader(doc, opts)) {
			t.Fatalf("%d distinct names rejected", n)
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j += 1 + j/8 {
				dup := append([]string(nil), names...)
				dup[j] = strings.Replace(member(i), `:{"x"`, `:{"y"`, 1)
				doc := []byte(`[` + obj + `,{` + strings.Join(dup, ",") + `}]`)
				if valid(NewReader(doc, opts)) || tokens(NewReader(doc, opts)) {
					t.Fatalf("%d names, %d repeated at %d: accepted", n, i, j)
				}
			}
		}
	}
}

// tokens reads r token by token (names through ObjectIter) and reports whether it all passed.
func tokens(r *Reader) bool {
	trace(r, modeTokens)
	return r.End() == nil
}
