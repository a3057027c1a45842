package stream

import (
	"testing"

	"github.com/stridejson/stride/internal/jsontest"
)

// TestInlining fails when a hot leaf of the Writer or the Reader stops being inlinable: the token
// methods rely on these being inlined into them. The word tricks they use are the kernels' leaves
// (jsonstr.Load64, jsonstr.Stops, jsonnum.NonDigits, ...), which internal/jsonstr's TestLeavesInline
// holds to inlining at every call in this package.
func TestInlining(t *testing.T) {
	jsontest.Inlinable(t, "(*Writer).valueFast", "(*Writer).need", "(*Writer).push", "(*Writer).pop", "(*Writer).policy",
		"(*Reader).ws", "isNameByte", "(*Reader).Err", "(*ObjectIter).Name", "(*Reader).peek")
}
