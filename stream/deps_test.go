package stream

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLayering holds the package to its place in the layers: the token layer never depends on
// reflect or encoding/json, and the library module on nothing outside the standard library.
func TestLayering(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(goTool, "list", "-deps", "github.com/stridejson/stride/stream").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		switch {
		case dep == "reflect", dep == "encoding/json", dep == "fmt":
			t.Errorf("stream depends on %s", dep)
		case strings.Contains(dep, ".") && !strings.HasPrefix(dep, "github.com/stridejson/stride/"):
			t.Errorf("stream depends on a module outside the standard library: %s", dep)
		}
	}
}
