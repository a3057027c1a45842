package jsonread

import (
	"testing"

	"github.com/stridejson/stride/internal/jsontest"
)

// TestInlining fails when a hot leaf of the cursor stops being inlinable: Object and Array (every
// container decoded, with the checks of UnmarshalOptions or without) and Peek (before every
// value).
func TestInlining(t *testing.T) {
	jsontest.Inlinable(t, "(*Cursor).Object", "(*Cursor).Array", "(*Cursor).Peek")
}
