package stream

import "github.com/stridejson/stride/internal/jsonstr"

// EscapeFlags choose escaping beyond the minimum JSON requires ('"', '\\' and control characters).
type EscapeFlags uint16

const (
	// EscapeHTML writes '<', '>' and '&' as \u003c, \u003e and \u0026, so the output is safe to
	// embed in HTML <script> tags.
	EscapeHTML = EscapeFlags(jsonstr.EscapeHTML)
	// EscapeLineTerminators writes U+2028 and U+2029 as \u2028 and \u2029, which JavaScript before
	// ES2019 does not accept raw in string literals.
	EscapeLineTerminators = EscapeFlags(jsonstr.EscapeLineTerminators)
	// EscapeNonASCII writes every non-ASCII character as \uXXXX (lower-case hex), characters above
	// the Basic Multilingual Plane as a surrogate pair, so the output is pure ASCII.
	EscapeNonASCII = EscapeFlags(jsonstr.EscapeNonASCII)
	// EscapeSlash writes '/' as \/.
	EscapeSlash = EscapeFlags(jsonstr.EscapeSlash)
	// RejectInvalidUTF8 makes invalid UTF-8 an *InvalidUTF8Error. Without it each invalid byte is
	// written as \ufffd, as the legacy encoding/json does (or as U+FFFD under RawReplacement).
	RejectInvalidUTF8 = EscapeFlags(jsonstr.RejectInvalidUTF8)
	// RawReplacement writes each invalid UTF-8 byte as the character U+FFFD itself (the three bytes
	// EF BF BD), as the encoding/json built on encoding/json/v2 does, instead of the escape \ufffd.
	// RejectInvalidUTF8 and EscapeNonASCII take precedence over it.
	RawReplacement = EscapeFlags(jsonstr.RawReplacement)
)

// An Escaper is an escaping policy compiled once into lookup tables. Build one with NewEscaper (or use
// a preset), keep it, and reuse it: it is immutable and safe for concurrent use.
type Escaper struct {
	p *jsonstr.Policy
}

// NewEscaper builds an escaping policy from flags and a set of extra ASCII characters to write as
// \u00XX (in the spirit of Jackson's CharacterEscapes). Characters JSON escapes anyway keep their
// usual escape. NewEscaper panics if extra holds a non-ASCII byte.
func NewEscaper(flags EscapeFlags, extra string) *Escaper {
	return &Escaper{jsonstr.NewPolicy(jsonstr.Flags(flags), extra)}
}

// The encoding/json presets. Go has two implementations of encoding/json, which quote strings alike
// but for invalid UTF-8: the legacy one (Go 1.26 and earlier, and Go 1.27 with
// GOEXPERIMENT=nojsonv2) writes each invalid byte as the escape \ufffd, the one built on
// encoding/json/v2 (Go 1.27 by default, Go 1.26 with GOEXPERIMENT=jsonv2; build tag
// goexperiment.jsonv2) as the character U+FFFD itself. Both escape '<', '>' and '&' unless an
// Encoder has SetEscapeHTML(false), and both always escape U+2028 and U+2029.
//
// EncodingJSON and EncodingJSONNoHTML are the pair of the encoding/json the program is built with
// (chosen at build time, at no run-time cost); the Legacy and OnV2 pairs name one implementation
// whatever the toolchain.
var (
	// Minimal escapes only what JSON requires and replaces invalid UTF-8 with \ufffd. AppendQuote uses it.
	Minimal = &Escaper{jsonstr.Default}

	// EncodingJSONLegacy matches the default output of the legacy encoding/json byte for byte:
	// HTML-safe, U+2028 and U+2029 escaped, each invalid UTF-8 byte written as \ufffd.
	EncodingJSONLegacy = NewEscaper(EscapeHTML|EscapeLineTerminators, "")

	// EncodingJSONLegacyNoHTML matches a legacy encoding/json Encoder after SetEscapeHTML(false).
	EncodingJSONLegacyNoHTML = NewEscaper(EscapeLineTerminators, "")

	// EncodingJSONOnV2 matches the default output of the encoding/json built on encoding/json/v2 byte
	// for byte: HTML-safe, U+2028 and U+2029 escaped, each invalid UTF-8 byte written as U+FFFD.
	EncodingJSONOnV2 = NewEscaper(EscapeHTML|EscapeLineTerminators|RawReplacement, "")

	// EncodingJSONOnV2NoHTML matches an encoding/json/v2-based Encoder after SetEscapeHTML(false).
	EncodingJSONOnV2NoHTML = NewEscaper(EscapeLineTerminators|RawReplacement, "")

	// EncodingJSON matches the default output of the encoding/json of the build byte for byte: it is
	// EncodingJSONLegacy, or EncodingJSONOnV2 under the build tag goexperiment.jsonv2.
	EncodingJSON = encodingJSON

	// EncodingJSONNoHTML matches an encoding/json Encoder of the build after SetEscapeHTML(false): it
	// is EncodingJSONLegacyNoHTML, or EncodingJSONOnV2NoHTML under the build tag goexperiment.jsonv2.
	EncodingJSONNoHTML = encodingJSONNoHTML
)

// Flags reports the flags the Escaper was built with.
func (e *Escaper) Flags() EscapeFlags { return EscapeFlags(e.p.Flags()) }

// AppendQuote appends s to dst as a JSON string literal escaped under e. It fails only under
// RejectInvalidUTF8, with an *InvalidUTF8Error, and then returns dst unchanged.
func (e *Escaper) AppendQuote(dst []byte, s string) ([]byte, error) {
	return quote(dst, s, e.p)
}

// AppendQuoteBytes is AppendQuote for a []byte.
func (e *Escaper) AppendQuoteBytes(dst []byte, s []byte) ([]byte, error) {
	return quote(dst, s, e.p)
}

// AppendQuote appends src to dst as a JSON string literal with only the escaping JSON requires: '"',
// '\\', and control characters as \b, \f, \n, \r, \t or \u00XX, spelled as encoding/json spells them.
// Each byte of invalid UTF-8 is written as \ufffd, so the error is always nil; it is there so that
// the signature matches the Escaper methods, whose policies can reject invalid UTF-8.
//
// Unlike the built-in append, the Append functions of this package write whole 8-byte words and use
// dst's spare capacity as scratch space: bytes of the backing array beyond the returned length may
// be overwritten. Reusing a buffer as dst[:0] is the intended use; do not pass a dst whose spare
// capacity holds data you still need.
func AppendQuote[S ~string | ~[]byte](dst []byte, src S) ([]byte, error) {
	return quote(dst, src, jsonstr.Default)
}

func quote[S ~string | ~[]byte](dst []byte, src S, p *jsonstr.Policy) ([]byte, error) {
	dst, err := jsonstr.AppendQuote(dst, src, p)
	if err != nil {
		return dst, wrapError(err)
	}
	return dst, nil
}

// JSONTextEscaper returns the escaping of encoding/json/jsontext (Go 1.27) under its options
// EscapeForHTML (html), EscapeForJS (js) and AllowInvalidUTF8 (badUTF8): what JSON requires, '<',
// '>' and '&' with html, U+2028 and U+2029 with js, and invalid UTF-8 rejected, or written as
// U+FFFD with badUTF8. The eight Escapers are built once.
func JSONTextEscaper(html, js, badUTF8 bool) *Escaper {
	i := 0
	if html {
		i |= 4
	}
	if js {
		i |= 2
	}
	if badUTF8 {
		i |= 1
	}
	return jsontextEscapers[i]
}

var jsontextEscapers = func() (t [8]*Escaper) {
	for i := range t {
		var f EscapeFlags
		if i&4 != 0 {
			f |= EscapeHTML
		}
		if i&2 != 0 {
			f |= EscapeLineTerminators
		}
		if i&1 != 0 {
			f |= RawReplacement
		} else {
			f |= RejectInvalidUTF8
		}
		t[i] = NewEscaper(f, "")
	}
	return t
}()
