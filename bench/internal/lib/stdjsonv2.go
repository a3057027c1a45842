//go:build go1.27 && goexperiment.jsonv2

package lib

import (
	"bytes"
	jsonv1 "encoding/json"
	json "encoding/json/v2"
	"io"
)

// stdV2 is the standard library's encoding/json/v2 (Go 1.27), with the options of the other v2
// rows.
type stdV2 struct{}

// stdV2Write is its MarshalWrite, into a reused buffer.
type stdV2Write struct{ buf bytes.Buffer } // a Marshaler only: the other rows are its Marshal row's

func init() { register(stdV2{}, &stdV2Write{}) }

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

func (*stdV2Write) Info() Info {
	return Info{Name: "encoding/json/v2 (MarshalWrite)", Note: "json.MarshalWrite into a reused bytes.Buffer, with the options of its Marshal row"}
}

// Marshal is MarshalWrite into a buffer of the row's, whose bytes it returns until the next call.
func (w *stdV2Write) Marshal(v any) ([]byte, error) {
	w.buf.Reset()
	err := json.MarshalWrite(&w.buf, v, stdV2Opts)
	return w.buf.Bytes(), err
}

func (*stdV2Write) MarshalEscapesHTML() bool { return false }
