package stream

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// jsonTestSuite is the pinned version of github.com/nst/JSONTestSuite, whose test_parsing folder
// holds the parsing cases: y_ must be accepted, n_ rejected, i_ may go either way.
const jsonTestSuite = "github.com/nst/JSONTestSuite@v0.0.0-20241122125541-1ef36fa01286"

// suiteCases downloads the suite with the go command and returns its parsing cases by file name.
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

func TestJSONTestSuite(t *testing.T) {
	var y, n, i int
	for name, data := range suiteCases(t) {
		start := time.Now()
		// One slice, and one byte at a time; every way of reading must agree.
		accept := valid(NewReader(data))
		for _, sr := range streamReaders(data, 1, ReaderOptions{}) {
			if got := valid(sr); got != accept {
				t.Errorf("%s: stream reader says valid=%v, memory reader %v", name, got, accept)
			}
		}
		checkSame(t, data, 1, ReaderOptions{})
		checkSame(t, data, 2, ReaderOptions{StrictStrings: true})
		switch name[0] {
		case 'y':
			y++
			if !accept {
				t.Errorf("%s: rejected: %v (%q)", name, NewReader(data).SkipValue(), data)
			}
		case 'n':
			n++
			if accept {
				t.Errorf("%s: accepted (%q)", name, data)
			}
		case 'i':
			i++
			strict := valid(NewReader(data, ReaderOptions{StrictStrings: true}))
			t.Logf("%s: accepted=%v, with StrictStrings %v", name, accept, strict)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: took %v", name, d)
		}
	}
	if y < 90 || n < 180 {
		t.Fatalf("too few cases: %d y_, %d n_, %d i_", y, n, i)
	}
}
