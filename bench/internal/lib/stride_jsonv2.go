//go:build goexperiment.jsonv2

package lib

import (
	"bytes"
	"io"

	root "github.com/stridejson/stride"
	stridev2 "github.com/stridejson/stride/jsonv2"
)

// strideV2 is Stride's encoding/json/v2 API (github.com/stridejson/stride/jsonv2), beside the
// standard library's (stdjsonv2.go, Go 1.27) and the go-json-experiment module's, with the same
// options so that all write the values encoding/json writes. It is built where the root package
// has OmitEmptyWithLegacySemantics: on a v2-based build (Go 1.27's default).
type strideV2 struct{}

// strideV2Write is its MarshalWrite, into a reused buffer.
type strideV2Write struct{ buf bytes.Buffer } // a Marshaler only: the other rows are its Marshal row's

func init() { register(strideV2{}, &strideV2Write{}) }

var strideV2Opts = stridev2.JoinOptions(stridev2.FormatNilSliceAsNull(true), stridev2.FormatNilMapAsNull(true),
	root.OmitEmptyWithLegacySemantics(true))

func (strideV2) Info() Info {
	return Info{Name: "stride jsonv2", Module: "github.com/stridejson/stride", Stride: true,
		Note: "jsonv2.Marshal with FormatNilSliceAsNull, FormatNilMapAsNull and OmitEmptyWithLegacySemantics, as json/v2's rows; jsonv2.Unmarshal and jsonv2.UnmarshalRead with their defaults"}
}

func (strideV2) Marshal(v any) ([]byte, error)      { return stridev2.Marshal(v, strideV2Opts) }
func (strideV2) Unmarshal(data []byte, v any) error { return stridev2.Unmarshal(data, v) }
func (strideV2) Decode(r io.Reader, v any) error    { return stridev2.UnmarshalRead(r, v) }
func (strideV2) MarshalEscapesHTML() bool           { return false }

func (*strideV2Write) Info() Info {
	return Info{Name: "stride jsonv2 (MarshalWrite)", Module: "github.com/stridejson/stride", Stride: true,
		Note: "jsonv2.MarshalWrite into a reused bytes.Buffer, with the options of its Marshal row"}
}

// Marshal is MarshalWrite into a buffer of the row's, whose bytes it returns until the next call.
func (w *strideV2Write) Marshal(v any) ([]byte, error) {
	w.buf.Reset()
	err := stridev2.MarshalWrite(&w.buf, v, strideV2Opts)
	return w.buf.Bytes(), err
}

func (*strideV2Write) MarshalEscapesHTML() bool { return false }
