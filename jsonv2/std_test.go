//go:build go1.27 && goexperiment.jsonv2

package json

import (
	stdv1 "encoding/json"
	stdtext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"fmt"
	"testing"

	"github.com/stridejson/stride"
	"github.com/stridejson/stride/jsontext"
)

// An optionSet is a list of this package's options and the same options of the standard
// library's, which a comparison runs under.
type optionSet = struct {
	name string
	ours []Options
	std  []stdjson.Options
}

// boolOptions pairs each boolean option constructor of this package and jsontext with the
// standard library's.
var boolOptions = []struct {
	name string
	ours func(bool) Options
	std  func(bool) stdjson.Options
}{
	{"AllowDuplicateNames", jsontext.AllowDuplicateNames, stdtext.AllowDuplicateNames},
	{"AllowInvalidUTF8", jsontext.AllowInvalidUTF8, stdtext.AllowInvalidUTF8},
	{"EscapeForHTML", jsontext.EscapeForHTML, stdtext.EscapeForHTML},
	{"EscapeForJS", jsontext.EscapeForJS, stdtext.EscapeForJS},
	{"PreserveRawStrings", jsontext.PreserveRawStrings, stdtext.PreserveRawStrings},
	{"CanonicalizeRawInts", jsontext.CanonicalizeRawInts, stdtext.CanonicalizeRawInts},
	{"CanonicalizeRawFloats", jsontext.CanonicalizeRawFloats, stdtext.CanonicalizeRawFloats},
	{"ReorderRawObjects", jsontext.ReorderRawObjects, stdtext.ReorderRawObjects},
	{"SpaceAfterColon", jsontext.SpaceAfterColon, stdtext.SpaceAfterColon},
	{"SpaceAfterComma", jsontext.SpaceAfterComma, stdtext.SpaceAfterComma},
	{"Multiline", jsontext.Multiline, stdtext.Multiline},
	{"Deterministic", Deterministic, stdjson.Deterministic},
	{"FormatNilMapAsNull", FormatNilMapAsNull, stdjson.FormatNilMapAsNull},
	{"FormatNilSliceAsNull", FormatNilSliceAsNull, stdjson.FormatNilSliceAsNull},
	{"MatchCaseInsensitiveNames", MatchCaseInsensitiveNames, stdjson.MatchCaseInsensitiveNames},
	{"OmitZeroStructFields", OmitZeroStructFields, stdjson.OmitZeroStructFields},
	{"RejectUnknownMembers", RejectUnknownMembers, stdjson.RejectUnknownMembers},
	{"StringifyNumbers", StringifyNumbers, stdjson.StringifyNumbers},
}

// v1Options pairs the v1 compatibility options of the root package (on a v2-based build) with
// encoding/json's.
type v1Option = struct {
	name string
	ours func(bool) Options
	std  func(bool) stdjson.Options
}

var v1Options = []v1Option{
	{"CallMethodsWithLegacySemantics", stride.CallMethodsWithLegacySemantics, stdv1.CallMethodsWithLegacySemantics},
	{"FormatByteArrayAsArray", stride.FormatByteArrayAsArray, stdv1.FormatByteArrayAsArray},
	{"FormatBytesWithLegacySemantics", stride.FormatBytesWithLegacySemantics, stdv1.FormatBytesWithLegacySemantics},
	{"FormatDurationAsNano", stride.FormatDurationAsNano, stdv1.FormatDurationAsNano},
	{"MatchCaseSensitiveDelimiter", stride.MatchCaseSensitiveDelimiter, stdv1.MatchCaseSensitiveDelimiter},
	{"MergeWithLegacySemantics", stride.MergeWithLegacySemantics, stdv1.MergeWithLegacySemantics},
	{"OmitEmptyWithLegacySemantics", stride.OmitEmptyWithLegacySemantics, stdv1.OmitEmptyWithLegacySemantics},
	{"ParseBytesWithLooseRFC4648", stride.ParseBytesWithLooseRFC4648, stdv1.ParseBytesWithLooseRFC4648},
	{"ParseTimeWithLooseRFC3339", stride.ParseTimeWithLooseRFC3339, stdv1.ParseTimeWithLooseRFC3339},
	{"ReportErrorsWithLegacySemantics", stride.ReportErrorsWithLegacySemantics, stdv1.ReportErrorsWithLegacySemantics},
	{"StringifyWithLegacySemantics", stride.StringifyWithLegacySemantics, stdv1.StringifyWithLegacySemantics},
	{"UnmarshalArrayFromAnyLength", stride.UnmarshalArrayFromAnyLength, stdv1.UnmarshalArrayFromAnyLength},
}

// allOptions are boolOptions and v1Options.
var allOptions = append(boolOptions[:len(boolOptions):len(boolOptions)], v1Options...)

// getAll returns what GetOption gives for every option.
func getAll(ours Options, std stdjson.Options) (got, want []string) {
	for _, o := range allOptions {
		v, ok := GetOption(ours, o.ours)
		got = append(got, fmt.Sprint(o.name, v, ok))
		v, ok = stdjson.GetOption(std, o.std)
		want = append(want, fmt.Sprint(o.name, v, ok))
	}
	for _, o := range []struct {
		name string
		ours func(string) Options
		std  func(string) stdjson.Options
	}{{"WithIndent", jsontext.WithIndent, stdtext.WithIndent}, {"WithIndentPrefix", jsontext.WithIndentPrefix, stdtext.WithIndentPrefix}} {
		v, ok := GetOption(ours, o.ours)
		got = append(got, fmt.Sprintf("%s%q %v", o.name, v, ok))
		v, ok = stdjson.GetOption(std, o.std)
		want = append(want, fmt.Sprintf("%s%q %v", o.name, v, ok))
	}
	return got, want
}

// buildOptions makes the same list of options in both packages from the bytes of prog, and
// joins it: each byte picks an option and its value, a default, or a nested join.
func buildOptions(prog []byte) (Options, stdjson.Options) {
	var ours []Options
	var std []stdjson.Options
	indents := []string{"", " ", "\t", "  \t"}
	for i := 0; i < len(prog); i++ {
		b := prog[i]
		switch n := int(b>>1) % (len(allOptions) + 6); {
		case n < len(allOptions):
			ours, std = append(ours, allOptions[n].ours(b&1 == 1)), append(std, allOptions[n].std(b&1 == 1))
		case n == len(allOptions)+4:
			ours, std = append(ours, stride.DefaultOptionsV1()), append(std, stdv1.DefaultOptionsV1())
		case n == len(allOptions):
			in := indents[int(b)%len(indents)]
			ours, std = append(ours, jsontext.WithIndent(in)), append(std, stdtext.WithIndent(in))
		case n == len(allOptions)+1:
			in := indents[int(b)%len(indents)]
			ours, std = append(ours, jsontext.WithIndentPrefix(in)), append(std, stdtext.WithIndentPrefix(in))
		case n == len(allOptions)+2:
			ours, std = append(ours, DefaultOptionsV2()), append(std, stdjson.DefaultOptionsV2())
		case n == len(allOptions)+3:
			ours, std = append(ours, nil), append(std, nil)
		default: // the next up to 4 bytes, joined on their own
			end := min(i+1+int(b&3), len(prog))
			o, s := buildOptions(prog[i+1 : end])
			ours, std = append(ours, o), append(std, s)
			i = end - 1
		}
	}
	return JoinOptions(ours...), stdjson.JoinOptions(std...)
}

func checkOptions(t *testing.T, prog []byte) {
	t.Helper()
	ours, std := buildOptions(prog)
	got, want := getAll(ours, std)
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("options %x: got %s, std %s", prog, got[i], want[i])
		}
	}
}

func TestOptionsStd(t *testing.T) {
	checkOptions(t, nil)
	got, want := getAll(DefaultOptionsV2(), stdjson.DefaultOptionsV2())
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("DefaultOptionsV2: got %s, std %s", got[i], want[i])
		}
	}
	for b := range 256 {
		checkOptions(t, []byte{byte(b)})
		checkOptions(t, []byte{byte(b), byte(b) ^ 1, byte(b * 7)})
	}
	got, want = getAll(stride.DefaultOptionsV1(), stdv1.DefaultOptionsV1())
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("DefaultOptionsV1: got %s, std %s", got[i], want[i])
		}
	}
	// Each option alone, not joined.
	for _, o := range allOptions {
		for _, v := range []bool{false, true} {
			got, want := getAll(o.ours(v), o.std(v))
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%s(%v) alone: got %s, std %s", o.name, v, got[i], want[i])
				}
			}
		}
	}
	if ErrUnknownName.Error() != stdjson.ErrUnknownName.Error() {
		t.Errorf("ErrUnknownName %q, std %q", ErrUnknownName, stdjson.ErrUnknownName)
	}
}

func FuzzOptionsStd(f *testing.F) {
	f.Add([]byte{0x01, 0x40, 0x2a, 0x07, 0xff})
	f.Fuzz(checkOptions)
}
