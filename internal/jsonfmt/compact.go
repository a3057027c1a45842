package jsonfmt

import (
	"github.com/stridejson/stride/internal/jsonread"
)

// AppendCompact appends src, checked to be valid JSON, without the white space between tokens.
// With escape it also writes '<', '>', '&', U+2028 and U+2029 as \u escapes, as encoding/json
// does to the output of a MarshalJSON method when escaping HTML.
//
// NOTE: the v2-based encoding/json escapes U+2028 and U+2029 in MarshalJSON output without HTML
// escaping too (lineTerms without html); the older one escapes both or neither.
func AppendCompact(dst, src []byte, html, lineTerms bool) ([]byte, error) {
	if !Valid(src) {
		return dst, CompactError(src)
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
		case !inStr && jsonread.IsSpace(c):
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

// AppendHTMLEscape appends src with the escapes of encoding/json's HTMLEscape (<, >, &, U+2028
// and U+2029 as \u escapes), wherever the characters are.
func AppendHTMLEscape(dst, src []byte) []byte {
	start := 0
	for i := range src {
		dst, start = escapeHTMLAt(dst, src, i, start, true)
	}
	return append(dst, src[start:]...)
}
