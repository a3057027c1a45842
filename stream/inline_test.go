package stream

import (
	"os/exec"
	"strings"
	"testing"
)

// TestInlining fails when a hot leaf of the Writer or the Reader stops being inlinable: the token
// methods rely on these being inlined into them.
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Skipf("go build: %v\n%s", err, out)
	}
	for _, fn := range []string{
		"(*Writer).valueFast", "(*Writer).need", "(*Writer).push", "(*Writer).pop", "(*Writer).policy",
		"(*Reader).ws", "load64", "isNameByte", "(*Reader).Err", "(*ObjectIter).Name",
		"stringStops", "skipStops", "(*Reader).skipObj", "(*Reader).peek",
	} {
		if !strings.Contains(string(out), "can inline "+fn+"\n") && !strings.Contains(string(out), "can inline "+fn+" ") {
			t.Errorf("%s is no longer inlinable", fn)
		}
	}
}
