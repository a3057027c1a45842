package jsonread_test

import (
	"testing"

	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/stream"
)

// TestKindsMatchStream holds jsonread's kinds numbered as stream's, which the codecs convert
// between by a plain conversion, and the kind of every first byte equal to the Reader's.
func TestKindsMatchStream(t *testing.T) {
	pairs := []struct {
		j jsonread.Kind
		s stream.Kind
	}{{jsonread.KindNone, stream.KindNone}, {jsonread.KindNull, stream.KindNull}, {jsonread.KindBool, stream.KindBool},
		{jsonread.KindNumber, stream.KindNumber}, {jsonread.KindString, stream.KindString},
		{jsonread.KindArray, stream.KindArray}, {jsonread.KindObject, stream.KindObject}}
	for _, p := range pairs {
		if uint8(p.j) != uint8(p.s) {
			t.Errorf("jsonread kind %d is stream's %v (%d)", p.j, p.s, p.s)
		}
	}
	for b := range 256 {
		r := stream.NewReader([]byte{byte(b)})
		if got, want := jsonread.KindOfByte[b], r.Kind(); uint8(got) != uint8(want) {
			t.Errorf("byte %q: kind %d, the Reader's %v", byte(b), got, want)
		}
	}
}
