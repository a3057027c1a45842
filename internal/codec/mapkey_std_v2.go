//go:build goexperiment.jsonv2

package codec

// keyJSONWithText: the encoding/json built on encoding/json/v2 (Go 1.27, and Go 1.26 with
// GOEXPERIMENT=jsonv2) calls UnmarshalText for a map key whose type has UnmarshalJSON too. See
// mapkey_std_v1.go.
const keyJSONWithText = false
