// Package jsontest holds what the tests of several packages share: the parsing cases of
// JSONTestSuite, fetched with the go command at test time and never copied into this repository,
// and the check that hot functions stay inlinable (Inlinable).
package jsontest

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// SuiteModule is the pinned version of github.com/nst/JSONTestSuite, whose test_parsing folder
// holds the parsing cases: y_ must be accepted, n_ rejected, i_ may go either way.
const SuiteModule = "github.com/nst/JSONTestSuite@v0.0.0-20241122125541-1ef36fa01286"

// SuiteCases downloads the suite with the go command (go mod download) and returns its parsing
// cases by file name. It skips the test in -short mode and when the module cannot be downloaded.
func SuiteCases(t testing.TB) map[string][]byte {
	t.Helper()
	if testing.Short() {
		t.Skip("JSONTestSuite: skipped in -short mode")
	}
	out, err := exec.Command("go", "mod", "download", "-json", SuiteModule).Output()
	var info struct{ Dir, Error string }
	if err == nil {
		err = json.Unmarshal(out, &info)
	}
	if err != nil || info.Error != "" || info.Dir == "" {
		t.Skipf("JSONTestSuite: cannot download %s (%v %s); skipping", SuiteModule, err, info.Error)
	}
	dir := filepath.Join(info.Dir, "test_parsing")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("JSONTestSuite: %v", err)
	}
	cases := map[string][]byte{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			cases[e.Name()] = data
		}
	}
	if len(cases) < 300 {
		t.Fatalf("JSONTestSuite: only %d cases in %s", len(cases), dir)
	}
	return cases
}
