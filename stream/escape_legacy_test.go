//go:build !goexperiment.jsonv2

package stream

// onV2 reports whether the encoding/json the tests run with is the one built on encoding/json/v2.
const onV2 = false
