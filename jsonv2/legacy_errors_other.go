//go:build !goexperiment.jsonv2 || !go1.27

package json

import (
	"io"

	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/jsontext"
)

// Where the standard library has no Go 1.27 encoding/json/v2, errors stay v2's under
// ReportErrorsWithLegacySemantics (see legacy_errors.go).

func legacyErrors(*jsonopts.Struct) bool { return false }

func legacyMarshal(any, *jsonopts.Struct) ([]byte, error, bool)                 { return nil, nil, false }
func legacyMarshalWrite(io.Writer, any, *jsonopts.Struct, bool) (error, bool)   { return nil, false }
func legacyUnmarshal([]byte, any, *jsonopts.Struct, func() error) (error, bool) { return nil, false }
func legacyUnmarshalDecode(*jsontext.Decoder, []byte, any, *jsonopts.Struct) (error, bool) {
	return nil, false
}
func legacyMarshalEncode(*jsontext.Encoder, any, *jsonopts.Struct) (error, bool) { return nil, false }
func legacyUnmarshalRead(io.Reader, any, *jsonopts.Struct) (error, bool)         { return nil, false }
