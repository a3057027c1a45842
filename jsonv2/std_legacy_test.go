//go:build go1.27 && goexperiment.jsonv2

package json

import (
	"bytes"
	"encoding"
	stdv1 "encoding/json"
	stdjson "encoding/json/v2"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"testing"

	"github.com/stridejson/stride"
	"github.com/stridejson/stride/jsontext"
)

// Types for CallMethodsWithLegacySemantics, under which methods are called only where
// encoding/json (v1) called them: a method on a pointer receiver only on a value v1 could take
// the address of, no MarshalJSON or UnmarshalJSON on a map key, no text method on a map key of
// kind string, and a nil pointer held by an interface with a marshal method given to the method.
type (
	// mNilJSON and mNilText have their methods on the pointer receiver, and take a nil one.
	mNilJSON struct{ N int }
	mNilText struct{ N int }
	mPtrText struct{ N int }
	mPtrInt  int    // MarshalText on the pointer receiver of an int kind
	mStrText string // MarshalText on a string kind
	mStrJSON string // MarshalJSON on a string kind
	mHold    struct {
		PV mPtrJSON
		PT mPtrText
		AV [1]mPtrJSON
	}
	mEmbHold struct {
		*mHold
		Q mPtrJSON
	}
	// mIfaces has the standard interface types, which the standard package knows (for any
	// other interface type with a marshal method it panics: see TestLegacyNilMethodOwn).
	mHoldFallback struct {
		A  int
		Ex map[string]mPtrJSON `json:",embed"`
	}
	mIfaces struct {
		J stdv1.Marshaler
		T encoding.TextMarshaler
	}
	// uKeyJSON has UnmarshalJSON and UnmarshalText; uKeyOnlyJSON UnmarshalJSON alone.
	uKeyJSON     string
	uKeyOnlyJSON string
	uKeys        struct {
		V  uKeyJSON
		M  map[uKeyJSON]any
		MO map[uKeyOnlyJSON]any
	}
)

func (p *mNilJSON) MarshalJSON() ([]byte, error) {
	if p == nil {
		return []byte(`"nil"`), nil
	}
	return []byte(fmt.Sprint(p.N)), nil
}

func (p *mNilText) MarshalText() ([]byte, error) {
	if p == nil {
		return []byte("nil text"), nil
	}
	if p.N < 0 {
		return nil, errors.New("negative")
	}
	return fmt.Appendf(nil, "n%d", p.N), nil
}

func (p *mPtrText) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "pt%d", p.N), nil }
func (p *mPtrInt) MarshalText() ([]byte, error)  { return fmt.Appendf(nil, "pi%d", *p), nil }
func (s mStrText) MarshalText() ([]byte, error)  { return []byte("text:" + s), nil }
func (s mStrJSON) MarshalJSON() ([]byte, error)  { return []byte(`"json:` + s + `"`), nil }

func (k *uKeyJSON) UnmarshalJSON(b []byte) error {
	*k = uKeyJSON("J" + string(b))
	return nil
}

func (k *uKeyJSON) UnmarshalText(b []byte) error {
	*k = uKeyJSON("T" + string(b))
	return nil
}

func (k *uKeyOnlyJSON) UnmarshalJSON(b []byte) error {
	*k = uKeyOnlyJSON("J" + string(b))
	return nil
}

// legacyMethodValues are values of the Marshal corpus where CallMethodsWithLegacySemantics
// changes which methods are called.
func legacyMethodValues() []any {
	h := mHold{PV: mPtrJSON{1}, PT: mPtrText{2}, AV: [1]mPtrJSON{{3}}}
	return []any{
		h, &h, []mHold{h}, map[string]mHold{"h": h}, map[string]*mHold{"p": &h}, map[string][1]mHold{"a": {h}},
		map[string]mEmbHold{"e": {mHold: &h, Q: mPtrJSON{4}}}, mEmbHold{mHold: &h}, []any{h, &h, mPtrText{5}},
		map[string]any{"x": mPtrText{6}, "y": &mPtrText{7}},
		mIfaces{J: (*mNilJSON)(nil), T: (*mNilText)(nil)}, mIfaces{J: &mNilJSON{8}, T: &mNilText{9}},
		[]mIfaces{{T: (*mNilText)(nil)}}, map[string]mIfaces{"i": {J: (*mNilJSON)(nil)}},
		map[mStrText]int{"k": 1}, map[mStrJSON]int{"j": 2}, map[mPtrText]int{{10}: 1}, map[mNilJSON]int{{11}: 1},
		map[*mNilText]int{nil: 1, {12}: 2}, map[*mNilText]int{{-1}: 1}, map[*mPtrText]int{nil: 3},
		map[string]mStrText{"v": "s"}, []mStrJSON{"a"},
		// the same through a pointer or in a slice, where the value itself is addressable
		[]map[string]mHold{{"h": h}}, &map[mPtrText]int{{13}: 1}, []map[*mPtrText]int{{{14}: 1}},
		map[mPtrInt]int{1: 2}, map[mPtrInt][]mFailing{3: {{}}}, // the error's pointer names the key as written
		&mHoldFallback{Ex: map[string]mPtrJSON{"x": {15}}}, []mHoldFallback{{Ex: map[string]mPtrJSON{"y": {16}}}},
	}
}

// legacyMethodTargets are Unmarshal targets with methods on map keys.
func legacyMethodTargets() []func() any {
	return []func() any{
		func() any { return new(map[uKeyJSON]any) }, func() any { return new(map[uKeyOnlyJSON]any) },
		func() any { return new(uKeys) },
	}
}

// TestLegacyNilMethodOwn: under CallMethodsWithLegacySemantics, a nil pointer held by an
// interface of a type with a marshal method is given to the method, as encoding/json (v1) does,
// whatever the interface type. (Go 1.27.3's encoding/json/v2 panics for an interface type other
// than its own Marshaler, TextAppender and TextMarshaler, reflect.Value.Type on a zero Value.)
func TestLegacyNilMethodOwn(t *testing.T) {
	type own interface{ MarshalJSON() ([]byte, error) }
	v := struct {
		A Marshaler
		B own
		C Marshaler
	}{A: (*mNilJSON)(nil), B: (*mNilJSON)(nil)}
	for _, legacy := range []bool{true, false} {
		got, err := Marshal(v, stride.CallMethodsWithLegacySemantics(legacy))
		want := `{"A":null,"B":null,"C":null}`
		if legacy {
			want = `{"A":"nil","B":"nil","C":null}`
		}
		if err != nil || string(got) != want {
			t.Errorf("legacy %v: got %s %v, want %s", legacy, got, err, want)
		}
	}
}

// TestLegacyMethodsStd compares Marshal of legacyMethodValues with the standard package's under
// CallMethodsWithLegacySemantics in the maps' own order (TestMarshalStd sorts them), which puts
// a member name in an error's pointer after its value has failed: the maps have one member each.
func TestLegacyMethodsStd(t *testing.T) {
	for i, v := range legacyMethodValues() {
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.Map && rv.Len() > 1 {
			continue
		}
		for _, legacy := range []bool{true, false} {
			got, err := Marshal(v, stride.CallMethodsWithLegacySemantics(legacy))
			want, wantErr := stdjson.Marshal(v, stdv1.CallMethodsWithLegacySemantics(legacy))
			if g, w := describe(err), describe(wantErr); g != w || !bytes.Equal(got, want) {
				t.Errorf("value %d (%T), legacy %v:\n got %s %s\nwant %s %s", i, v, legacy, got, g, want, w)
			}
		}
	}
}

// ownMethods has MarshalJSONTo and UnmarshalJSONFrom with this module's Encoder and Decoder,
// which encoding/json/v2 does not call.
type ownMethods struct{ N int }

func (ownMethods) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("own"))
}

func (o *ownMethods) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	o.N = 7
	return dec.SkipValue()
}

// TestLegacyErrorsOwnTypes: under ReportErrorsWithLegacySemantics outside DefaultOptionsV1, a
// value whose type encoding/json/v2 would treat otherwise (a method taking this module's Encoder
// or Decoder, an embedded fallback of this module's jsontext.Value) is not given to it: its
// errors stay v2's, and its methods are called.
func TestLegacyErrorsOwnTypes(t *testing.T) {
	legacy := []Options{stride.ReportErrorsWithLegacySemantics(true)}
	type withOwn struct {
		O ownMethods
		F float64
		A int
	}
	if _, err := Marshal(withOwn{F: math.NaN()}, legacy...); !isSemantic(err) {
		t.Errorf("Marshal of a NaN beside MarshalJSONTo: %T %v, want v2's SemanticError", err, err)
	}
	var w withOwn
	if err := Unmarshal([]byte(`{"O":1,"A":"x"}`), &w, legacy...); !isSemantic(err) || w.O.N != 7 {
		t.Errorf("Unmarshal beside UnmarshalJSONFrom: %T %v, O.N %d; want v2's SemanticError, 7", err, err, w.O.N)
	}
	type withRaw struct {
		A   int
		Raw jsontext.Value `json:",embed"`
	}
	var r withRaw
	if err := Unmarshal([]byte(`{"z":1,"A":"x"}`), &r, legacy...); !isSemantic(err) || string(r.Raw) != `{"z":1}` {
		t.Errorf("Unmarshal into a fallback of Stride's jsontext.Value: %T %v, %s; want v2's SemanticError", err, err, r.Raw)
	}
	if err := MarshalWrite(io.Discard, withOwn{F: math.NaN()}, legacy...); !isSemantic(err) {
		t.Errorf("MarshalWrite of a NaN beside MarshalJSONTo: %T %v, want v2's SemanticError", err, err)
	}
	var buf bytes.Buffer
	if err := MarshalWrite(&buf, withRaw{A: 1, Raw: jsontext.Value(`{"a":1}`)}, legacy...); err != nil || buf.String() != `{"A":1,"a":1}` {
		t.Errorf("MarshalWrite with a fallback of Stride's jsontext.Value: %s %v", buf.Bytes(), err)
	}
}

func isSemantic(err error) bool {
	_, ok := err.(*SemanticError)
	return ok
}
