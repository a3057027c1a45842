package stride

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
)

// jsonTestSuite is the pinned github.com/nst/JSONTestSuite (the stream package's tests use the
// same version); its test_parsing folder holds y_ (accept), n_ (reject) and i_ (either) cases.
const jsonTestSuite = "github.com/nst/JSONTestSuite@v0.0.0-20241122125541-1ef36fa01286"

func suiteCases(t *testing.T) map[string][]byte {
	t.Helper()
	if testing.Short() {
		t.Skip("JSONTestSuite: skipped in -short mode")
	}
	out, err := exec.Command("go", "mod", "download", "-json", jsonTestSuite).Output()
	var info struct{ Dir, Error string }
	if err == nil {
		err = json.Unmarshal(out, &info)
	}
	if err != nil || info.Error != "" || info.Dir == "" {
		t.Skipf("JSONTestSuite: cannot download %s (%v %s); skipping", jsonTestSuite, err, info.Error)
	}
	dir := filepath.Join(info.Dir, "test_parsing")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("JSONTestSuite: %v", err)
	}
	cases := map[string][]byte{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") {
			if cases[e.Name()], err = os.ReadFile(filepath.Join(dir, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(cases) < 300 {
		t.Fatalf("JSONTestSuite: only %d cases in %s", len(cases), dir)
	}
	return cases
}

// TestJSONTestSuite holds Valid, Compact, Indent, Unmarshal (into any and with a Decoder fed in
// pieces) and Marshal of the result to encoding/json on every parsing case.
func TestJSONTestSuite(t *testing.T) {
	for name, data := range suiteCases(t) {
		if ok := Valid(data); (name[0] == 'y' && !ok) || (name[0] == 'n' && ok) {
			t.Errorf("%s: Valid = %v", name, ok)
		}
		checkFormat(t, data)
		checkUnmarshal(t, data, func() any { return new(any) })
		var got, want any
		err := NewDecoder(faulty.NewReader(data, 1, 3)).Decode(&got)
		wantErr := json.NewDecoder(strings.NewReader(string(data))).Decode(&want)
		if !sameError(err, wantErr) {
			t.Errorf("%s: Decoder error %v, want %v", name, err, wantErr)
		}
		if wantErr == nil {
			checkMarshal(t, name, want)
		}
	}
}
