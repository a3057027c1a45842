package jsonfmt

import (
	"bytes"
	"strings"

	"github.com/stridejson/stride/internal/jsonread"
)

// AppendIndent appends to dst the indented form of src as encoding/json's Indent does: src is
// checked, the white space at its end is kept, and with overlay (the v2-based encoding/json) the
// prefix and indent are written over it as OverlayIndent does.
func AppendIndent(dst, src []byte, prefix, indent string, overlay bool) ([]byte, error) {
	if !Valid(src) {
		return dst, CompactError(src)
	}
	end := len(src)
	for end > 0 && jsonread.IsSpace(src[end-1]) {
		end--
	}
	ind := Indenter{Prefix: prefix, Indent: indent, Out: dst}
	out := ind.Feed(src[:end])
	n := len(out)
	out = append(out, src[end:]...)
	if overlay {
		OverlayIndent(out[n:], prefix, indent)
	}
	return out, nil
}

// OverlayIndent writes, after each newline in the white space b that Indent copies from the end
// of its input, prefix and then indent over the spaces that follow, as the v2-based
// encoding/json does there (it indents with spaces, then writes the prefix and indent over the
// spaces after every newline of its output), when prefix or indent holds more than spaces and
// tabs.
func OverlayIndent(b []byte, prefix, indent string) {
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

// An Indenter indents valid JSON fed to it in pieces of any size, as encoding/json's Indent does:
// white space between tokens is dropped, each element and member starts a new line, an empty
// object or array stays {} or [].
type Indenter struct {
	Prefix, Indent string
	depth          int
	open           bool // after '{' or '[': the next token decides between a new line and {} / []
	inStr          bool
	esc            bool   // inside a string, after a backslash
	Out            []byte // the buffer Feed returns, reused by the next call
}

// Feed returns the indented form of src, in a buffer reused by the next call.
func (d *Indenter) Feed(src []byte) []byte {
	out := d.Out[:0]
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
	d.Out = out
	return out
}

func (d *Indenter) newline(out []byte) []byte {
	out = append(out, '\n')
	out = append(out, d.Prefix...)
	for range d.depth {
		out = append(out, d.Indent...)
	}
	return out
}
