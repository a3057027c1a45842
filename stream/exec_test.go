package stream

import (
	"os/exec"
	"strings"
	"testing"
)

func execGo(args ...string) (string, error) {
	out, err := exec.Command("go", args...).Output()
	return string(out), err
}

// TestInlining fails when a hot function listed here stops being inlined.
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("go build -gcflags=-m: skipped in -short mode")
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Skipf("go build: %v", err)
	}
	for _, fn := range []string{"(*Reader).ws", "load64", "isNameByte", "(*Reader).Err", "(*ObjectIter).Name"} {
		if !strings.Contains(string(out)+"\n", "can inline "+fn+"\n") && !strings.Contains(string(out), "can inline "+fn+" ") {
			t.Errorf("%s is no longer inlined", fn)
		}
	}
}
