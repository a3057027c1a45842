package stride

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestInlining fails when a hot leaf of the codecs stops being inlinable: the lookup of a
// struct's member names under the escaping policy (every struct value written), and the writes to
// the encoder's buffer (every token written; see encode_buf.go).
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	if strconv.IntSize == 32 {
		// NOTE: a 64-bit word takes two registers there, and the inliner's budget runs out
		// sooner (GOARCH=386: nameTable.built, Stops, FirstLane); the list is for 64-bit targets.
		t.Skip("inlining is checked on 64-bit targets")
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Skipf("go build: %v\n%s", err, out)
	}
	for _, fn := range []string{"(*nameTable).built",
		"(*encodeState).appendName", "(*encodeState).put", "(*encodeState).puts", "(*encodeState).took",
		"(*encodeState).maybeFlush"} {
		if !strings.Contains(string(out), "can inline "+fn+"\n") && !strings.Contains(string(out), "can inline "+fn+" ") {
			t.Errorf("%s is no longer inlinable", fn)
		}
	}
}
