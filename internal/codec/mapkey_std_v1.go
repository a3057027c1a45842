//go:build !goexperiment.jsonv2

package codec

// keyJSONWithText says that a map key type with both UnmarshalJSON and UnmarshalText has
// UnmarshalJSON called for a key, with the key quoted as in the input: Go 1.26's encoding/json
// (and Go 1.27's with GOEXPERIMENT=nojsonv2) decodes a key as a string literal through the
// methods a string value would use. The v2-based one calls UnmarshalText (mapkey_std_v2.go).
const keyJSONWithText = true
