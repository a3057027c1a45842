package stride

import (
	"bytes"
	"strings"
	"sync"

	"github.com/stridejson/stride/stream"
)

// Valid reports whether data is a valid JSON encoding.
func Valid(data []byte) bool { return validate(data) }

// validators pools the Readers that validate input. Decoding reads the checked input with a
// cursor (see cursor.go), from a pool of its own.
var validators = sync.Pool{New: func() any { return stream.NewReader(nil) }}

// validate reports whether src is exactly one JSON value with optional white space around it.
// Like encoding/json it accepts invalid UTF-8 inside strings.
func validate(src []byte) bool {
	r := validators.Get().(*stream.Reader)
	r.Reset(src)
	r.SkipValue()
	ok := r.End() == nil
	r.Reset(nil) // let go of src
	validators.Put(r)
	return ok
}

// Compact appends to dst the JSON-encoded src with insignificant space characters elided.
func Compact(dst *bytes.Buffer, src []byte) error {
	b, err := appendCompact(dst.AvailableBuffer(), src, false, false)
	if err == nil {
		dst.Write(b)
	}
	return err
}

// appendCompact appends src, checked to be valid JSON, without the white space between tokens.
// With escape it also writes '<', '>', '&', U+2028 and U+2029 as \u escapes, as encoding/json
// does to the output of a MarshalJSON method when escaping HTML.
//
// NOTE: the v2-based encoding/json escapes U+2028 and U+2029 in MarshalJSON output without HTML
// escaping too (lineTerms without html); the older one escapes both or neither.
func appendCompact(dst, src []byte, html, lineTerms bool) ([]byte, error) {
	if !validate(src) {
		return dst, compactError(src)
	}
	start, inStr := 0, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case inStr && c == '\\':
			i++ // the escaped character is never one of those below
			continue
		case c == '"':
			inStr = !inStr
		case !inStr && isSpace(c):
			dst = append(dst, src[start:i]...)
			start = i + 1
			continue
		}
		if html || lineTerms {
			dst, start = escapeHTMLAt(dst, src, i, start, html)
		}
	}
	return append(dst, src[start:]...), nil
}

// escapeHTMLAt writes src[start:i] and an escape for src[i] when it starts U+2028 or U+2029, or
// with html '<', '>' or '&', and returns the new start; otherwise it returns start unchanged.
func escapeHTMLAt(dst, src []byte, i, start int, html bool) ([]byte, int) {
	const hex = "0123456789abcdef"
	switch c := src[i]; {
	case html && (c == '<' || c == '>' || c == '&'):
		dst = append(dst, src[start:i]...)
		return append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF]), i + 1
	case c == 0xE2 && i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8:
		dst = append(dst, src[start:i]...)
		return append(dst, '\\', 'u', '2', '0', '2', hex[src[i+2]&0xF]), i + 3
	}
	return dst, start
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// HTMLEscape appends to dst the JSON-encoded src with <, >, & and U+2028 and U+2029 characters
// inside string literals changed to \u003c, \u003e, \u0026, \u2028, \u2029 so that the JSON will
// be safe to embed inside HTML <script> tags.
func HTMLEscape(dst *bytes.Buffer, src []byte) {
	dst.Write(htmlEscape(dst.AvailableBuffer(), src))
}

// htmlEscape appends src with the escapes of HTMLEscape, wherever the characters are.
func htmlEscape(dst, src []byte) []byte {
	start := 0
	for i := range src {
		dst, start = escapeHTMLAt(dst, src, i, start, true)
	}
	return append(dst, src[start:]...)
}

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
	for end > 0 && isSpace(src[end-1]) {
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
		if isSpace(c) {
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
