package jsonnum

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestScanInlines fails when Scan, Prefix or DigitsExtend stops being inlinable: Scan and Prefix
// are the grammar's two faces, each a call of prefix and a check, and inlined they add no call in
// front of it (Scan reads every number the cursor and the token layer decode).
func TestScanInlines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	if strconv.IntSize == 32 {
		t.Skip("inlining is checked on 64-bit targets") // see internal/jsonstr's TestLeavesInline
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(goTool, "build", "-o", "/dev/null", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, fn := range []string{"Scan", "Prefix", "DigitsExtend"} {
		if !strings.Contains(string(out), ": can inline "+fn+" ") && !strings.Contains(string(out), ": can inline "+fn+"\n") {
			t.Errorf("%s is no longer inlinable", fn)
		}
	}
}
