package codec

import (
	"testing"

	"github.com/stridejson/stride/internal/jsontest"
)

// TestInlining fails when a hot leaf of the codecs stops being inlinable: the lookup of a
// struct's member names under the escaping policy (every struct value written), and the writes to
// the encoder's buffer (every token written; see encode_buf.go).
func TestInlining(t *testing.T) {
	jsontest.Inlinable(t, "(*nameTable).built", "(*EncodeState).appendName", "(*EncodeState).put",
		"(*EncodeState).puts", "(*EncodeState).took", "(*EncodeState).maybeFlush")
}
