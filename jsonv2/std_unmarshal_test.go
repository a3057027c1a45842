//go:build go1.27 && goexperiment.jsonv2

package json

import (
	stdv1 "encoding/json"
	stdtext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stridejson/stride"
	"github.com/stridejson/stride/jsontext"
)

type (
	uRec struct {
		A  int
		B  string
		C  []int
		M  map[string]int
		P  *int
		X  any
		F  float32
		U  uint8
		I8 int8
		G  float64
		Bs []byte
		Ar [2]int
		N  *uRec
		IM map[int]string
		T  time.Time
		Ig string `json:"ig,case:ignore"`
		Q  int    `json:",string"`
		mInner
	}
	uDur struct{ D time.Duration }
	// uV1 has the kinds the v1 options change.
	uV1 struct {
		Ba [4]byte
		Bs []byte
		T  time.Time
		D  time.Duration
		SB bool   `json:",string"`
		SS string `json:",string"`
		NB []uByte
		AI any
		AR [2]any
		St fmt.Stringer
	}
	uByte byte
	uStr  string
	// uFold has names that fold together: "ab" matches two fields, neither exactly.
	uFold struct {
		AB int `json:"a_b,case:ignore"`
		Ab int `json:"AB,case:ignore"`
		XY int `json:"x-y"`
		Xy int `json:"xy"`
		Z  int `json:"z,case:strict"`
	}
)

func (s uStr) String() string { return string(s) }

// unmarshalInputs are the documents Unmarshal is compared on.
var unmarshalInputs = []string{
	`{"A":1,"B":"b","C":[1,2],"M":{"a":1},"P":3,"X":{"k":[1,"s",null,true]},"F":1.5,"U":255,"Bs":"AAE=","Ar":[1,2]}`,
	`{"A":"x"}`, `{"A":1.5}`, `{"A":1e2}`, `{"U":300}`, `{"U":-1}`, `{"F":1e40}`, `{"B":1}`, `{"C":{}}`,
	`{"C":[1,"a"]}`, `{"M":{"a":"b"}}`, `{"M":[]}`, `{"Bs":"!!"}`, `{"Bs":1}`, `{"Ar":[1,2,3]}`, `{"Ar":[1]}`,
	`{"A":1,"A":2}`, `{"a":1}`, `[1]`, `{"A":1} x`, `{"A":1`, `{"X":1e400}`, `"x"`, `null`, `true`, `1`, `""`,
	`{"N":{"N":{"A":7,"C":null}},"P":null}`, `{"IM":{"1":"a","x":"b"}}`, `{"IM":{"-5":"m"}}`,
	`{"T":"2026-12-05T10:00:00Z"}`, `{"T":"bad"}`, `{"T":5}`, `{"IG":"i","Ig":"j"}`, `{"Q":"12"}`, `{"Q":12}`,
	`{"c":"inner","B":"x"}`, `{"A":1,"zz":{"deep":[1,2,{"x":null}]}}`, `{"X":[{"a":{}}]}`, "", " ",
	`{"B":"\u00e9\ud83d\ude00"}`, `{"B":"a\u0000b"}`, `[1,2,3]`, `{"D":1}`, `{"C":[1,2,3],"M":{"z":1}}`,
	`{"A":1,"x":2,"y":[3],"c":4}`, `{"x":1,"x2":"s"}`, `{"q": {"r" : [1, 2]} , "A":5}`,
	`{"Ba":"AQIDBA=="}`, `{"Ba":[1,2,3,4]}`, `{"Bs":"AQID\r\nBA=="}`, `{"Bs":"AQIDBA"}`, `{"Bs":"AQID BA=="}`,
	`{"T":"2026-12-05T10:00:00+00:00"}`, `{"T":"2026-12-05t10:00:00z"}`, `{"T":"2026-12-05T10:00:00.5+01:00"}`,
	`{"T":"2026-12-05T24:00:00Z"}`, `{"T":"2026-12-05T10:00:00,5Z"}`, `{"T":"2026-12-05T10:00:00+24:00"}`, `{"T":"2026-12-05T1:00:00Z"}`,
	`{"T":"2026-12-05T10:00:00+01:60"}`, `{"D":1000}`, `{"D":"1s"}`, `{"SB":"true"}`, `{"SB":true}`, `{"SB":"null"}`,
	`{"Bs":[1,2]}`, `{"Bs":"AB=="}`, `{"Ba":"AQID"}`, `{"Ar":[1,2,3,4]}`, `{"Ba":[1,2,3,4,5]}`, `{"SS":"\"a\\u00e9"}`,
	`{"St":"x"}`, `{"St":1}`, `{"St":null}`, `{"AI":{"x":2}}`, `{"AI":"s"}`, `{"AI":null}`, `{"AR":[{"x":1},null]}`, `{"AR":[null]}`,
	`{"SS":"\"x\""}`, `{"SS":"x"}`, `{"NB":[1,2]}`, `{"NB":"AQI="}`, `{"AR":[1,2,3]}`, `{"AR":[1]}`,
	`{"I8":-128,"A":-0}`, `{"I8":300,"A":5}`, `{"I8":-129}`, `{"A":12345678901234567890}`, `{"A":-123456789012345678}`,
	`{"G":-65.613616999999977,"A":1}`, `{"G":1e400,"A":1}`, `{"G":-0}`, `{"G":123456789012345678901234}`, `{"G":1.5e-7}`,
	`{"ab":1}`, `{"AB":2,"a_b":3}`, `{"A-B":4}`, `{"a-b":5,"ab":6}`, `{"X_Y":7}`, `{"XY":8}`, `{"Z":9}`,
	`{"V":"v","M":{"k":1,"":[2]},"MO":{"o":"p","\u00e9":null}}`, `{"M":{"k":1,"k":2}}`,
	// Past uint64 with a fraction or an exponent: a syntax error for an integer, not a range one.
	`18700000000000000000.0`, `-18700000000000000000e1`, `{"A":123456789012345678901.5}`, `{"U":99999999999999999999e0}`,
	`{"I8":300.5}`, `{"U":-1.5}`, `{"A":9300000000000000000.5}`,
	// A repeated name where the map of an object of any finds it, and where a value's error after
	// it must not come first.
	`{"a":1,"a":2}`, `{"a":1,"a":1e999}`, `{"a":{"b":1,"b":2},"c":1e999}`, `[{"a":1,"a":2},1e999]`,
	`{"a":1,"b":{"c":1e999},"a":2}`, `{"a":1,"b":[1e999],"a":2}`, `{"X":{"k":1,"k":1e999}}`, `{"X":{"k":1,"j":{"k":2}}}`,
	`{"a":[{"x":1,"y":2,"x":3}],"b":1}`, `{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"b":10}`,
	`{"a":{"b":1e999},"a":2}`, `{"a":{"a":{"a":1}},"b":{"a":1,"b":{"c":[1,{"d":1,"d":2}]}}}`, `{"":1,"":2}`,
	`{"\u0061":1,"a":2}`, `{"a":1,"a":2,"b":x}`,
	// Bad input right after a name: a field of a type no JSON decodes into (D, a Duration with no
	// format) fails first, as encoding/json/v2 calls its decoder before it reads on.
	`{"D"`, `{"D" `, `{"D" x`, `{"D" 1}`, `{"A":1,"D"`, `{"X":[1 2]}`,
	// A semantic error, then a member for a jsontext.Value fallback (added once, not again when
	// encoding/json decodes the input for its error).
	`{"A":[1],"zz":1}`, `{"A":"x","zz":{"k":1},"yy":2}`,
}

func unmarshalTargets() []func() any {
	return append([]func() any{
		func() any { return new(uRec) }, func() any { return new(any) }, func() any { return new(int) },
		func() any { return new(string) }, func() any { return new([]int) }, func() any { return new(map[string]any) },
		func() any { return new(*uRec) }, func() any { return new(uDur) }, func() any { return new([3]int) },
		func() any { return new(map[int]string) },
		func() any { r := &uRec{A: 9, C: []int{5, 6, 7}, M: map[string]int{"k": 1}, B: "keep"}; return r },
		func() any { return new(mFallback) }, func() any { return new(mRawFallback) }, func() any { return new(mInline) },
		func() any { return &mFallback{Ex: map[string]int{"keep": 1}} }, func() any { return &mRawFallback{Raw: stdtext.Value(` { "k" : 1 } `)} },
		func() any { return new(uFold) },
		func() any { return new(uV1) },
		func() any { return &uV1{Bs: []byte{9}, AR: [2]any{1, 2}, AI: map[string]any{"k": 1}, St: uStr("s")} },
	}, legacyMethodTargets()...)
}

func TestUnmarshalStd(t *testing.T) {
	sets := []struct {
		name string
		ours []Options
		std  []stdjson.Options
	}{{"default", nil, nil}}
	for _, o := range boolOptions {
		switch o.name {
		case "MatchCaseInsensitiveNames", "RejectUnknownMembers", "StringifyNumbers", "AllowDuplicateNames", "AllowInvalidUTF8":
			for _, v := range []bool{true, false} {
				sets = append(sets, struct {
					name string
					ours []Options
					std  []stdjson.Options
				}{fmt.Sprintf("%s(%v)", o.name, v), []Options{o.ours(v)}, []stdjson.Options{o.std(v)}})
			}
		}
	}
	for _, o := range v1Options {
		sets = append(sets, struct {
			name string
			ours []Options
			std  []stdjson.Options
		}{o.name, []Options{o.ours(true)}, []stdjson.Options{o.std(true)}})
	}
	sets = append(sets, struct {
		name string
		ours []Options
		std  []stdjson.Options
	}{"DefaultOptionsV1", []Options{stride.DefaultOptionsV1()}, []stdjson.Options{stdv1.DefaultOptionsV1()}})
	// v1's errors, and v1's decoding on after a semantic error, in sets of options other than
	// exactly DefaultOptionsV1.
	sets = append(sets, []struct {
		name string
		ours []Options
		std  []stdjson.Options
	}{
		{"DefaultOptionsV1+RejectUnknownMembers", []Options{stride.DefaultOptionsV1(), RejectUnknownMembers(true)},
			[]stdjson.Options{stdv1.DefaultOptionsV1(), stdjson.RejectUnknownMembers(true)}},
		{"DefaultOptionsV1+strict", []Options{stride.DefaultOptionsV1(), jsontext.AllowDuplicateNames(false), jsontext.AllowInvalidUTF8(false), MatchCaseInsensitiveNames(false)},
			[]stdjson.Options{stdv1.DefaultOptionsV1(), stdtext.AllowDuplicateNames(false), stdtext.AllowInvalidUTF8(false), stdjson.MatchCaseInsensitiveNames(false)}},
		{"ReportErrors+CallMethods", []Options{stride.ReportErrorsWithLegacySemantics(true), stride.CallMethodsWithLegacySemantics(true), StringifyNumbers(true)},
			[]stdjson.Options{stdv1.ReportErrorsWithLegacySemantics(true), stdv1.CallMethodsWithLegacySemantics(true), stdjson.StringifyNumbers(true)}},
	}...)
	for _, v1 := range []bool{true, false} {
		sets = append(sets, struct {
			name string
			ours []Options
			std  []stdjson.Options
		}{fmt.Sprintf("MatchCaseSensitiveDelimiter(%v)", v1),
			[]Options{stride.MatchCaseSensitiveDelimiter(v1)}, []stdjson.Options{stdv1.MatchCaseSensitiveDelimiter(v1)}}, struct {
			name string
			ours []Options
			std  []stdjson.Options
		}{fmt.Sprintf("MatchCaseInsensitiveNames+MatchCaseSensitiveDelimiter(%v)", v1),
			[]Options{MatchCaseInsensitiveNames(true), stride.MatchCaseSensitiveDelimiter(v1)},
			[]stdjson.Options{stdjson.MatchCaseInsensitiveNames(true), stdv1.MatchCaseSensitiveDelimiter(v1)}})
	}
	for _, set := range sets {
		// Under v1's errors the value is as encoding/json/v2 leaves it after an error too: untouched
		// by bad input, decoded on past a semantic error.
		legacy, _ := stdjson.GetOption(stdjson.JoinOptions(set.std...), stdv1.ReportErrorsWithLegacySemantics)
		for _, in := range unmarshalInputs {
			for ti, fresh := range unmarshalTargets() {
				got, want := fresh(), fresh()
				err := Unmarshal([]byte(in), got, set.ours...)
				wantErr := stdjson.Unmarshal([]byte(in), want, set.std...)
				if g, w := describeU(err), describeU(wantErr); g != w {
					t.Errorf("%s: %q into %T (%d): error\n got %s\nwant %s", set.name, in, got, ti, g, w)
					continue
				}
				if (wantErr == nil || legacy) && !reflect.DeepEqual(got, want) {
					t.Errorf("%s: %q into %T (%d):\n got %#v\nwant %#v", set.name, in, got, ti, deref(got), deref(want))
				}
			}
		}
	}
}

func deref(p any) any { return reflect.ValueOf(p).Elem().Interface() }

// describeU is describe for Unmarshal's errors, but a syntax error's text: where encoding/json/v2
// meets bad input in a value it reads whole (a scalar into a scalar type) it words the error as
// its Decoder's ReadValue does, elsewhere as its ReadToken does, and Unmarshal words it as
// ReadToken does throughout (see Unmarshal's NOTE). Offset and pointer must agree.
func describeU(err error) string {
	switch e := err.(type) {
	case *jsontext.SyntacticError:
		return fmt.Sprintf("SyntacticError{%d %q}", e.ByteOffset, e.JSONPointer)
	case *stdtext.SyntacticError:
		return fmt.Sprintf("SyntacticError{%d %q}", e.ByteOffset, e.JSONPointer)
	}
	return describe(err)
}

// TestUnmarshalRoundTripStd decodes what the standard Marshal writes for each value of the
// Marshal corpus back into a new value of its type, with both packages.
func TestUnmarshalRoundTripStd(t *testing.T) {
	for i, v := range marshalValues() {
		if v == nil {
			continue
		}
		data, err := stdjson.Marshal(v, stdjson.Deterministic(true))
		if err != nil {
			continue
		}
		typ := reflect.TypeOf(v)
		got, want := reflect.New(typ).Interface(), reflect.New(typ).Interface()
		err = Unmarshal(data, got)
		wantErr := stdjson.Unmarshal(data, want)
		if g, w := describe(err), describe(wantErr); g != w {
			t.Errorf("value %d: %s into %v: error\n got %s\nwant %s", i, data, typ, g, w)
			continue
		}
		if wantErr == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("value %d: %s into %v:\n got %#v\nwant %#v", i, data, typ, deref(got), deref(want))
		}
	}
}

// FuzzUnmarshalStd compares Unmarshal with the standard package's on arbitrary input, into a few
// types, under a few option sets: the errors always, the values where there is none.
func FuzzUnmarshalStd(f *testing.F) {
	for _, in := range unmarshalInputs {
		f.Add([]byte(in), uint8(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		sets := [][2][]any{
			{nil, nil},
			{{MatchCaseInsensitiveNames(true)}, {stdjson.MatchCaseInsensitiveNames(true)}},
			{{RejectUnknownMembers(true), StringifyNumbers(true)}, {stdjson.RejectUnknownMembers(true), stdjson.StringifyNumbers(true)}},
			{{stride.DefaultOptionsV1()}, {stdv1.DefaultOptionsV1()}},
			{{stride.DefaultOptionsV1(), RejectUnknownMembers(true), jsontext.AllowDuplicateNames(false)},
				{stdv1.DefaultOptionsV1(), stdjson.RejectUnknownMembers(true), stdtext.AllowDuplicateNames(false)}},
			{{stride.MergeWithLegacySemantics(true), stride.UnmarshalArrayFromAnyLength(true), stride.StringifyWithLegacySemantics(true),
				stride.FormatBytesWithLegacySemantics(true), stride.ParseBytesWithLooseRFC4648(true), stride.ParseTimeWithLooseRFC3339(true)},
				{stdv1.MergeWithLegacySemantics(true), stdv1.UnmarshalArrayFromAnyLength(true), stdv1.StringifyWithLegacySemantics(true),
					stdv1.FormatBytesWithLegacySemantics(true), stdv1.ParseBytesWithLooseRFC4648(true), stdv1.ParseTimeWithLooseRFC3339(true)}},
		}
		set := sets[int(which)%len(sets)]
		var ours []Options
		var std []stdjson.Options
		for _, o := range set[0] {
			ours = append(ours, o.(Options))
		}
		for _, o := range set[1] {
			std = append(std, o.(stdjson.Options))
		}
		// NOTE: on invalid input the two may meet a syntax error and a semantic one in another
		// order in places (a member name that fails as a map key, then bad syntax right after
		// it, say); the fixed inputs of TestUnmarshalStd pin the orders that are held to. Here
		// invalid input must fail, and valid input agree in all.
		valid := stdtext.Value(data).IsValid(std...) // under the set's options: v1's allow invalid UTF-8
		for _, fresh := range unmarshalTargets() {
			got, want := fresh(), fresh()
			err := Unmarshal(data, got, ours...)
			wantErr := stdjson.Unmarshal(data, want, std...)
			if !valid {
				if err == nil {
					t.Fatalf("%q into %T: no error, want %v", data, got, wantErr)
				}
				continue
			}
			if g, w := describeU(err), describeU(wantErr); g != w {
				t.Fatalf("%q into %T (set %d): error\n got %s\nwant %s", data, got, which, g, w)
			}
			if wantErr == nil && !reflect.DeepEqual(got, want) {
				t.Fatalf("%q into %T (set %d):\n got %#v\nwant %#v", data, got, which, deref(got), deref(want))
			}
		}
	})
}

// TestUnmarshalDecodeStd decodes each input as the value of a member inside an array, with
// UnmarshalDecode on Decoders of each package, and compares errors and values.
func TestUnmarshalDecodeStd(t *testing.T) {
	sets := []struct {
		name string
		ours []Options
		std  []stdjson.Options
	}{
		{"default", nil, nil},
		{"DefaultOptionsV1", []Options{stride.DefaultOptionsV1()}, []stdjson.Options{stdv1.DefaultOptionsV1()}},
		{"DefaultOptionsV1+RejectUnknownMembers", []Options{stride.DefaultOptionsV1(), RejectUnknownMembers(true)},
			[]stdjson.Options{stdv1.DefaultOptionsV1(), stdjson.RejectUnknownMembers(true)}},
		{"ReportErrors", []Options{stride.ReportErrorsWithLegacySemantics(true)}, []stdjson.Options{stdv1.ReportErrorsWithLegacySemantics(true)}},
	}
	for _, set := range sets {
		for _, in := range unmarshalInputs {
			if !stdtext.Value(in).IsValid() {
				continue // a syntax error is the Decoder's, before UnmarshalDecode is involved
			}
			doc := `[0,{"k":` + in + `}]`
			for ti, fresh := range unmarshalTargets() {
				got, want := fresh(), fresh()
				od := jsontext.NewDecoder(strings.NewReader(doc))
				sd := stdtext.NewDecoder(strings.NewReader(doc))
				for range 4 { // [ 0 { "k"
					od.ReadToken()
					sd.ReadToken()
				}
				err := UnmarshalDecode(od, got, set.ours...)
				wantErr := stdjson.UnmarshalDecode(sd, want, set.std...)
				if g, w := describeU(err), describeU(wantErr); g != w {
					t.Errorf("%s: %q into %T (%d): error\n got %s\nwant %s", set.name, in, got, ti, g, w)
					continue
				}
				if wantErr == nil && !reflect.DeepEqual(got, want) {
					t.Errorf("%s: %q into %T (%d):\n got %#v\nwant %#v", set.name, in, got, ti, deref(got), deref(want))
				}
				if g, w := od.InputOffset(), sd.InputOffset(); wantErr == nil && g != w {
					t.Errorf("%s: %q into %T (%d): InputOffset after it %d, std %d", set.name, in, got, ti, g, w)
				}
			}
		}
	}
}

// uStdFrom has the standard library's UnmarshalJSONFrom, which Unmarshal calls too.
type uStdFrom struct{ S string }

func (u *uStdFrom) UnmarshalJSONFrom(dec *stdtext.Decoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	if tok.Kind() != '"' {
		return fmt.Errorf("want a string, got %v", tok.Kind())
	}
	u.S = "from:" + tok.String()
	return nil
}

type uFuncs struct {
	I  int
	PI *int
	S  string
	F  uStdFrom
	X  any
	M  map[string]int
}

func TestUnmarshalFuncsStd(t *testing.T) {
	intQuoted := func(b []byte, p *int) error {
		if len(b) < 3 || b[0] != '"' || b[1] != 'i' {
			return fmt.Errorf("not an i-number: %s", b)
		}
		n := 0
		fmt.Sscan(string(b[2:len(b)-1]), &n)
		*p = n
		return nil
	}
	oursUpper := func(dec *jsontext.Decoder, p *string) error {
		if dec.PeekKind() != '"' {
			return errors.ErrUnsupported
		}
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		*p = strings.ToUpper(tok.String())
		return nil
	}
	stdUpper := func(dec *stdtext.Decoder, p *string) error {
		if dec.PeekKind() != '"' {
			return errors.ErrUnsupported
		}
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		*p = strings.ToUpper(tok.String())
		return nil
	}
	oursNone := func(dec *jsontext.Decoder, p *map[string]int) error { return nil }
	stdNone := func(dec *stdtext.Decoder, p *map[string]int) error { return nil }
	sets := []struct {
		name string
		ours []Options
		std  []stdjson.Options
	}{
		{"none", nil, nil},
		{"UnmarshalFunc[*int]", []Options{WithUnmarshalers(UnmarshalFunc(intQuoted))}, []stdjson.Options{stdjson.WithUnmarshalers(stdjson.UnmarshalFunc(intQuoted))}},
		{"UnmarshalFromFunc[*string]", []Options{WithUnmarshalers(JoinUnmarshalers(UnmarshalFromFunc(oursUpper), UnmarshalFunc(intQuoted)))},
			[]stdjson.Options{stdjson.WithUnmarshalers(stdjson.JoinUnmarshalers(stdjson.UnmarshalFromFunc(stdUpper), stdjson.UnmarshalFunc(intQuoted)))}},
		{"reads nothing", []Options{WithUnmarshalers(UnmarshalFromFunc(oursNone))}, []stdjson.Options{stdjson.WithUnmarshalers(stdjson.UnmarshalFromFunc(stdNone))}},
	}
	inputs := []string{
		`{"I":"i12","PI":"i5","S":"abc","F":"x","X":{"y":"z"},"M":{"a":1}}`,
		`{"I":7}`, `{"S":7}`, `{"PI":null}`, `{"F":1}`, `{"F":"ok","S":["a"]}`, `{"M":{"a":1}}`, `{"M":null}`,
		`{"X":["s",1]}`,
	}
	for _, set := range sets {
		for _, in := range inputs {
			got, want := new(uFuncs), new(uFuncs)
			err := Unmarshal([]byte(in), got, set.ours...)
			wantErr := stdjson.Unmarshal([]byte(in), want, set.std...)
			if g, w := describeU(err), describeU(wantErr); g != w {
				t.Errorf("%s: %s: error\n got %s\nwant %s", set.name, in, g, w)
				continue
			}
			if wantErr == nil && !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s:\n got %#v\nwant %#v", set.name, in, *got, *want)
			}
		}
	}
}
