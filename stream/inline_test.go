package stream

import (
	"os/exec"
	"strings"
	"testing"
)

// TestInlining fails when a hot leaf of the Writer or the Reader stops being inlinable: the token
// methods rely on these being inlined into them. The word tricks they use are the kernels' leaves
// (jsonstr.Load64, jsonstr.Stops, jsonnum.NonDigits, ...), which internal/jsonstr's TestLeavesInline
// holds to inlining at every call in this package.
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
		"(*Reader).ws", "isNameByte", "(*Reader).Err", "(*ObjectIter).Name",
		"(*Reader).skipObj", "(*Reader).peek",
	} {
		if !strings.Contains(string(out), "can inline "+fn+"\n") && !strings.Contains(string(out), "can inline "+fn+" ") {
			t.Errorf("%s is no longer inlinable", fn)
		}
	}
}
