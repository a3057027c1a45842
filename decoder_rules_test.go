package stride

import (
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/stridejson/stride/stream"
)

// A Decoder under UnmarshalOptions meets a value that breaks a rule of the options but is valid
// JSON: Decode reports it, and the next Decode decodes the next value, as encoding/json's Decoder
// goes on after a value with an unknown field under DisallowUnknownFields. A syntax error and a
// value over MaxInputSize still end the stream.

type ruleCase struct {
	name string
	opts UnmarshalOptions
	bad  string // one value, valid JSON, that breaks the rule
}

var ruleCases = []ruleCase{
	{"duplicate names", UnmarshalOptions{RejectDuplicateNames: true}, `{"a":1,"b":{"c":2,"c":3}}`},
	{"duplicate names in an array", UnmarshalOptions{RejectDuplicateNames: true}, `[{"x":1},{"x":2,"x":2}]`},
	{"duplicate field, folded", UnmarshalOptions{RejectDuplicateNames: true}, `{"Name":"a","name":"b"}`},
	{"invalid UTF-8", UnmarshalOptions{RejectInvalidUTF8: true}, "{\"s\":\"a\xffb\"}"},
	{"invalid UTF-8, a string", UnmarshalOptions{RejectInvalidUTF8: true}, "\"\xc0\""},
	{"unpaired surrogate", UnmarshalOptions{RejectInvalidUTF8: true}, `["\ud800"]`},
	{"depth", UnmarshalOptions{MaxDepth: 2}, `[[[1]]]`},
	{"unknown field", UnmarshalOptions{DisallowUnknownFields: true, RejectDuplicateNames: true}, `{"Name":"a","Zzz":1}`},
}

// ruleNext are the values after the bad one: an object, a scalar, and another object.
var ruleNext = []string{`{"Name":"n","Tags":["x"]}`, `12`, `{"Tags":[]}`}

type ruleTarget struct {
	Name string
	Tags []string
}

func TestDecoderRuleErrorNotSticky(t *testing.T) {
	for _, c := range ruleCases {
		for _, pieces := range []bool{false, true} {
			in := " " + c.bad + "\n" + strings.Join(ruleNext, " ")
			var r io.Reader = strings.NewReader(in)
			if pieces {
				r = &oneByteReader{s: in}
			}
			dec := NewDecoder(r)
			dec.SetOptions(c.opts)
			// The error is the one UnmarshalOptions.Unmarshal gives for the value alone, moved to
			// where the value starts in the stream.
			wantErr := c.opts.Unmarshal([]byte(c.bad), new(any))
			var want *stream.SyntaxError
			if c.name != "unknown field" && c.name != "duplicate field, folded" && !errors.As(wantErr, &want) {
				t.Fatalf("%s: Unmarshal error %v, want a *stream.SyntaxError", c.name, wantErr)
			}
			var first any = new(any)
			if strings.HasPrefix(c.name, "unknown") || strings.HasSuffix(c.name, "folded") {
				first, wantErr = new(ruleTarget), c.opts.Unmarshal([]byte(c.bad), new(ruleTarget))
			}
			err := dec.Decode(first)
			if err == nil || err.Error() != rebaseMsg(wantErr, 1) {
				t.Errorf("%s (pieces %v): first Decode error %v, want %v at offset +1", c.name, pieces, err, wantErr)
			}
			for i, next := range ruleNext {
				var got, want any = new(ruleTarget), new(ruleTarget)
				if next == `12` {
					got, want = new(int), new(int)
				}
				wantErr := json.Unmarshal([]byte(next), want)
				if err := dec.Decode(got); !sameError(err, wantErr) || !reflect.DeepEqual(got, want) {
					t.Errorf("%s (pieces %v): value %d after the bad one: %v, %v; want %v, %v", c.name, pieces, i+1, deref(got), err, deref(want), wantErr)
				}
			}
			if err := dec.Decode(new(any)); err != io.EOF {
				t.Errorf("%s (pieces %v): at the end: %v, want io.EOF", c.name, pieces, err)
			}
		}
	}
}

// rebaseMsg is the message of err, a *stream.SyntaxError of a value alone, for the same value
// starting at offset base of a stream, on its first line (a Decoder gives line and column for its
// first value); other errors are unchanged.
func rebaseMsg(err error, base int64) string {
	var se *stream.SyntaxError
	if !errors.As(err, &se) {
		return err.Error()
	}
	c := *se
	c.Offset += base
	if c.Line == 1 {
		c.Column += int(base)
	}
	return c.Error()
}

// TestDecoderRuleInsideArray steps into an array with Token and decodes its elements: an element
// that breaks a rule is skipped, and the array goes on.
func TestDecoderRuleInsideArray(t *testing.T) {
	dec := NewDecoder(strings.NewReader(`[{"a":1},{"a":1,"a":2},{"a":3}]`))
	dec.SetOptions(UnmarshalOptions{RejectDuplicateNames: true})
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	var got []any
	var errs int
	for dec.More() && errs < 3 { // a sticky error would make More true for ever
		var v any
		if err := dec.Decode(&v); err != nil {
			errs++
			continue
		}
		got = append(got, v)
	}
	if tok, err := dec.Token(); tok != json.Delim(']') || err != nil {
		t.Errorf("end of the array: %v, %v", tok, err)
	}
	want := []any{map[string]any{"a": 1.0}, map[string]any{"a": 3.0}}
	if errs != 1 || !reflect.DeepEqual(got, want) {
		t.Errorf("got %v with %d errors, want %v with 1", got, errs, want)
	}
}

// TestDecoderStickyErrors checks that what cannot be stepped over still ends the stream: a syntax
// error, and a value over MaxInputSize, which is not read whole.
func TestDecoderStickyErrors(t *testing.T) {
	cases := []struct {
		opts UnmarshalOptions
		in   string
	}{
		{UnmarshalOptions{RejectDuplicateNames: true}, `{"a":1,} {"b":2}`},
		{UnmarshalOptions{RejectInvalidUTF8: true}, `[1 2] [3]`},
		{UnmarshalOptions{MaxInputSize: 6}, `[1,2,3,4,5] [1]`},
		{UnmarshalOptions{MaxInputSize: 8, RejectDuplicateNames: true}, `{"a":1,"a":2} {}`},
	}
	for _, c := range cases {
		dec := NewDecoder(strings.NewReader(c.in))
		dec.SetOptions(c.opts)
		err := dec.Decode(new(any))
		if err == nil {
			t.Errorf("%q: no error", c.in)
			continue
		}
		if err2 := dec.Decode(new(any)); err2 == nil || err2.Error() != err.Error() {
			t.Errorf("%q: second Decode %v, want the first error %v again", c.in, err2, err)
		}
	}
}
