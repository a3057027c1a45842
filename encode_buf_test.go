package stride

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/jsonnum"
)

// TestEncodeBufWrites compares the buffer writes with append, with and without room to spare.
func TestEncodeBufWrites(t *testing.T) {
	for _, room := range []int{0, 1, 3, 40} {
		var e encodeState
		e.buf = make([]byte, 0, room)
		var want []byte
		for i := range 30 {
			e.put('[')
			want = append(want, '[')
			e.puts("false")
			want = append(want, "false"...)
			e.took(jsonnum.AppendInt(e.buf, int64(i)*1e9))
			want = jsonnum.AppendInt(want, int64(i)*1e9)
			if !bytes.Equal(e.buf, want) {
				t.Fatalf("room %d, step %d: %q, want %q", room, i, e.buf, want)
			}
		}
	}
}

// TestEncodeBufInlining fails when a write to the encoder's buffer stops being inlinable: every
// encoder calls them once per token.
func TestEncodeBufInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Skipf("go build: %v\n%s", err, out)
	}
	for _, fn := range []string{"(*encodeState).put", "(*encodeState).puts", "(*encodeState).took",
		"(*encodeState).appendName", "(*encodeState).maybeFlush"} {
		if !strings.Contains(string(out), "can inline "+fn+"\n") && !strings.Contains(string(out), "can inline "+fn+" ") {
			t.Errorf("%s is no longer inlinable", fn)
		}
	}
}
