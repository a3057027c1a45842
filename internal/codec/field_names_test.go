package codec

import (
	"testing"

	"github.com/stridejson/stride/internal/jsonread"
)

// TestFieldNames holds fieldNames.find to a search of the names in order, for every name tried
// first, and its keys to KeyOf.
func TestFieldNames(t *testing.T) {
	names := []string{"id", "id_str", "name", "text", "in_reply_to_status_id", "in_reply_to_status_id_str", "é", "", "nam"}
	queries := append([]string{"ID", "na", "names", "in_reply_to_status_i", "in_reply_to_status_id_st", "x", "é!"}, names...)
	tab := newFieldNames(names)
	if len(tab.keys) != len(names)+1 || tab.keys[len(names)] != (jsonread.NameKey{}) {
		t.Fatalf("%d keys, the last %v", len(tab.keys), tab.keys[len(tab.keys)-1])
	}
	for i, name := range names {
		if tab.keys[i] != jsonread.KeyOf(name) {
			t.Errorf("key of %q", name)
		}
	}
	for _, q := range queries {
		want := -1
		for i, name := range names {
			if name == q {
				want = i
				break
			}
		}
		for next := 0; next <= len(names); next++ {
			if got := tab.find([]byte(q), next); got != want {
				t.Errorf("find(%q, %d) = %d, want %d", q, next, got, want)
			}
		}
	}
}
