package json

import (
	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonopts"
)

// Options configure Marshal, MarshalWrite, MarshalEncode, Unmarshal, UnmarshalRead and
// UnmarshalDecode. In a list of options, a later one overrides an earlier one that sets the same
// property. They are the same type as jsontext.Options: options of either package may be given
// to the other's functions, and those that do not apply are ignored.
//
// Options made by the standard library's packages are another type and are not accepted here.
type Options = jsonopts.Options

// DefaultOptionsV2 returns the options of v2 semantics, every option whose default differs from
// v1's set to its v2 value (false). Passing it changes nothing; it is there to override options
// before it.
func DefaultOptionsV2() Options {
	s := jsonopts.DefaultV2
	return &s
}

// JoinOptions returns the options of srcs joined into one, later ones overriding earlier ones;
// nil options are skipped.
func JoinOptions(srcs ...Options) Options { return jsonopts.Join(srcs...) }

// GetOption returns the value that opts gives the option setter makes (one of the option
// constructors of this package or of jsontext), and whether opts sets it:
//
//	v, ok := json.GetOption(opts, json.Deterministic)
func GetOption[T any](opts Options, setter func(T) Options) (T, bool) {
	s, ok := opts.(*jsonopts.Struct)
	if !ok {
		s = jsonopts.Join(opts)
	}
	var zero T
	v, set := s.Lookup(setter(zero))
	if !set {
		return zero, false
	}
	return v.(T), true
}

// ErrUnknownName is the error of an object member that no field of the struct decoded into
// names, under RejectUnknownMembers. It is the Err of a SemanticError.
var ErrUnknownName = codec.ErrUnknownName

// Deterministic makes Marshal write the same bytes for the same value every time, map members
// among them (in an order that is not specified).
func Deterministic(v bool) Options {
	if v {
		return jsonopts.Deterministic | jsonopts.On
	}
	return jsonopts.Deterministic
}

// FormatNilMapAsNull makes Marshal write a nil map as null, instead of {}.
func FormatNilMapAsNull(v bool) Options {
	if v {
		return jsonopts.FormatNilMapAsNull | jsonopts.On
	}
	return jsonopts.FormatNilMapAsNull
}

// FormatNilSliceAsNull makes Marshal write a nil slice as null, instead of [].
func FormatNilSliceAsNull(v bool) Options {
	if v {
		return jsonopts.FormatNilSliceAsNull | jsonopts.On
	}
	return jsonopts.FormatNilSliceAsNull
}

// MatchCaseInsensitiveNames makes member names match struct fields whatever their case (and
// Unicode folding), where a field's `case` tag option does not say otherwise.
func MatchCaseInsensitiveNames(v bool) Options {
	if v {
		return jsonopts.MatchCaseInsensitiveNames | jsonopts.On
	}
	return jsonopts.MatchCaseInsensitiveNames
}

// OmitZeroStructFields makes Marshal leave out every struct field that holds its zero value (or
// whose IsZero method reports true), as if each had the omitzero tag option.
func OmitZeroStructFields(v bool) Options {
	if v {
		return jsonopts.OmitZeroStructFields | jsonopts.On
	}
	return jsonopts.OmitZeroStructFields
}

// RejectUnknownMembers makes Unmarshal fail on an object member that no field of the struct
// names (ErrUnknownName), unless the struct has a field for unknown members.
func RejectUnknownMembers(v bool) Options {
	if v {
		return jsonopts.RejectUnknownMembers | jsonopts.On
	}
	return jsonopts.RejectUnknownMembers
}

// StringifyNumbers makes numbers of Go's numeric kinds be written and read as JSON strings that
// hold the number, as if each had the string tag option.
func StringifyNumbers(v bool) Options {
	if v {
		return jsonopts.StringifyNumbers | jsonopts.On
	}
	return jsonopts.StringifyNumbers
}
