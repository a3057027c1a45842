//go:build go1.27 && goexperiment.jsonv2

package lib

import (
	jsonv1 "encoding/json"
	json "encoding/json/v2"
	"io"
)

// stdV2 is the standard library's encoding/json/v2 (Go 1.27), with the options of the other v2
// rows.
type stdV2 struct{}

func init() { register(stdV2{}) }

var stdV2Opts = json.JoinOptions(json.FormatNilSliceAsNull(true), json.FormatNilMapAsNull(true),
	jsonv1.OmitEmptyWithLegacySemantics(true))

func (stdV2) Info() Info {
	return Info{Name: "encoding/json/v2",
		Note: "json.Marshal with FormatNilSliceAsNull, FormatNilMapAsNull and OmitEmptyWithLegacySemantics; json.Unmarshal and json.UnmarshalRead with their defaults"}
}

func (stdV2) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
func (stdV2) Marshal(v any) ([]byte, error)      { return json.Marshal(v, stdV2Opts) }
func (stdV2) MarshalEscapesHTML() bool           { return false }
func (stdV2) Decode(r io.Reader, v any) error    { return json.UnmarshalRead(r, v) }
