//go:build goexperiment.jsonv2 && go1.27

package stride

import (
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stridejson/stride/stream"
)

// Types with the encoding/json/v2 methods only, which the v2-based encoding/json calls.
type (
	toValue   struct{ X int }
	toPointer struct{ X int }
	fromPtr   struct{ S string }
	bothTo    struct{ X int } // MarshalJSON and MarshalJSONTo: the v2 method wins
	failingTo struct{}
)

func (toValue) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("custom <v>"))
}

func (*toPointer) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteValue(jsontext.Value(`{"p":[1, 2]}`))
}

func (f *fromPtr) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v, err := dec.ReadValue()
	f.S = "from:" + string(v)
	return err
}

func (bothTo) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (bothTo) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("to"))
}
func (failingTo) MarshalJSONTo(*jsontext.Encoder) error { return errBoom }

var errBoom = &json.UnsupportedTypeError{Type: reflect.TypeFor[failingTo]()}

// TestV2Methods checks that MarshalJSONTo and UnmarshalJSONFrom are called where the v2-based
// encoding/json calls them, with its bytes, values and errors.
func TestV2Methods(t *testing.T) {
	type outer struct {
		V  toValue
		P  toPointer
		PP *toPointer
		B  bothTo
		S  []toValue
		M  map[string]toPointer
	}
	values := []any{
		toValue{1}, &toValue{2}, toPointer{3}, &toPointer{4}, bothTo{}, &bothTo{},
		outer{PP: &toPointer{}, S: []toValue{{}}, M: map[string]toPointer{"k": {}}},
		&outer{}, []any{toValue{}, &toPointer{}}, failingTo{}, []failingTo{{}},
	}
	for _, v := range values {
		got, err := Marshal(v)
		want, wantErr := json.Marshal(v)
		if string(got) != string(want) || !sameError(err, wantErr) {
			t.Errorf("Marshal(%#v) = %s, %v; want %s, %v", v, got, err, want, wantErr)
		}
	}
	inputs := []string{`"a"`, `{"S":"b"}`, `[1,{"x":null}]`, `null`, `{"F":"x","G":[true]}`}
	fresh := []func() any{
		func() any { return new(fromPtr) },
		func() any {
			return new(struct {
				F fromPtr
				G []fromPtr
			})
		},
		func() any { return new(map[string]fromPtr) },
		func() any { return new([]*fromPtr) },
	}
	for _, in := range inputs {
		for _, f := range fresh {
			checkUnmarshal(t, []byte(in), f)
		}
	}
}

// toText writes a string with characters a custom Escaper escapes.
type toText struct{}

func (toText) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("é/<ü>"))
}

// TestMarshalToUnderEscaper: MarshalJSONTo output is escaped by a MarshalOptions Escaper as every
// other string is, as MarshalJSON output is.
func TestMarshalToUnderEscaper(t *testing.T) {
	for _, esc := range []*stream.Escaper{stream.NewEscaper(stream.EscapeNonASCII|stream.EscapeSlash, ""),
		stream.NewEscaper(0, "/<"), stream.Minimal} {
		got, err := MarshalOptions{Escaper: esc}.Marshal(map[string]any{"v": toText{}, "s": "é/<ü>"})
		if err != nil {
			t.Fatal(err)
		}
		q, _ := esc.AppendQuote(nil, "é/<ü>")
		if want := `{"s":` + string(q) + `,"v":` + string(q) + `}`; string(got) != want {
			t.Errorf("%v: %s, want %s", esc.Flags(), got, want)
		}
	}
}

// fromAny decodes its value into an interface through encoding/json/v2, under the options of the
// jsontext.Decoder it is given.
type fromAny struct{ V any }

func (f *fromAny) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	return jsonv2.UnmarshalDecode(dec, &f.V)
}

// TestV2MethodsDecoderOptions checks that an UnmarshalJSONFrom method, and a map whose keys only
// encoding/json reads, get the Decoder's options, as encoding/json's Decoder gives them.
func TestV2MethodsDecoderOptions(t *testing.T) {
	type outer struct {
		F fromAny
		G *fromAny
		M map[float64]struct{ A any }
	}
	inputs := []string{`{"F":{"a":1.5,"b":[2]},"G":{"c":3}}`, `{"F":12345678901234567890,"G":null}`,
		`{"M":{"1.5":{"A":7}}}`, `{"M":{"2":{"A":1,"x":1}}}`}
	for _, in := range inputs {
		for _, set := range []func(*Decoder, *json.Decoder){
			func(d *Decoder, s *json.Decoder) { d.UseNumber(); s.UseNumber() },
			func(d *Decoder, s *json.Decoder) { d.DisallowUnknownFields(); s.DisallowUnknownFields() },
		} {
			dec, std := NewDecoder(strings.NewReader(in)), json.NewDecoder(strings.NewReader(in))
			set(dec, std)
			got, want := new(outer), new(outer)
			err, wantErr := dec.Decode(got), std.Decode(want)
			if !sameError(err, wantErr) || !reflect.DeepEqual(got, want) {
				t.Errorf("Decode(%s): %v %+v; encoding/json: %v %+v", in, err, *got, wantErr, *want)
			}
		}
	}
}
