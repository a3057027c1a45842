package json

import (
	stdjson "encoding/json"
	"strconv"
	"strings"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonexport"
	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/jsontext"
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

// placeV1Error is the error of MarshalEncode under v1's errors, given err, that of Marshal of the
// value alone (marshalV1's, or encoding/json/v2's under the call's options s). An
// UnsupportedValueError for a map key that is not a string has its place within the value alone,
// as encoding/json's Marshal words it; encoding/json/v2's MarshalEncode places it within the
// Encoder's output, after the offset and pointer of the Encoder's next value (an error inside a
// raw value's bytes it leaves where it is in them). Every other error is the v1 codecs' as it is.
// (This reads the error's text, on the error path only: the text is where the place is.)
//
// NOTE: laid out on lines (Multiline), the value alone is indented less than inside the Encoder's
// open containers: its first member name, where a map whose keys are not written as strings
// fails, begins later by the indent once for each of them. A map of interface keys whose first
// bad key is not its first member is placed as if it were.
func placeV1Error(err error, out *jsontext.Encoder, s *jsonopts.Struct) error {
	ue, ok := err.(*stdjson.UnsupportedValueError)
	if !ok {
		return err
	}
	const prefix, within, after = "jsontext: ", ` within `, " after offset "
	msg, ok := strings.CutPrefix(ue.Str, prefix)
	i := strings.LastIndex(msg, after)
	if !ok || i < 0 {
		return err
	}
	n, perr := strconv.ParseInt(msg[i+len(after):], 10, 64)
	if perr != nil {
		return err
	}
	msg = msg[:i]
	if multiline, _ := s.Get(jsonopts.Multiline); multiline {
		indent := "\t"
		if s.HasIndent {
			indent = s.Indent
		}
		n += int64(out.StackDepth() * len(indent))
	}
	var inner string
	if j := strings.LastIndex(msg, within); j >= 0 {
		if inner, perr = strconv.Unquote(msg[j+len(within):]); perr != nil {
			return err
		}
		msg = msg[:j]
	}
	if msg != jsontext.ErrNonStringName.Error() {
		return err // an error in a raw value's bytes stays where it is in them, as there
	}
	off, ptr := jsonexport.NextValue(out)
	se := &jsontext.SyntacticError{ByteOffset: off + n, JSONPointer: jsontext.Pointer(ptr + inner), Err: jsontext.ErrNonStringName}
	return &stdjson.UnsupportedValueError{Value: ue.Value, Str: se.Error()}
}
