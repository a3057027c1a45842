package jsontest

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// Inlinable fails t for each function of fns that the compiler no longer reports inlinable when
// it builds the package in the current directory (go build -gcflags=-m), named as the compiler
// names them ("Scan", "(*Reader).ws"). It skips in -short mode, without a go command, and on
// 32-bit targets, where a 64-bit word takes two registers and the inliner's budget runs out
// sooner (GOARCH=386); the lists are for 64-bit targets.
func Inlinable(t *testing.T, fns ...string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	if strconv.IntSize == 32 {
		t.Skip("inlining is checked on 64-bit targets")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := exec.Command(goTool, "build", "-o", "/dev/null", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, fn := range fns {
		if !strings.Contains(string(out), ": can inline "+fn+" ") && !strings.Contains(string(out), ": can inline "+fn+"\n") {
			t.Errorf("%s is no longer inlinable", fn)
		}
	}
}
