package jsonfmt

import (
	"bytes"
	"encoding/json"
)

// SyntaxError returns the *json.SyntaxError encoding/json's Unmarshal reports for src, which the
// caller has found invalid. It runs on the error path only.
func SyntaxError(src []byte) error {
	if err := json.Unmarshal(src, new(json.RawMessage)); err != nil {
		return err
	}
	return &json.SyntaxError{} // unreachable while the two validators agree
}

// CompactError returns the *json.SyntaxError encoding/json's Compact and Indent (and its check of
// MarshalJSON output) report for src, which the caller has found invalid. The v2-based
// encoding/json reports these in the older words ("after array value"), not Unmarshal's. It
// runs on the error path only.
func CompactError(src []byte) error {
	if err := json.Compact(new(bytes.Buffer), src); err != nil {
		return err
	}
	return &json.SyntaxError{} // unreachable while the two validators agree
}
