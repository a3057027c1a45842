package lib

import (
	"strings"
	"testing"
)

func TestRegistry(t *testing.T) {
	all := All()
	if len(all) < 10 {
		t.Fatalf("only %d libraries registered", len(all))
	}
	if all[0].Info().Name != EncodingJSON || !all[1].Info().Stride {
		t.Errorf("order: %s, %s", all[0].Info().Name, all[1].Info().Name)
	}
	seen := map[string]bool{}
	for _, l := range all {
		i := l.Info()
		if seen[i.Name] {
			t.Errorf("two rows named %s", i.Name)
		}
		seen[i.Name] = true
		if i.Note == "" || (i.Module == "") != strings.HasPrefix(i.Name, EncodingJSON) { // the standard library's rows
			t.Errorf("%s: incomplete Info %+v", i.Name, i)
		}
		kinds := 0
		for _, ok := range []bool{is[StringWriter](l), is[StringReader](l), is[Unmarshaler](l), is[StreamDecoder](l), is[Marshaler](l), is[TokenWriter](l), is[TokenReader](l)} {
			if ok {
				kinds++
			}
		}
		if kinds == 0 {
			t.Errorf("%s supports no workload kind", i.Name)
		}
	}
}

func is[T any](l Library) bool {
	_, ok := l.(T)
	return ok
}

func TestView(t *testing.T) {
	b := []byte("abc")
	if view(b) != "abc" || view(nil) != "" {
		t.Error("view")
	}
}
