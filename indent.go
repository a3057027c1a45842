package stride

import (
	"bytes"
	"strings"

	"github.com/stridejson/stride/internal/jsonread"
)

// Indent appends to dst an indented form of the JSON-encoded src. Each element in a JSON object
// or array begins on a new, indented line beginning with prefix followed by one or more copies of
// indent according to the indentation nesting. The data appended to dst does not begin with the
// prefix nor any indentation, to make it easier to embed inside other formatted JSON data.
// Although leading space characters (space, tab, carriage return, newline) at the beginning of src
// are dropped, trailing space characters at the end of src are preserved and copied to dst.
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	if !validate(src) {
		return compactError(src)
	}
	end := len(src)
	for end > 0 && jsonread.IsSpace(src[end-1]) {
		end--
	}
	ind := indenter{prefix: prefix, indent: indent, out: dst.AvailableBuffer()}
	out := ind.feed(src[:end])
	n := len(out)
	out = append(out, src[end:]...)
	if v2Based {
		overlayIndent(out[n:], prefix, indent)
	}
	dst.Write(out)
	return nil
}

// overlayIndent writes, after each newline in the white space b that Indent copies from the end
// of its input, prefix and then indent over the spaces that follow, as the v2-based
// encoding/json does there (it indents with spaces, then writes the prefix and indent over the
// spaces after every newline of its output), when prefix or indent holds more than spaces and
// tabs.
func overlayIndent(b []byte, prefix, indent string) {
	if len(strings.Trim(prefix, " \t"))+len(strings.Trim(indent, " \t")) == 0 {
		return
	}
	for i := bytes.IndexByte(b, '\n'); i >= 0; i = bytes.IndexByte(b, '\n') {
		b = b[i+1:]
		n := len(b) - len(bytes.TrimLeft(b, " "))
		spaces := b[:n]
		spaces = spaces[copy(spaces, prefix):]
		for len(spaces) > 0 && len(indent) > 0 {
			spaces = spaces[copy(spaces, indent):]
		}
		b = b[n:]
	}
}

// An indenter indents valid JSON fed to it in pieces of any size, as encoding/json's Indent does:
// white space between tokens is dropped, each element and member starts a new line, an empty
// object or array stays {} or [].
type indenter struct {
	prefix, indent string
	depth          int
	open           bool // after '{' or '[': the next token decides between a new line and {} / []
	inStr          bool
	esc            bool // inside a string, after a backslash
	out            []byte
}

// feed returns the indented form of src, in a buffer reused by the next call.
func (d *indenter) feed(src []byte) []byte {
	out := d.out[:0]
	for _, c := range src {
		if d.inStr {
			out = append(out, c)
			switch {
			case d.esc:
				d.esc = false
			case c == '\\':
				d.esc = true
			case c == '"':
				d.inStr = false
			}
			continue
		}
		if jsonread.IsSpace(c) {
			continue
		}
		if d.open && c != '}' && c != ']' {
			d.open = false
			d.depth++
			out = d.newline(out)
		}
		switch c {
		case '"':
			d.inStr = true
			out = append(out, c)
		case '{', '[':
			d.open = true
			out = append(out, c)
		case ',':
			out = d.newline(append(out, c))
		case ':':
			out = append(out, ':', ' ')
		case '}', ']':
			if d.open {
				d.open = false
			} else {
				d.depth--
				out = d.newline(out)
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	d.out = out
	return out
}

func (d *indenter) newline(out []byte) []byte {
	out = append(out, '\n')
	out = append(out, d.prefix...)
	for range d.depth {
		out = append(out, d.indent...)
	}
	return out
}
