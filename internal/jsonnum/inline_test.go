package jsonnum

import (
	"testing"

	"github.com/stridejson/stride/internal/jsontest"
)

// TestScanInlines fails when Scan, Prefix or DigitsExtend stops being inlinable: Scan and Prefix
// are the grammar's two faces, each a call of prefix and a check, and inlined they add no call in
// front of it (Scan reads every number the cursor and the token layer decode).
func TestScanInlines(t *testing.T) {
	jsontest.Inlinable(t, "Scan", "Prefix", "DigitsExtend")
}
