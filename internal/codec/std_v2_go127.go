//go:build goexperiment.jsonv2 && go1.27

package codec

import (
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"reflect"
)

var (
	marshalerToType     = reflect.TypeFor[jsonv2.MarshalerTo]()
	unmarshalerFromType = reflect.TypeFor[jsonv2.UnmarshalerFrom]()
)

// unmarshalCaseSensitive is encoding/json's Unmarshal with member names matched case-sensitively
// (UnmarshalOptions.CaseSensitive), and unknown names rejected if disallow.
//
// NOTE: the same declarations are in std_v2_go126.go: the v2 options are Go 1.27 API to vet's
// stdversion check, which a go1.27 build constraint lifts for this file, while Go 1.26 builds
// with GOEXPERIMENT=jsonv2 need the file without it.
func unmarshalCaseSensitive(data []byte, v any, disallow bool) error {
	opts := []jsonv2.Options{json.DefaultOptionsV1(), jsonv2.MatchCaseInsensitiveNames(false)}
	if disallow {
		opts = append(opts, jsonv2.RejectUnknownMembers(true))
	}
	return jsonv2.Unmarshal(data, v, opts...)
}

// Where Go 1.26's encoding/json/v2 (GOEXPERIMENT=jsonv2) and Go 1.27's differ, the one this
// build has: a string-kind map key with MarshalText is written by the method (textKeysFirst),
// null for a type with no JSON form (a chan, func or complex number) is an error, and a number
// out of range for an interface leaves a float64 there, not nil (overflowAny).
const (
	textKeysFirst            = false
	nullIntoUnsupportedFails = false
	overflowAny              = overflowZero
)

// quotedTagNames says whether a struct tag may give a member name or option as a single-quoted
// string (see tagName): Go 1.26's encoding/json/v2 (GOEXPERIMENT=jsonv2) reads them, Go 1.27's
// does not.
const quotedTagNames = false

// stdMarshalerTo reports whether t or *t has the standard library's MarshalJSONTo, which the v2
// encoders call through stdMarshalTo (json.Number and json.RawMessage included: encoding/json/v2
// writes them by it).
func stdMarshalerTo(t reflect.Type) bool { return implementsEither(t, marshalerToType) }

// stdMarshalTo returns what encoding/json/v2's Marshal writes for x, a pointer to a value whose
// MarshalJSONTo takes the standard library's *jsontext.Encoder (the same in std_v2_go126.go and
// std_v2_go127.go; see unmarshalCaseSensitive). Its error is the method's.
func stdMarshalTo(x any) ([]byte, error) {
	b, err := jsonv2.Marshal(x)
	if se, ok := err.(*jsonv2.SemanticError); ok && se.Err != nil {
		err = se.Err // the method's own error, placed by the caller
	}
	return b, err
}

// stdUnmarshalerFrom reports whether t or *t has the standard library's UnmarshalJSONFrom, which
// the v2 decoders call through stdUnmarshalFrom (json.Number aside: the decoders read it).
func stdUnmarshalerFrom(t reflect.Type) bool {
	return t != numberType && implementsEither(t, unmarshalerFromType)
}

// stdUnmarshalFrom decodes raw into x, a pointer to a value whose UnmarshalJSONFrom takes the
// standard library's *jsontext.Decoder, with encoding/json/v2's Unmarshal. Its error is the
// method's.
func stdUnmarshalFrom(raw []byte, x any) error {
	err := jsonv2.Unmarshal(raw, x)
	if se, ok := err.(*jsonv2.SemanticError); ok && se.Err != nil {
		err = se.Err
	}
	return err
}
