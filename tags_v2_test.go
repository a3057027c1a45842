//go:build goexperiment.jsonv2 && go1.27

package stride

import (
	"encoding/json"
	"encoding/json/jsontext"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// What the v2-based encoding/json takes from encoding/json/v2 beyond its methods: AppendText,
// the v2 struct tag options (`case`, `embed`, `format`), and its own handling of time.Time.
type (
	appendVal struct{ A, B byte }
	appendPtr struct{ A byte }
	appendKey int
	bothText  struct{ A byte } // AppendText and MarshalText: AppendText wins
	appendErr struct{}         // AppendText fails

	tagCase struct {
		Z  int `json:"z,case:strict"`
		Ig int `json:"i_g,case:ignore"`
		P  int `json:"p"`
	}
	tagEmbed struct {
		A  int
		Ex map[string]int `json:",embed"`
	}
	tagEmbedRaw struct {
		A   int
		Raw jsontext.Value `json:",embed"`
	}
	tagFormat struct {
		T time.Time `json:",format:unix"`
	}
	withTime struct{ T time.Time }
)

func (a appendVal) AppendText(b []byte) ([]byte, error) {
	return fmt.Appendf(b, "%02x%02x", a.A, a.B), nil
}
func (a *appendPtr) AppendText(b []byte) ([]byte, error) { return fmt.Appendf(b, "p%d", a.A), nil }
func (k appendKey) AppendText(b []byte) ([]byte, error)  { return fmt.Appendf(b, "k%d", int(k)), nil }
func (t bothText) AppendText(b []byte) ([]byte, error)   { return append(b, "append"...), nil }
func (appendErr) AppendText([]byte) ([]byte, error)      { return nil, errors.New("no text") }
func (t bothText) MarshalText() ([]byte, error)          { return []byte("text"), nil }

// TestV2Tags checks Marshal and Unmarshal against the v2-based encoding/json on these.
func TestV2Tags(t *testing.T) {
	values := []any{
		appendVal{1, 2}, &appendVal{3, 4}, []appendVal{{5, 6}}, [1]appendVal{}, map[string]appendVal{"m": {}},
		appendPtr{7}, &appendPtr{8}, []appendPtr{{9}}, map[string]appendPtr{"m": {}}, []any{appendPtr{}},
		map[appendKey]int{1: 2}, bothText{}, map[string]bothText{"b": {}}, appendErr{}, []any{&appendErr{}},
		tagCase{Z: 1, Ig: 2}, tagEmbed{A: 1, Ex: map[string]int{"x": 2, "A": 3}}, tagEmbed{},
		tagEmbedRaw{A: 1, Raw: jsontext.Value(`{"y":[1]}`)}, tagEmbedRaw{}, tagFormat{},
		withTime{T: time.Date(2026, 12, 5, 1, 2, 3, 4, time.UTC)},
	}
	for _, v := range values {
		got, err := Marshal(v)
		want, wantErr := json.Marshal(v)
		if string(got) != string(want) || !sameError(err, wantErr) {
			t.Errorf("Marshal(%#v) = %s, %v; want %s, %v", v, got, err, want, wantErr)
		}
	}
	inputs := []string{
		`{"z":1,"Z":2,"i_g":3,"IG":4,"I-G":5,"p":6,"P":7}`, `{"Z":1}`, `{"ig":2}`,
		`{"A":1,"x":2,"y":[3]}`, `{"A":1}`, `{}`, `{"T":"2026-12-05T10:00:00Z"}`, `{"T":5}`, `{"T":true}`,
		`{"T":{}}`, `{"T":[1]}`, `{"T":null}`, `{"T":"bad"}`, `5`, `"x"`,
		`{"T":"\u0032026-12-05T10:00:00Z"}`, "{\"T\":\"\xd1\"}", `{"T":"2026-12-05T10:00:00,5Z"}`,
		` {"N": {"A":1,"y":[3]}, "L":[{"A":"s"}]}`, `{"L":[{},{"A":true}]}`,
	}
	fresh := []func() any{
		func() any { return new(tagCase) }, func() any { return new(tagEmbed) },
		func() any { return new(tagEmbedRaw) }, func() any { return new(tagFormat) },
		func() any { return new(withTime) }, func() any { return new(time.Time) },
		func() any {
			return new(struct {
				N tagEmbed
				L []tagEmbed
			})
		},
	}
	for _, in := range inputs {
		for _, f := range fresh {
			checkUnmarshal(t, []byte(in), f)
		}
	}
}

// TestV2EmbedRawOptions checks a jsontext.Value fallback under the strict UnmarshalOptions: input
// that passes the checks decodes as encoding/json decodes it, a semantic error before a fallback
// member included (the member goes into the fallback once), and two names for one field are
// still found.
func TestV2EmbedRawOptions(t *testing.T) {
	opts := []UnmarshalOptions{{RejectInvalidUTF8: true}, {MaxDepth: 50}, {RejectDuplicateNames: true},
		{RejectDuplicateNames: true, CaseSensitive: true}}
	inputs := []string{`{"A":[1],"zz":1}`, `{"A":"x","zz":{"k":1},"yy":2}`, `{"zz":1,"A":true,"yy":[2]}`,
		`{"A":1,"x":2}`, `{"N":{"A":[],"y":3},"L":[{"A":{},"z":1},{"q":2}]}`}
	fresh := []func() any{
		func() any { return new(tagEmbedRaw) },
		func() any { return &tagEmbedRaw{Raw: jsontext.Value(`{"k":1}`)} },
		func() any {
			return new(struct {
				N tagEmbedRaw
				L []tagEmbedRaw
			})
		},
	}
	for _, o := range opts {
		for _, in := range inputs {
			for _, f := range fresh {
				got, want := f(), f()
				err, wantErr := o.Unmarshal([]byte(in), got), json.Unmarshal([]byte(in), want)
				if !sameError(err, wantErr) || !reflect.DeepEqual(got, want) {
					t.Errorf("%+v.Unmarshal(%s) into %T: %v %#v; encoding/json: %v %#v", o, in, got, err, deref(got), wantErr, deref(want))
				}
			}
		}
	}
	// Names repeated exactly, and two names for a field of a struct the decoders read (not
	// those of a struct left to encoding/json whole: see UnmarshalOptions).
	for _, in := range []string{`{"N":{"A":1,"A":2}}`, `{"L":[{"y":1,"y":2}]}`, `{"B":1,"b":2,"N":{"zz":1}}`,
		`{"N":{"A":[]},"B":1,"b":2}`} {
		got := new(struct {
			N tagEmbedRaw
			L []tagEmbedRaw
			B int
		})
		err := UnmarshalOptions{RejectDuplicateNames: true}.Unmarshal([]byte(in), got)
		if err == nil || !strings.Contains(err.Error(), "duplicate") {
			t.Errorf("RejectDuplicateNames: Unmarshal(%s) = %v %+v, want a duplicate name's error", in, err, *got)
		}
	}
}

// TestV2TagsDecoderOptions checks that a struct left to encoding/json whole gets the Decoder's
// options, inside other values too.
func TestV2TagsDecoderOptions(t *testing.T) {
	type inner struct {
		Z int `json:"z,case:strict"`
		X any
	}
	type outer struct {
		In inner
		L  []inner
	}
	inputs := []string{`{"z":1,"X":2.5}`, `{"z":1,"y":2}`, `{"In":{"z":1,"X":1e3,"w":1}}`, `{"L":[{"X":[1]},{"Z":2}]}`,
		`{"In":{"X":{"n":12345678901234567890}}}`}
	for _, in := range inputs {
		for _, fresh := range []func() any{func() any { return new(inner) }, func() any { return new(outer) }} {
			for _, set := range []func(*Decoder, *json.Decoder){
				func(d *Decoder, s *json.Decoder) { d.DisallowUnknownFields(); s.DisallowUnknownFields() },
				func(d *Decoder, s *json.Decoder) { d.UseNumber(); s.UseNumber() },
			} {
				got, want := fresh(), fresh()
				dec, std := NewDecoder(strings.NewReader(in)), json.NewDecoder(strings.NewReader(in))
				set(dec, std)
				err, wantErr := dec.Decode(got), std.Decode(want)
				if !sameError(err, wantErr) || !reflect.DeepEqual(got, want) {
					t.Errorf("Decode(%s) into %T: %v %+v; encoding/json: %v %+v", in, got, err, deref(got), wantErr, deref(want))
				}
			}
		}
	}
}

// TestV2TagsDecoder checks a Decoder on streams of values that hold structs left to encoding/json
// whole and jsontext.Value fallbacks, whole and a byte a read, with its options, against
// encoding/json's Decoder: a semantic error after a fallback member leaves the member there once.
func TestV2TagsDecoder(t *testing.T) {
	type inner struct {
		Z  int `json:"z,case:strict"`
		X  any
		Ex jsontext.Value `json:",embed"`
	}
	type outer struct {
		In  inner
		L   []inner
		M   map[string]inner
		Any any
		N   int
	}
	inputs := []string{`{"In":{"z":1,"X":2.5,"q":1}} {"N":2}`, `{"L":[{"z":1},{"y":[1,2]}],"N":"x","M":{"a":{"X":1e2,"w":null}}}`,
		`{"M":{"a":{"z":"bad","k":1}},"N":3} {"In":{"X":12345678901234567890}}`, `{"In":{"z":1,"z":2}} [1]`,
		`{"In":[1]} {"In":{"Z":3,"r":1}}`, `{"x":1} {"N":1,"n":2}`, `{"In":{"y":1},"N":true} {"In":{"y":2}}`}
	for _, in := range inputs {
		for _, set := range []func(*Decoder, *json.Decoder){
			func(d *Decoder, s *json.Decoder) {},
			func(d *Decoder, s *json.Decoder) { d.DisallowUnknownFields(); s.DisallowUnknownFields() },
			func(d *Decoder, s *json.Decoder) { d.UseNumber(); s.UseNumber() },
		} {
			for _, slow := range []bool{false, true} {
				dec := NewDecoder(strings.NewReader(in))
				if slow {
					dec = NewDecoder(iotest.OneByteReader(strings.NewReader(in)))
				}
				std := json.NewDecoder(strings.NewReader(in))
				set(dec, std)
				for k := 0; k < 3; k++ {
					got, want := new(outer), new(outer)
					err, wantErr := dec.Decode(got), std.Decode(want)
					if !sameError(err, wantErr) || !reflect.DeepEqual(got, want) {
						t.Errorf("Decode %d of %s (a byte a read: %v): %v %+v; encoding/json: %v %+v", k, in, slow, err, *got, wantErr, *want)
					}
					if err != nil || wantErr != nil {
						break
					}
				}
			}
		}
	}
}
