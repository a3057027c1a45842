//go:build !goexperiment.jsonv2

package codec

import (
	"reflect"
	"strings"
	"unicode"
)

// This build matches Go 1.26's encoding/json (and Go 1.27's with GOEXPERIMENT=nojsonv2), whose
// errors the decoders make themselves. std_v2.go is the other build.

// V2Based reports whether the encoding/json this build matches is the one built on
// encoding/json/v2.
const V2Based = false

// This encoding/json has no MarshalJSONTo of its own.
var marshalerToType reflect.Type

// StdDecodeError returns err: the decoders' errors are this encoding/json's already.
func (d *DecodeState) StdDecodeError(data []byte, v any, err error) error { return err }

func (d *DecodeState) stdDecode([]byte, any) error { panic("unreachable") }

// stdEncodeError returns err: the encoders' errors are this encoding/json's already.
func stdEncodeError(v any, err error) error { return err }

// The encoding/json/v2 methods MarshalJSONTo and UnmarshalJSONFrom mean nothing to this
// encoding/json.

func implementsMarshalerTo(reflect.Type) bool     { return false }
func implementsUnmarshalerFrom(reflect.Type) bool { return false }

func implementsMarshaler(t reflect.Type) bool   { return t.Implements(marshalerType) }
func implementsText(t reflect.Type) bool        { return t.Implements(textMarshalerType) }
func v2OnlyFields(reflect.Type) bool            { return false }
func implementsUnmarshaler(t reflect.Type) bool { return t.Implements(unmarshalerType) }

func marshalToEncoder(reflect.Type) encoderFunc { panic("unreachable") }
func stdMarshalerTo(reflect.Type) bool          { return false }
func stdMarshalTo(any) ([]byte, error)          { panic("unreachable") }
func stdUnmarshalerFrom(reflect.Type) bool      { return false }
func stdUnmarshalFrom([]byte, any) error        { panic("unreachable") }

// tagName splits a json struct tag into the member name it gives, if named (else the Go name is
// the member's), and the options: this encoding/json takes the text before the first comma, if it
// is a valid name.
func tagName(tag string) (name string, named bool, opts string) {
	name, opts, _ = strings.Cut(tag, ",")
	if !validTagName(name) {
		return "", false, opts
	}
	return name, true, opts
}

func (e *EncodeState) appendStd(any) error { panic("unreachable") }

// Go 1.26's encoding/json/v2 differs from Go 1.27's in a few rules (see std_v2_go126.go); this
// encoding/json follows neither.
const (
	textKeysFirst            = false
	nullIntoUnsupportedFails = false
	overflowAny              = overflowNil
)

func IsDecoderError(error) bool { return false }

// validTagName reports whether a tag's name may be used: non-empty, of letters, digits and the
// punctuation encoding/json allows (no quote, backslash or comma).
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) && !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}
