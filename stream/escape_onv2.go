//go:build goexperiment.jsonv2

package stream

// The encoding/json of this build is built on encoding/json/v2: invalid UTF-8 is written as U+FFFD.
var (
	encodingJSON       = EncodingJSONOnV2
	encodingJSONNoHTML = EncodingJSONOnV2NoHTML
)
