package codec

import (
	"bytes"
	"testing"

	"github.com/stridejson/stride/internal/jsonnum"
)

// TestEncodeBufWrites compares the buffer writes with append, with and without room to spare.
func TestEncodeBufWrites(t *testing.T) {
	for _, room := range []int{0, 1, 3, 40} {
		var e EncodeState
		e.Buf = make([]byte, 0, room)
		var want []byte
		for i := range 30 {
			e.put('[')
			want = append(want, '[')
			e.puts("false")
			want = append(want, "false"...)
			e.took(jsonnum.AppendInt(e.Buf, int64(i)*1e9))
			want = jsonnum.AppendInt(want, int64(i)*1e9)
			if !bytes.Equal(e.Buf, want) {
				t.Fatalf("room %d, step %d: %q, want %q", room, i, e.Buf, want)
			}
		}
	}
}
