//go:build !goexperiment.jsonv2

package stream

// The encoding/json of this build is the legacy implementation: invalid UTF-8 is written as \ufffd.
var (
	encodingJSON       = EncodingJSONLegacy
	encodingJSONNoHTML = EncodingJSONLegacyNoHTML
)
