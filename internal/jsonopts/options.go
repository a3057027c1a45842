// Package jsonopts is the one options type of the v2 front ends: jsontext.Options and the
// encoding/json/v2 package's Options are this package's Options, so that an option made by
// either package may be passed to the other (as the standard library's packages share theirs).
// An option is a value of one of this package's types; Join folds a list of them into a Struct,
// later options overriding earlier ones.
package jsonopts

// Options is a list of options, folded into a Struct by Join. Only this package's types
// implement it.
type Options interface {
	applyTo(s *Struct)
}

// Bools is a set of boolean options with one value: the bits above On name the options, and On
// is the value they are set to. A Bools made from constants goes into an Options without an
// allocation, so the constructors return constants.
type Bools uint64

// On is the value bit of a Bools.
const On Bools = 1

// The boolean options, by the package that documents them.
const (
	// jsontext
	AllowDuplicateNames Bools = 1 << (iota + 1)
	AllowInvalidUTF8
	EscapeForHTML
	EscapeForJS
	PreserveRawStrings
	CanonicalizeRawInts
	CanonicalizeRawFloats
	ReorderRawObjects
	SpaceAfterColon
	SpaceAfterComma
	Multiline

	// encoding/json/v2
	Deterministic
	FormatNilMapAsNull
	FormatNilSliceAsNull
	MatchCaseInsensitiveNames
	OmitZeroStructFields
	RejectUnknownMembers
	StringifyNumbers

	// the v1 compatibility options of encoding/json (Go 1.27)
	CallMethodsWithLegacySemantics
	FormatByteArrayAsArray
	FormatBytesWithLegacySemantics
	FormatDurationAsNano
	MatchCaseSensitiveDelimiter
	MergeWithLegacySemantics
	OmitEmptyWithLegacySemantics
	ParseBytesWithLooseRFC4648
	ParseTimeWithLooseRFC3339
	ReportErrorsWithLegacySemantics
	StringifyWithLegacySemantics
	UnmarshalArrayFromAnyLength
)

// V1Defaults are the boolean options that are true by default under v1 semantics and false
// under v2's; no other option differs between the two.
const V1Defaults = AllowDuplicateNames | AllowInvalidUTF8 | EscapeForHTML | EscapeForJS |
	PreserveRawStrings | Deterministic | FormatNilMapAsNull | FormatNilSliceAsNull |
	MatchCaseInsensitiveNames | CallMethodsWithLegacySemantics | FormatByteArrayAsArray |
	FormatBytesWithLegacySemantics | FormatDurationAsNano | MatchCaseSensitiveDelimiter |
	MergeWithLegacySemantics | OmitEmptyWithLegacySemantics | ParseBytesWithLooseRFC4648 |
	ParseTimeWithLooseRFC3339 | ReportErrorsWithLegacySemantics | StringifyWithLegacySemantics |
	UnmarshalArrayFromAnyLength

// DefaultV2 and DefaultV1 set the options of V1Defaults to their values under v2 and v1
// semantics, leaving the others unset.
var (
	DefaultV2 = Struct{Set: V1Defaults}
	DefaultV1 = Struct{Set: V1Defaults, Value: V1Defaults}
)

func (b Bools) applyTo(s *Struct) {
	names := b &^ On
	s.Set |= names
	if b&On != 0 {
		s.Value |= names
	} else {
		s.Value &^= names
	}
}

// Indent is the option WithIndent: the indent string, which implies Multiline.
type Indent string

func (v Indent) applyTo(s *Struct) {
	s.Indent, s.HasIndent = string(v), true
	Bools(Multiline | On).applyTo(s)
}

// IndentPrefix is the option WithIndentPrefix, which implies Multiline.
type IndentPrefix string

func (v IndentPrefix) applyTo(s *Struct) {
	s.IndentPrefix, s.HasIndentPrefix = string(v), true
	Bools(Multiline | On).applyTo(s)
}

// Marshalers is the option WithMarshalers: the caller's marshal functions (jsonv2's *Marshalers),
// held as they are.
type Marshalers struct{ Funcs any }

func (v Marshalers) applyTo(s *Struct) { s.Marshalers = v.Funcs }

// Unmarshalers is the option WithUnmarshalers.
type Unmarshalers struct{ Funcs any }

func (v Unmarshalers) applyTo(s *Struct) { s.Unmarshalers = v.Funcs }

// A Struct holds a list of options folded together. Every option not set keeps its zero value,
// and the package that reads it applies its own default.
type Struct struct {
	Set   Bools // the boolean options set
	Value Bools // their values (bits of options not set are 0)

	Indent, IndentPrefix       string
	HasIndent, HasIndentPrefix bool

	Marshalers, Unmarshalers any // WithMarshalers and WithUnmarshalers (nil: none)
}

func (s *Struct) applyTo(d *Struct) {
	if s == nil {
		return
	}
	d.Value = d.Value&^s.Set | s.Value
	d.Set |= s.Set
	if s.HasIndent {
		d.Indent, d.HasIndent = s.Indent, true
	}
	if s.HasIndentPrefix {
		d.IndentPrefix, d.HasIndentPrefix = s.IndentPrefix, true
	}
	if s.Marshalers != nil {
		d.Marshalers = s.Marshalers
	}
	if s.Unmarshalers != nil {
		d.Unmarshalers = s.Unmarshalers
	}
}

// Join folds opts into one Struct, later options overriding earlier ones; nil options are skipped.
func Join(opts ...Options) *Struct {
	s := new(Struct)
	s.Add(opts...)
	return s
}

// Add folds opts into s, after what s holds.
func (s *Struct) Add(opts ...Options) {
	for _, o := range opts {
		if o != nil {
			o.applyTo(s)
		}
	}
}

// Get returns the value of the boolean option b (one bit) and whether it is set.
func (s *Struct) Get(b Bools) (value, set bool) {
	return s.Value&b != 0, s.Set&b != 0
}

// Lookup returns the value in s of the option that o names (o made by a constructor, with any
// value): a bool for a boolean option, a string for an indent; and whether s sets it.
func (s *Struct) Lookup(o Options) (any, bool) {
	switch o := o.(type) {
	case Bools:
		b := o &^ On
		if b == 0 || b&(b-1) != 0 {
			return nil, false
		}
		v, set := s.Get(b)
		return v, set
	case Indent:
		return s.Indent, s.HasIndent
	case IndentPrefix:
		return s.IndentPrefix, s.HasIndentPrefix
	case Marshalers:
		return s.Marshalers, s.Marshalers != nil
	case Unmarshalers:
		return s.Unmarshalers, s.Unmarshalers != nil
	}
	return nil, false
}

// GetBool returns the value that opts, folded, give the boolean option b (one bit), and whether
// they set it, without folding them into a Struct (which would go to the heap).
func GetBool(opts []Options, b Bools) (value, set bool) {
	for _, o := range opts {
		switch o := o.(type) {
		case Bools:
			if o&b != 0 {
				value, set = o&On != 0, true
			}
		case *Struct:
			if o != nil && o.Set&b != 0 {
				value, set = o.Value&b != 0, true
			}
		case Indent, IndentPrefix:
			if b == Multiline {
				value, set = true, true
			}
		}
	}
	return value, set
}
