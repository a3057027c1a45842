package jsontext

import (
	"iter"
	"strings"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonread"
)

// A Pointer is a JSON Pointer (RFC 6901): reference tokens, each after a '/', that name object
// members and array elements (as base-10 indexes) from the top-level value down, with '~' and
// '/' in a name written as "~0" and "~1". A name that is all digits reads like an index: which
// one a token is depends on the value it is applied to.
//
// A value has one Pointer, so two Pointers are equal exactly when they name the same value.
type Pointer string

// IsValid reports whether p is a valid JSON Pointer: empty, or beginning with '/', with every
// '~' followed by '0' or '1', and valid UTF-8 (U+FFFD itself is allowed). Two valid Pointers
// joined make a valid one.
func (p Pointer) IsValid() bool {
	s := string(p)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c == '~' && (i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1') {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return false
		}
		i += n
	}
	return s == "" || s[0] == '/'
}

// Contains reports whether the value p names is, or holds, the value pc names.
func (p Pointer) Contains(pc Pointer) bool {
	rest, ok := strings.CutPrefix(string(pc), string(p))
	return ok && (rest == "" || rest[0] == '/')
}

// Parent returns p without its last reference token; the parent of "" is "".
func (p Pointer) Parent() Pointer {
	return p[:max(strings.LastIndexByte(string(p), '/'), 0)]
}

// LastToken returns the last reference token of p, unescaped; "" for "".
func (p Pointer) LastToken() string {
	i := strings.LastIndexByte(string(p), '/')
	return unescapeToken(string(p[i+1:]))
}

// AppendToken returns p with tok, escaped, appended as its last reference token. Invalid UTF-8
// in tok becomes U+FFFD.
func (p Pointer) AppendToken(tok string) Pointer {
	return Pointer(appendToken(append([]byte(p), '/'), tok))
}

// Tokens returns an iterator over the reference tokens of p, unescaped, first to last.
func (p Pointer) Tokens() iter.Seq[string] {
	return func(yield func(string) bool) {
		s := string(p)
		for s != "" {
			s = strings.TrimPrefix(s, "/")
			i := strings.IndexByte(s, '/')
			if i < 0 {
				i = len(s)
			}
			if !yield(unescapeToken(s[:i])) {
				return
			}
			s = s[i:]
		}
	}
}

// unescapeToken reads the escapes of a reference token: "~1" is '/', then "~0" is '~'.
func unescapeToken(tok string) string {
	if strings.IndexByte(tok, '~') < 0 {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}

// appendToken appends name as a reference token, '~' and '/' escaped and invalid UTF-8 written
// as U+FFFD.
func appendToken[S ~string | ~[]byte](b []byte, name S) []byte {
	for _, r := range string(name) {
		switch r {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// shortPointer returns p as an error message shows it (jsonread.ShortPointer).
func shortPointer(p string, n int) string { return jsonread.ShortPointer(p, n) }
