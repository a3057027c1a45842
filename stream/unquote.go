package stream

import "github.com/stridejson/stride/internal/jsonstr"

// AppendUnquote decodes src, one complete JSON string literal (quotes included, nothing after it),
// and appends its value to dst. As encoding/json does, it replaces invalid UTF-8 and unpaired
// surrogate escapes with U+FFFD. Errors are *SyntaxError values carrying the offset in src: an
// unterminated literal, a raw control character, a bad escape or \u hex, bytes after the closing
// quote. On error dst is returned unchanged. Like AppendQuote, it may overwrite dst's spare capacity
// beyond the returned length.
func AppendUnquote[S ~string | ~[]byte](dst []byte, src S) ([]byte, error) {
	return unquote(dst, src, false)
}

// AppendUnquoteStrict is AppendUnquote that rejects invalid UTF-8 (with an *InvalidUTF8Error) and
// unpaired surrogate escapes (with a *SyntaxError) instead of replacing them.
func AppendUnquoteStrict[S ~string | ~[]byte](dst []byte, src S) ([]byte, error) {
	return unquote(dst, src, true)
}

func unquote[S ~string | ~[]byte](dst []byte, src S, strict bool) ([]byte, error) {
	dst, err := jsonstr.AppendUnquote(dst, src, strict)
	if err != nil {
		return dst, wrapError(err)
	}
	return dst, nil
}
