//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	stdtext "encoding/json/jsontext"
	"fmt"
	"testing"
)

// Value's formatting methods and AppendFormat held to Go 1.27's: the same bytes and errors.

// formatInputs are the values the formatting functions are held to std on.
var formatInputs = append(append([]string{}, decodeInputs...),
	`{"b":1,"a":2,"c":{"z":[{"y":1,"x":2}],"é":0,"e":1,"😀":2,"\uffff":3}}`, `{"a":2,"a":1,"a":[1,2],"a":[1]}`,
	`[1.0, 1e2, -0, 12345678901234567890, 0.1e-6, 1E+21, 4.0e-400]`, `{"\u0062":"\u00e9\/", "a": "<\u2028>"}`,
	" \t{ \"a\" : [ ] , \"b\" : { } }\n", `"\ud83d\ude00"`)

// formatCall is one formatting function of each package, under options.
type formatCall struct {
	name   string
	ours   func(string) (string, error)
	theirs func(string) (string, error)
}

var formatCalls = []formatCall{
	{"Compact",
		func(s string) (string, error) { v := Value(s); err := v.Compact(); return string(v), err },
		func(s string) (string, error) { v := stdtext.Value(s); err := v.Compact(); return string(v), err }},
	{"Indent",
		func(s string) (string, error) { v := Value(s); err := v.Indent(); return string(v), err },
		func(s string) (string, error) { v := stdtext.Value(s); err := v.Indent(); return string(v), err }},
	{"Indent prefix",
		func(s string) (string, error) {
			v := Value(s)
			err := v.Indent(WithIndentPrefix(" "), WithIndent("  "))
			return string(v), err
		},
		func(s string) (string, error) {
			v := stdtext.Value(s)
			err := v.Indent(stdtext.WithIndentPrefix(" "), stdtext.WithIndent("  "))
			return string(v), err
		}},
	{"Format",
		func(s string) (string, error) { v := Value(s); err := v.Format(); return string(v), err },
		func(s string) (string, error) { v := stdtext.Value(s); err := v.Format(); return string(v), err }},
	{"Canonicalize",
		func(s string) (string, error) { v := Value(s); err := v.Canonicalize(); return string(v), err },
		func(s string) (string, error) { v := stdtext.Value(s); err := v.Canonicalize(); return string(v), err }},
	{"Canonicalize dups",
		func(s string) (string, error) {
			v := Value(s)
			err := v.Canonicalize(AllowDuplicateNames(true), AllowInvalidUTF8(true))
			return string(v), err
		},
		func(s string) (string, error) {
			v := stdtext.Value(s)
			err := v.Canonicalize(stdtext.AllowDuplicateNames(true), stdtext.AllowInvalidUTF8(true))
			return string(v), err
		}},
	{"AppendFormat HTML",
		func(s string) (string, error) {
			b, err := AppendFormat([]byte("x"), s, EscapeForHTML(true), SpaceAfterComma(true))
			return string(b), err
		},
		func(s string) (string, error) {
			b, err := stdtext.AppendFormat([]byte("x"), s, stdtext.EscapeForHTML(true), stdtext.SpaceAfterComma(true))
			return string(b), err
		}},
}

func checkFormat(t *testing.T, c formatCall, in string) {
	t.Helper()
	g, gerr := c.ours(in)
	w, werr := c.theirs(in)
	got, want := fmt.Sprintf("%q %s", g, errText(gerr)), fmt.Sprintf("%q %s", w, errText(werr))
	if got != want {
		t.Errorf("%s(%.80q):\n got %.400s\nwant %.400s", c.name, in, got, want)
	}
}

func TestFormatStd(t *testing.T) {
	for _, c := range formatCalls {
		for _, in := range formatInputs {
			if len(in) > 1000 && c.name[:3] == "Ind" {
				continue // deep inputs indented: quadratic output
			}
			checkFormat(t, c, in)
		}
	}
}

func FuzzFormatStd(f *testing.F) {
	for _, in := range formatInputs {
		if len(in) < 200 {
			f.Add(in, byte(0))
		}
	}
	f.Fuzz(func(t *testing.T, in string, call byte) {
		checkFormat(t, formatCalls[int(call)%len(formatCalls)], in)
	})
}
