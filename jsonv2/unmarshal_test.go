package json

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stridejson/stride/jsontext"
)

// TestUnmarshal holds Unmarshal to encoding/json/v2's documented defaults on every toolchain (the
// tests built on Go 1.27 compare with the standard package itself).
func TestUnmarshal(t *testing.T) {
	type rec struct {
		ID   int64
		Name string `json:"name"`
		Tags []string
		M    map[string]int
		P    *rec
		Any  any
	}
	var got rec
	in := `{"ID":7,"name":"n","NAME":"ignored","Tags":["a","b"],"M":{"k":1},"P":{"ID":8},"Any":[1,"x",{"y":null}]}`
	if err := Unmarshal([]byte(in), &got); err != nil {
		t.Fatal(err)
	}
	want := rec{ID: 7, Name: "n", Tags: []string{"a", "b"}, M: map[string]int{"k": 1}, P: &rec{ID: 8},
		Any: []any{1.0, "x", map[string]any{"y": nil}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v\nwant %#v", got, want)
	}
	// null sets the zero value; members not in the input keep theirs.
	if err := Unmarshal([]byte(`{"ID":null,"Tags":null}`), &got); err != nil || got.ID != 0 || got.Tags != nil || got.Name != "n" {
		t.Errorf("null: %v %#v", err, got)
	}
	if err := Unmarshal([]byte(`{"name":"x"}`), &got, MatchCaseInsensitiveNames(true)); err != nil || got.Name != "x" {
		t.Errorf("case-insensitive: %v %#v", err, got)
	}
}

// TestUnmarshalErrors checks the errors' types, offsets and pointers.
func TestUnmarshalErrors(t *testing.T) {
	type rec struct {
		A int
		B []uint8
		C [2]int
	}
	for _, c := range []struct {
		in, text, ptr string
		off           int64
		syntax        bool
		opts          []Options
	}{
		{`{"A":"x"}`, "JSON string into Go int", "/A", 5, false, nil},
		{`{"A":1.5}`, "JSON number 1.5 into Go int", "/A", 5, false, nil},
		{`{"C":[1,2,3]}`, "too many array elements", "/C", 11, false, nil},
		{`{"Z":1}`, `unknown object member name "Z"`, "/Z", 1, false, []Options{RejectUnknownMembers(true)}},
		{`{"A":1,"A":2}`, "duplicate object member name", "/A", 7, true, nil},
		{`{"A":1`, "unexpected EOF", "", 6, true, nil},
		{`{"A":1} x`, "after top-level value", "", 8, true, nil},
	} {
		err := Unmarshal([]byte(c.in), new(rec), c.opts...)
		var se *SemanticError
		var xe *jsontext.SyntacticError
		switch {
		case c.syntax && errors.As(err, &xe):
			if xe.ByteOffset != c.off || string(xe.JSONPointer) != c.ptr {
				t.Errorf("%s: %v at %d %q, want %d %q", c.in, err, xe.ByteOffset, xe.JSONPointer, c.off, c.ptr)
			}
		case !c.syntax && errors.As(err, &se):
			if se.ByteOffset != c.off || string(se.JSONPointer) != c.ptr {
				t.Errorf("%s: %v at %d %q, want %d %q", c.in, err, se.ByteOffset, se.JSONPointer, c.off, c.ptr)
			}
		default:
			t.Errorf("%s: error %T %v", c.in, err, err)
			continue
		}
		if !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: %q does not say %q", c.in, err, c.text)
		}
	}
	if err := Unmarshal([]byte(`1`), nil); err == nil || !strings.Contains(err.Error(), "non-nil pointer") {
		t.Errorf("into nil: %v", err)
	}
}

// fromString has Stride's UnmarshalJSONFrom, which Unmarshal calls with a Decoder.
type fromString struct{ got string }

func (f *fromString) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	f.got = "<" + tok.String() + ">"
	return nil
}

// TestUnmarshalFuncs checks UnmarshalerFrom and the caller's functions on every toolchain.
func TestUnmarshalFuncs(t *testing.T) {
	var v struct {
		F fromString
		N int
		S []string
	}
	opts := WithUnmarshalers(JoinUnmarshalers(
		UnmarshalFunc(func(b []byte, p *int) error { *p = len(b); return nil }),
		UnmarshalFromFunc(func(dec *jsontext.Decoder, p *string) error {
			if dec.PeekKind() != '"' {
				return errors.ErrUnsupported
			}
			tok, err := dec.ReadToken()
			*p = strings.ToUpper(tok.String())
			return err
		}),
	))
	if err := Unmarshal([]byte(`{"F":"x","N":12345,"S":["a","b"]}`), &v, opts); err != nil {
		t.Fatal(err)
	}
	if v.F.got != "<x>" || v.N != 5 || !reflect.DeepEqual(v.S, []string{"A", "B"}) {
		t.Errorf("got %+v", v)
	}
	err := Unmarshal([]byte(`{"F":"x","S":[1]}`), &v, opts)
	var se *SemanticError
	if !errors.As(err, &se) || se.JSONPointer != "/S/0" {
		t.Errorf("a number into a string after ErrUnsupported: %v", err)
	}
}

// TestUnmarshalDuplicateFields checks that a second member for one field is a duplicate in
// structs of up to 64 fields (one word of bits) and beyond (a slice).
func TestUnmarshalDuplicateFields(t *testing.T) {
	for _, n := range []int{1, 63, 64, 65, 130} {
		fields := make([]reflect.StructField, n)
		for i := range fields {
			fields[i] = reflect.StructField{Name: "F" + strconv.Itoa(i), Type: reflect.TypeFor[int]()}
		}
		typ := reflect.StructOf(fields)
		for _, i := range []int{0, n / 2, n - 1} {
			name := `"F` + strconv.Itoa(i) + `"`
			v := reflect.New(typ).Interface()
			if err := Unmarshal([]byte(`{`+name+`:1,"F0":2}`), v); (err != nil) != (i == 0) {
				t.Errorf("%d fields, F%d then F0: error %v", n, i, err)
			}
			err := Unmarshal([]byte(`{`+name+`:1,`+name+`:2}`), v)
			if !errors.Is(err, jsontext.ErrDuplicateName) {
				t.Errorf("%d fields, F%d twice: error %v, want a duplicate name", n, i, err)
			}
			if err := Unmarshal([]byte(`{`+name+`:1,`+name+`:2}`), v, jsontext.AllowDuplicateNames(true)); err != nil {
				t.Errorf("%d fields, F%d twice, duplicates allowed: %v", n, i, err)
			}
		}
	}
}
