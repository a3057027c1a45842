//go:build goexperiment.jsonv2

package stride

import "github.com/stridejson/stride/internal/jsonopts"

// On a v2-based build (Go 1.27 by default), encoding/json also has the options that bring v1's
// behaviour to encoding/json/v2's functions; so does this package, for Stride's v2 package
// (jsonv2): the values are of one type with jsonv2's and jsontext's options.

// Options are options of jsonv2's Marshal and Unmarshal family (and of jsontext's Encoder and
// Decoder); the constructors below are the v1 compatibility ones. Options made by the standard
// library's packages are another type and are not accepted by Stride's.
type Options = jsonopts.Options

// DefaultOptionsV1 returns the options of v1 semantics: every option whose default differs
// between v1 and v2 set to its v1 value.
func DefaultOptionsV1() Options {
	s := jsonopts.DefaultV1
	return &s
}

// CallMethodsWithLegacySemantics calls MarshalJSON, MarshalText and their Unmarshal counterparts as encoding/json v1 does: a method on a pointer receiver only where the value is addressable, and a map key's MarshalText only for a key of a non-string kind.
func CallMethodsWithLegacySemantics(v bool) Options {
	if v {
		return jsonopts.CallMethodsWithLegacySemantics | jsonopts.On
	}
	return jsonopts.CallMethodsWithLegacySemantics
}

// FormatByteArrayAsArray writes and reads a [N]byte as a JSON array of numbers, not a base64 string.
func FormatByteArrayAsArray(v bool) Options {
	if v {
		return jsonopts.FormatByteArrayAsArray | jsonopts.On
	}
	return jsonopts.FormatByteArrayAsArray
}

// FormatBytesWithLegacySemantics treats a []byte of a named byte type as a []byte (base64), and a []byte whose elements have marshal methods as an array, as v1 does; it also reads a JSON array into a []byte.
func FormatBytesWithLegacySemantics(v bool) Options {
	if v {
		return jsonopts.FormatBytesWithLegacySemantics | jsonopts.On
	}
	return jsonopts.FormatBytesWithLegacySemantics
}

// FormatDurationAsNano writes and reads a time.Duration as a number of nanoseconds, as v1 does.
func FormatDurationAsNano(v bool) Options {
	if v {
		return jsonopts.FormatDurationAsNano | jsonopts.On
	}
	return jsonopts.FormatDurationAsNano
}

// MatchCaseSensitiveDelimiter makes case-insensitive name matching also tell '-' and '_' apart, as v1 does.
func MatchCaseSensitiveDelimiter(v bool) Options {
	if v {
		return jsonopts.MatchCaseSensitiveDelimiter | jsonopts.On
	}
	return jsonopts.MatchCaseSensitiveDelimiter
}

// MergeWithLegacySemantics merges decoded values into existing ones as v1 does (a JSON null leaves a non-pointer value alone, ...).
func MergeWithLegacySemantics(v bool) Options {
	if v {
		return jsonopts.MergeWithLegacySemantics | jsonopts.On
	}
	return jsonopts.MergeWithLegacySemantics
}

// OmitEmptyWithLegacySemantics reads the omitempty tag option as v1 does: false, 0, a nil pointer or interface, and an empty array, slice, map or string are left out.
func OmitEmptyWithLegacySemantics(v bool) Options {
	if v {
		return jsonopts.OmitEmptyWithLegacySemantics | jsonopts.On
	}
	return jsonopts.OmitEmptyWithLegacySemantics
}

// ParseBytesWithLooseRFC4648 accepts base64 with line breaks and without padding, as v1 does.
func ParseBytesWithLooseRFC4648(v bool) Options {
	if v {
		return jsonopts.ParseBytesWithLooseRFC4648 | jsonopts.On
	}
	return jsonopts.ParseBytesWithLooseRFC4648
}

// ParseTimeWithLooseRFC3339 accepts the time forms v1 accepts beyond RFC 3339.
func ParseTimeWithLooseRFC3339(v bool) Options {
	if v {
		return jsonopts.ParseTimeWithLooseRFC3339 | jsonopts.On
	}
	return jsonopts.ParseTimeWithLooseRFC3339
}

// ReportErrorsWithLegacySemantics reports errors of v1's types and texts, and decoding goes on after a semantic error, as in v1.
func ReportErrorsWithLegacySemantics(v bool) Options {
	if v {
		return jsonopts.ReportErrorsWithLegacySemantics | jsonopts.On
	}
	return jsonopts.ReportErrorsWithLegacySemantics
}

// StringifyWithLegacySemantics applies the string tag option to bools and strings too, and reads a quoted null, as v1 does.
func StringifyWithLegacySemantics(v bool) Options {
	if v {
		return jsonopts.StringifyWithLegacySemantics | jsonopts.On
	}
	return jsonopts.StringifyWithLegacySemantics
}

// UnmarshalArrayFromAnyLength decodes a JSON array of any length into a Go array, dropping or zeroing the elements that do not fit, as v1 does.
func UnmarshalArrayFromAnyLength(v bool) Options {
	if v {
		return jsonopts.UnmarshalArrayFromAnyLength | jsonopts.On
	}
	return jsonopts.UnmarshalArrayFromAnyLength
}
