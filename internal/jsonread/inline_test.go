package jsonread

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestInlining fails when a hot leaf of the cursor stops being inlinable: Object and Array (every
// container decoded, with the checks of UnmarshalOptions or without) and Peek (before every
// value).
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	if strconv.IntSize == 32 {
		t.Skip("inlining is checked on 64-bit targets") // see the root package's TestInlining
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Skipf("go build: %v\n%s", err, out)
	}
	for _, fn := range []string{"(*Cursor).Object", "(*Cursor).Array", "(*Cursor).Peek"} {
		if !strings.Contains(string(out), "can inline "+fn+"\n") && !strings.Contains(string(out), "can inline "+fn+" ") {
			t.Errorf("%s is no longer inlinable", fn)
		}
	}
}
