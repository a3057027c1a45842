package jsonstr

import (
	"os/exec"
	"strings"
	"testing"
)

// TestHotFunctionsInline fails when a function the loops rely on being inlined stops inlining, so a
// refactor cannot slow the kernels down unnoticed. The generic ones are checked as instantiated by a
// package that uses them.
func TestHotFunctionsInline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds with the go command")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(goTool, "build", "-o", "/dev/null", "-gcflags=github.com/stridejson/stride/...=-m",
		"github.com/stridejson/stride/stream").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	inlined := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if _, after, ok := strings.Cut(line, ": can inline "); ok {
			name, _, _ := strings.Cut(after, " ")
			inlined[strings.TrimPrefix(name, "jsonstr.")] = true
		}
	}
	for _, fn := range []string{
		"store64", "stopsDefault", "stopsExtra", "firstLane", "hexVal",
		"load64[go.shape.string]", "load64[go.shape.[]uint8]",
		// The scan wrappers of index.go: inlined, they add no call in front of the word loops.
		"indexDefault[go.shape.string]", "indexDefault[go.shape.[]uint8]",
		"indexExtra[go.shape.string]", "indexExtra[go.shape.[]uint8]",
	} {
		if !inlined[fn] {
			t.Errorf("%s no longer inlines", fn)
		}
	}
}
