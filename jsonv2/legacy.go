package json

import (
	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonopts"
)

// asV1 reports whether the options s are those of DefaultOptionsV1 and no others: every option
// whose default differs between v1 and v2 set as v1 has it, no other option on, no functions and
// no indent. Marshal and Unmarshal under them are then the root package's on a v2-based build
// (Go 1.27's encoding/json is encoding/json/v2 under these options), which the engine's v1
// codecs are, to the error: they call methods and report errors as v1 does
// (CallMethodsWithLegacySemantics, ReportErrorsWithLegacySemantics), which the v2 codecs do not.
func asV1(s *jsonopts.Struct) bool {
	return codec.V2Based && s.Value == jsonopts.V1Defaults && !s.HasIndent && !s.HasIndentPrefix &&
		s.Marshalers == nil && s.Unmarshalers == nil
}

// marshalV1 is Marshal under DefaultOptionsV1 (see asV1).
func marshalV1(in any) ([]byte, error) {
	e := codec.NewState(true)
	defer e.Free()
	if err := e.MarshalValue(in); err != nil {
		return nil, err
	}
	return append([]byte(nil), e.Buf...), nil
}

// unmarshalV1 is Unmarshal under DefaultOptionsV1 (see asV1).
func unmarshalV1(in []byte, out any) error {
	d := codec.DecodeState{Data: in}
	return d.Decode(out, false)
}
