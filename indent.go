package stride

import (
	"bytes"

	"github.com/stridejson/stride/internal/jsonfmt"
)

// Indent appends to dst an indented form of the JSON-encoded src. Each element in a JSON object
// or array begins on a new, indented line beginning with prefix followed by one or more copies of
// indent according to the indentation nesting. The data appended to dst does not begin with the
// prefix nor any indentation, to make it easier to embed inside other formatted JSON data.
// Although leading space characters (space, tab, carriage return, newline) at the beginning of src
// are dropped, trailing space characters at the end of src are preserved and copied to dst.
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	out, err := jsonfmt.AppendIndent(dst.AvailableBuffer(), src, prefix, indent, v2Based)
	if err == nil {
		dst.Write(out)
	}
	return err
}
