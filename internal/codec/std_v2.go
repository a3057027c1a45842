//go:build goexperiment.jsonv2

package codec

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/rawfield"
)

// This build matches the encoding/json that Go 1.27 builds on encoding/json/v2 (and Go 1.26's
// with GOEXPERIMENT=jsonv2). Its decode errors name a JSON Pointer of the input and the root
// type, with offsets, values and wrapped errors of their own; std_v1.go is the other build.

// V2Based reports whether the encoding/json this build matches is the one built on
// encoding/json/v2.
const V2Based = true

// StdDecodeError returns the error encoding/json gives for data decoded into v, in place of err,
// an error the decoders made in the words of the older encoding/json; errors of the caller's
// methods, syntax errors (already encoding/json's) and the errors of options beyond encoding/json
// are kept. It runs on the error path only.
//
// NOTE: encoding/json decodes data into v again, over what the decoders stored, and its error is
// returned. Decoding is a merge that stores the same values again, so v ends as encoding/json
// leaves it, where the two encoding/json differ too (the v2-based one keeps a map element whose
// UnmarshalJSON failed, or decodes into the value an interface holds). A type whose UnmarshalJSON
// or UnmarshalText has side effects sees them twice when the input holds such an error. Not so
// where v holds a jsontext.Value fallback, which would take the unknown members a second time: the
// error is then that of decoding into a new value, and v stays as the decoders left it.
func (d *DecodeState) StdDecodeError(data []byte, v any, err error) error {
	if !IsDecoderError(err) || cyclesForEver(reflect.ValueOf(v)) {
		return err
	}
	if t := reflect.TypeOf(v); t.Kind() == reflect.Pointer && rawFallbackIn(t) {
		v = reflect.New(t.Elem()).Interface()
	}
	if std := d.stdDecode(data, v); std != nil {
		return std
	}
	return err // unreachable while the decoders and encoding/json agree
}

// stdDecode decodes data into v with encoding/json, under d's options, and returns its error. It
// decodes the values left to encoding/json too (v2-only fields, UnmarshalJSONFrom, map keys only
// it reads), whose methods get the options through its jsontext.Decoder.
func (d *DecodeState) stdDecode(data []byte, v any) error {
	var std error
	switch {
	case d.CaseSensitive:
		// NOTE: UseNumber has no exported v2 option; a number into an interface is never an
		// error with it, and the decoding without it reports 1e400 there.
		std = unmarshalCaseSensitive(data, v, d.DisallowUnknown)
	case d.UseNumber || d.DisallowUnknown:
		dec := json.NewDecoder(bytes.NewReader(data))
		if d.UseNumber {
			dec.UseNumber()
		}
		if d.DisallowUnknown {
			dec.DisallowUnknownFields()
		}
		std = dec.Decode(v)
	default:
		std = json.Unmarshal(data, v)
	}
	return std
}

// stdEncodeError returns the error encoding/json's Marshal gives for v in place of err, an error
// of the encoders in the words of the older encoding/json (the errors of an Escaper beyond
// encoding/json never reach it). It runs on the error path only.
//
// NOTE: as for StdDecodeError, the error is encoding/json's own: v is marshalled again, so a
// MarshalJSON or MarshalText with side effects sees them twice when v cannot be marshalled.
func stdEncodeError(v any, err error) error {
	const cycle = "json: unsupported value: encountered a cycle"
	if _, ok := err.(*json.UnsupportedValueError); ok && strings.HasPrefix(err.Error(), cycle) {
		return err // this encoding/json follows some cycles until the stack overflows
	}
	if _, std := json.Marshal(v); std != nil {
		return std
	}
	return err // unreachable while the encoders and encoding/json agree
}

// IsDecoderError reports whether err is one the decoders make in encoding/json's words.
func IsDecoderError(err error) bool {
	var te *json.UnmarshalTypeError
	var be base64.CorruptInputError
	if errors.As(err, &te) || errors.As(err, &be) {
		return true
	}
	return err != nil && reflect.TypeOf(err) == errorStringType && strings.HasPrefix(err.Error(), "json: ")
}

var errorStringType = reflect.TypeOf(errors.New(""))

// implementsMarshalerTo reports whether t has encoding/json/v2's MarshalJSONTo method, leaving out
// json.Number and json.RawMessage (and their pointers), which have it in this encoding/json and
// which the codecs write and read themselves, as it does (a json.Number under the `string` option,
// say).
func implementsMarshalerTo(t reflect.Type) bool {
	return !ownV2Methods(t) && t.Implements(marshalerToType)
}

// implementsUnmarshalerFrom reports whether t has encoding/json/v2's UnmarshalJSONFrom method,
// leaving out json.Number and json.RawMessage as implementsMarshalerTo does.
func implementsUnmarshalerFrom(t reflect.Type) bool {
	return !ownV2Methods(t) && t.Implements(unmarshalerFromType)
}

func ownV2Methods(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t == numberType || t == rawMessageType
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

// implementsMarshaler reports whether t has MarshalJSON or MarshalJSONTo, which this
// encoding/json calls in its place; implementsUnmarshaler likewise for UnmarshalJSON and
// UnmarshalJSONFrom. The decoders and encoders by address leave such types to the methods.
func implementsMarshaler(t reflect.Type) bool {
	return t.Implements(marshalerType) || implementsMarshalerTo(t)
}

// implementsText reports whether t has a text method this encoding/json calls: MarshalText, or
// AppendText, which it calls first.
func implementsText(t reflect.Type) bool {
	return t.Implements(textMarshalerType) || t.Implements(textAppenderType)
}

// v2OnlyFields reports whether struct type t has fields this encoding/json reads as
// encoding/json/v2 does and the v1 codecs do not: an embedded fallback (`embed`), or a `case` or
// `format` tag option (the last an error). Such structs, rare, are left to encoding/json, which
// knows them. (The errors v2 finds in other tags, a conflict of names say, this encoding/json
// does not report: under ReportErrorsWithLegacySemantics it makes the best of the fields, as v1.)
func v2OnlyFields(t reflect.Type) bool {
	if t.Kind() != reflect.Struct {
		return false
	}
	if v2Tags(t, map[reflect.Type]bool{}) {
		return true // even where v2 finds the tag wrong (`embed` on an int, say): it reads the field its way
	}
	fields, fallback, _ := structFieldsV2(t)
	if fallback != nil {
		return true
	}
	for _, f := range fields {
		if f.format != "" || f.casing != 0 {
			return true
		}
	}
	return false
}

// v2Tags reports whether a field of struct type t, or of a struct embedded in it, has a tag
// option that only v2 reads: embed, case or format.
func v2Tags(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	for i := range t.NumField() {
		sf := t.Field(i)
		if _, _, opts := tagName(sf.Tag.Get("json")); hasOption(opts, "embed") || hasOption(opts, "case") || hasOption(opts, "format") {
			return true
		}
		if ft := indirectType(sf.Type); sf.Anonymous && ft.Kind() == reflect.Struct && v2Tags(ft, seen) {
			return true
		}
	}
	return false
}

func implementsUnmarshaler(t reflect.Type) bool {
	return t.Implements(unmarshalerType) || implementsUnmarshalerFrom(t)
}

// marshalToEncoder writes a value of type t, which has MarshalJSONTo, which encoding/json calls
// with its jsontext.Encoder (a nil pointer or nil interface is null).
func marshalToEncoder(t reflect.Type) encoderFunc {
	return func(e *EncodeState, p rawfield.Pointer) error {
		x, ok := receiver(t, p)
		if !ok {
			e.puts("null")
			return nil
		}
		return e.appendStd(x)
	}
}

// appendStd appends x as encoding/json marshals it, with the state's HTML escaping; under an
// Escaper other than the two presets, the strings of its output are escaped again by it, as
// MarshalJSON output is (appendEscapedJSON).
func (e *EncodeState) appendStd(x any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(e.html || !e.pol.preset && e.pol.escHTML)
	if err := enc.Encode(x); err != nil {
		return err
	}
	out := bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})
	if !e.pol.preset {
		return e.appendEscapedJSON(out, reflect.TypeOf(x))
	}
	e.Buf = append(e.Buf, out...)
	return nil
}

// tagName splits a json struct tag into the member name it gives, if named (else the Go name is the
// member's), and the options, as this encoding/json reads them (encoding/json/v2's
// parseFieldOptions): the name is the text before the first comma, backslash, quote or backquote,
// whatever it holds; when another of those follows it, the tag is malformed there, and the name is
// what a Go identifier at its start spells (or, where quotedTagNames, a single-quoted string), else
// the Go name. Invalid UTF-8 in the name is U+FFFD per byte. The options, returned comma-separated,
// are what each option read from there spells: the identifier at its start, a malformed rest
// skipped to the next comma.
func tagName(tag string) (name string, named bool, opts string) {
	n := strings.IndexAny(tag, ",\\'\"`")
	if n < 0 {
		n = len(tag)
	}
	name, named = tag[:n], n > 0
	if n < len(tag) && tag[n] != ',' {
		if name, n, named = tagOption(tag, quotedTagNames); !named {
			name = ""
		}
	}
	if !utf8.ValidString(name) {
		name = string([]rune(name))
	}
	var list []string
	for rest := tag[n:]; len(rest) > 0; {
		if rest[0] == ',' {
			if rest = rest[1:]; rest == "" {
				break
			}
		}
		opt, m, _ := tagOption(rest, quotedTagNames)
		list = append(list, opt)
		rest = rest[m:]
	}
	return name, named, strings.Join(list, ",")
}

// tagOption reads the name or option at the start of in as encoding/json/v2's consumeTagOption
// does (tagOptionV2), reporting whether it is well formed.
func tagOption(in string, quoted bool) (opt string, n int, ok bool) {
	opt, n, err := tagOptionV2(in, quoted)
	return opt, n, err == nil
}

// cyclesForEver reports whether the pointers and interfaces from v lead round for ever (a pointer
// type that points to itself, or values that point to each other), which this encoding/json
// follows until the stack overflows: it must not decode v again.
func cyclesForEver(v reflect.Value) bool {
	seen := map[uintptr]bool{}
	if v.IsValid() && pointerLoop(v.Type(), map[reflect.Type]bool{}) {
		return true
	}
	for v.IsValid() && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) {
		if v.Kind() == reflect.Pointer {
			if v.Type().Elem() == v.Type() {
				return true
			}
			if v.IsNil() {
				return false
			}
			if seen[v.Pointer()] {
				return true
			}
			seen[v.Pointer()] = true
		}
		v = v.Elem()
	}
	return false
}

// pointerLoop reports whether a type reached from t is a pointer whose pointers lead back to it
// with nothing in between (type P *P).
func pointerLoop(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer:
		return endlessPointer(t) || pointerLoop(t.Elem(), seen)
	case reflect.Slice, reflect.Array:
		return pointerLoop(t.Elem(), seen)
	case reflect.Map:
		return pointerLoop(t.Key(), seen) || pointerLoop(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if pointerLoop(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}
