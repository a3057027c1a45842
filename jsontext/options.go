package jsontext

import (
	"strings"

	"github.com/stridejson/stride/internal/jsonopts"
)

// Options configure an Encoder or a Decoder (NewEncoder, NewDecoder, Reset), and the functions
// that format values. In a list of options, a later one overrides an earlier one that sets the
// same property. Options of this package and of Stride's encoding/json/v2 package are one type:
// either may be passed where the other is taken, and options that do not apply are ignored.
//
// AllowDuplicateNames and AllowInvalidUTF8 apply to encoding and decoding; all the others to
// encoding only.
//
// Options made by the standard library's packages are another type and are not accepted here.
type Options = jsonopts.Options

// AllowDuplicateNames lets an object have two members of the same name (RFC 8259 allows it; RFC
// 7493, section 2.3, does not). Not checking names takes less time.
func AllowDuplicateNames(v bool) Options {
	if v {
		return jsonopts.AllowDuplicateNames | jsonopts.On
	}
	return jsonopts.AllowDuplicateNames
}

// AllowInvalidUTF8 lets strings hold invalid UTF-8, which becomes U+FFFD (RFC 8259 allows it;
// RFC 7493, section 2.1, does not).
func AllowInvalidUTF8(v bool) Options {
	if v {
		return jsonopts.AllowInvalidUTF8 | jsonopts.On
	}
	return jsonopts.AllowInvalidUTF8
}

// EscapeForHTML makes strings escape '<', '>' and '&' as \u003c, \u003e and \u0026, so that the
// output may go inside HTML.
func EscapeForHTML(v bool) Options {
	if v {
		return jsonopts.EscapeForHTML | jsonopts.On
	}
	return jsonopts.EscapeForHTML
}

// EscapeForJS makes strings escape U+2028 and U+2029, so that the output is valid JavaScript (as
// it is in ES2019 and later anyway).
func EscapeForJS(v bool) Options {
	if v {
		return jsonopts.EscapeForJS | jsonopts.On
	}
	return jsonopts.EscapeForJS
}

// PreserveRawStrings makes an Encoder keep strings given as raw values (WriteValue, or raw
// tokens) as they are written, instead of writing them in the shortest form.
func PreserveRawStrings(v bool) Options {
	if v {
		return jsonopts.PreserveRawStrings | jsonopts.On
	}
	return jsonopts.PreserveRawStrings
}

// CanonicalizeRawInts makes an Encoder write integers given as raw values in their canonical
// form (RFC 8785), when they are within ±2⁵³.
func CanonicalizeRawInts(v bool) Options {
	if v {
		return jsonopts.CanonicalizeRawInts | jsonopts.On
	}
	return jsonopts.CanonicalizeRawInts
}

// CanonicalizeRawFloats makes an Encoder write numbers given as raw values, other than integers,
// in their canonical form (RFC 8785), as float64s.
func CanonicalizeRawFloats(v bool) Options {
	if v {
		return jsonopts.CanonicalizeRawFloats | jsonopts.On
	}
	return jsonopts.CanonicalizeRawFloats
}

// ReorderRawObjects makes an Encoder write the members of objects given as raw values in the
// order of their names (RFC 8785).
func ReorderRawObjects(v bool) Options {
	if v {
		return jsonopts.ReorderRawObjects | jsonopts.On
	}
	return jsonopts.ReorderRawObjects
}

// SpaceAfterColon makes an Encoder write a space after each ':'.
func SpaceAfterColon(v bool) Options {
	if v {
		return jsonopts.SpaceAfterColon | jsonopts.On
	}
	return jsonopts.SpaceAfterColon
}

// SpaceAfterComma makes an Encoder write a space after each ',' of single-line output.
func SpaceAfterComma(v bool) Options {
	if v {
		return jsonopts.SpaceAfterComma | jsonopts.On
	}
	return jsonopts.SpaceAfterComma
}

// Multiline makes an Encoder write each member and element of a non-empty object or array on a
// line of its own, indented by depth (WithIndent, WithIndentPrefix; a tab by default).
func Multiline(v bool) Options {
	if v {
		return jsonopts.Multiline | jsonopts.On
	}
	return jsonopts.Multiline
}

// WithIndent makes an Encoder write multiline output (Multiline) indented with one copy of indent
// per level. The indent may hold only spaces and tabs; WithIndent panics otherwise.
func WithIndent(indent string) Options {
	// The usual indents as constants: an Options made from a constant string does not allocate.
	switch indent {
	case "\t":
		return jsonopts.Indent("\t")
	case "  ":
		return jsonopts.Indent("  ")
	case "    ":
		return jsonopts.Indent("    ")
	case "":
		return jsonopts.Indent("")
	}
	if s := strings.Trim(indent, " \t"); s != "" {
		panic("json: invalid character " + quoteChar(s) + " in indent")
	}
	return jsonopts.Indent(indent)
}

// WithIndentPrefix makes an Encoder write multiline output (Multiline) with prefix at the start of
// every line but the first. The prefix may hold only spaces and tabs; WithIndentPrefix panics
// otherwise.
func WithIndentPrefix(prefix string) Options {
	if s := strings.Trim(prefix, " \t"); s != "" {
		panic("json: invalid character " + quoteChar(s) + " in indent prefix")
	}
	return jsonopts.IndentPrefix(prefix)
}
