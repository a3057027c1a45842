package stride

import (
	"bytes"

	"github.com/stridejson/stride/internal/jsonfmt"
)

// Compact appends to dst the JSON-encoded src with insignificant space characters elided.
func Compact(dst *bytes.Buffer, src []byte) error {
	b, err := jsonfmt.AppendCompact(dst.AvailableBuffer(), src, false, false)
	if err == nil {
		dst.Write(b)
	}
	return err
}

// HTMLEscape appends to dst the JSON-encoded src with <, >, & and U+2028 and U+2029 characters
// inside string literals changed to \u003c, \u003e, \u0026, \u2028, \u2029 so that the JSON will
// be safe to embed inside HTML <script> tags.
func HTMLEscape(dst *bytes.Buffer, src []byte) {
	dst.Write(jsonfmt.AppendHTMLEscape(dst.AvailableBuffer(), src))
}
