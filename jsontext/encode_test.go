package jsontext

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
	"github.com/stridejson/stride/internal/jsonopts"
)

// These tests run on every toolchain; std_encode_test.go and std_format_test.go hold the Encoder
// and the formatting functions to the standard package on Go 1.27. The expected texts here were
// checked against Go 1.27.3.

func TestEncoder(t *testing.T) {
	var b bytes.Buffer
	e := NewEncoder(&b, Multiline(true), WithIndent("  "))
	for _, tok := range []Token{BeginObject, String("a"), BeginArray, Int(1), Float(2.5), EndArray,
		String("b"), BeginObject, EndObject, EndObject} {
		if err := e.WriteToken(tok); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.WriteValue(Value(` { "x" : [ 1 , "\u0041" ] } `)); err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"a\": [\n    1,\n    2.5\n  ],\n  \"b\": {}\n}\n{\n  \"x\": [\n    1,\n    \"A\"\n  ]\n}\n"
	if b.String() != want {
		t.Errorf("got %q\nwant %q", b.String(), want)
	}
	if v, set := e.Options().(*jsonopts.Struct).Get(jsonopts.SpaceAfterColon); !v || !set {
		t.Errorf("Options: Multiline does not imply SpaceAfterColon")
	}
}

// errText is an error's text, or "<nil>".
func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestEncoderErrors checks that an error names where it happened and leaves the Encoder as it was.
func TestEncoderErrors(t *testing.T) {
	var b bytes.Buffer
	e := NewEncoder(&b)
	e.WriteToken(BeginObject)
	e.WriteToken(String("a"))
	e.WriteToken(Int(1))
	for _, c := range []struct {
		call func() error
		want string
	}{
		{func() error { return e.WriteToken(Int(2)) }, `jsontext: object member name must be a string after offset 7`},
		{func() error { return e.WriteToken(String("a")) }, `jsontext: duplicate object member name "a"`},
		{func() error { return e.WriteToken(String("\xff")) }, `jsontext: invalid UTF-8 after offset 7`},
		{func() error { return e.WriteToken(EndArray) }, `jsontext: mismatching structural token for object or array after offset 6`},
		{func() error { return e.WriteValue(Value(`"b" x`)) }, `jsontext: invalid character 'x' after top-level value after offset 11`},
		{func() error { return e.WriteValue(Value(`[1,x]`)) }, `jsontext: invalid character 'x' at start of value within "/1" after offset 10`},
		{func() error { return e.WriteToken(Token{}) }, `jsontext: invalid jsontext.Token after offset 7`},
	} {
		err := c.call()
		if errText(err) != c.want {
			t.Errorf("got  %v\nwant %s", err, c.want)
		}
		if e.OutputOffset() != 6 || e.StackDepth() != 1 {
			t.Errorf("after %v: offset %d depth %d, want 6 and 1", err, e.OutputOffset(), e.StackDepth())
		}
	}
	e.WriteToken(String("b"))
	if err := e.WriteValue(Value(`{"c":[1,x]}`)); errText(err) != `jsontext: invalid character 'x' at start of value within "/b/c/1" after offset 19` {
		t.Errorf("got %v", err)
	}
	e.WriteValue(Value(`true`))
	e.WriteToken(EndObject)
	if b.String() != `{"a":1,"b":true}`+"\n" {
		t.Errorf("got %q", b.String())
	}
}

// TestEncoderWriteError checks that an error of the io.Writer is returned then and after, and that
// what reached the io.Writer is a prefix of the output.
func TestEncoderWriteError(t *testing.T) {
	long := strings.Repeat("x", 20000)
	for _, short := range []bool{false, true} {
		w := &faulty.Writer{Limit: 10000, Short: short}
		e := NewEncoder(w)
		var err error
		for i := 0; i < 10 && err == nil; i++ {
			err = e.WriteToken(String(long))
		}
		wantErr := faulty.ErrInjected
		if short {
			wantErr = io.ErrShortWrite
		}
		if !errors.Is(err, wantErr) || !strings.HasPrefix(err.Error(), "jsontext: write error: ") {
			t.Fatalf("short %v: got %v", short, err)
		}
		if err2 := e.WriteToken(Null); err2 == nil || err2.Error() != err.Error() {
			t.Errorf("short %v: the next call returned %v", short, err2)
		}
		if want := `"` + long[:len(w.Got)-1]; string(w.Got) != want {
			t.Errorf("short %v: the destination got %d bytes that are not a prefix of the output", short, len(w.Got))
		}
	}
}

func TestEncoderAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("sync.Pool drops entries under -race")
	}
	e := NewEncoder(io.Discard)
	val := Value(`{"x":[1,"y",{"z":null}]}`) // made once: converting the text is the test's allocation
	toks := []Token{BeginObject, String("a"), Int(1), String("b"), BeginArray, Float(2.5), True, Null, EndArray, EndObject}
	run := func() {
		e.Reset(io.Discard)
		for _, tok := range toks {
			if err := e.WriteToken(tok); err != nil {
				t.Fatal(err)
			}
		}
		if err := e.WriteValue(val); err != nil {
			t.Fatal(err)
		}
	}
	run()
	if n := testing.AllocsPerRun(100, run); n != 0 {
		t.Errorf("%v allocations per document, want 0", n)
	}
	v := Value(` { "a" : [ 1 , 2 ] } `)
	dst := make([]byte, 0, 64)
	fmtRun := func() { dst, _ = AppendFormat(dst[:0], v) }
	fmtRun()
	if n := testing.AllocsPerRun(100, fmtRun); n != 0 {
		t.Errorf("AppendFormat: %v allocations, want 0", n)
	}
}

func TestValueFormat(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func(*Value) error
		in   string
		want string
	}{
		{"Compact", func(v *Value) error { return v.Compact() }, ` { "a" : "\u0041" , "a" : [ ] } `, `{"a":"\u0041","a":[]}`},
		{"Indent", func(v *Value) error { return v.Indent() }, `{"a":[1,{}]}`, "{\n\t\"a\": [\n\t\t1,\n\t\t{}\n\t]\n}"},
		{"Format", func(v *Value) error { return v.Format(EscapeForHTML(true)) }, ` "<\u0041>" `, `"\u003cA\u003e"`},
		{"Canonicalize", func(v *Value) error { return v.Canonicalize() }, `{"b":1.50e1,"a":{"😀":0,"\uffff":1},"é":-0}`, "{\"a\":{\"😀\":0,\"\uffff\":1},\"b\":15,\"é\":0}"},
	} {
		v := Value(c.in)
		if err := c.f(&v); err != nil || string(v) != c.want {
			t.Errorf("%s(%s) = %s, %v; want %s", c.name, c.in, v, err, c.want)
		}
	}
	v := Value(`{"a":1,"a":2}`)
	if err := v.Format(); err == nil || string(v) != `{"a":1,"a":2}` {
		t.Errorf("Format of a duplicate name: %v, %s", err, v)
	}
}

// canonicalRef is canonical's reference: the literal decoded and quoted again is itself.
func canonicalRef(lit []byte) bool {
	v, err := AppendUnquote(nil, lit)
	if err != nil {
		return false
	}
	q, err := AppendQuote(nil, v)
	return err == nil && string(q) == string(lit)
}

// TestCanonical holds canonical to its reference on every escape form, the short and the \u
// forms of each control character, upper- and lower-case hex, and bad UTF-8 around escapes.
func TestCanonical(t *testing.T) {
	lits := []string{`""`, `"abc"`, `"a\"b"`, `"\\"`, `"\/"`, `"\n\t\r\b\f"`, `"\u000a"`, `"\u001F"`,
		`"\u001f"`, `"\u0041"`, `"\u00e9"`, `"é"`, `"\ud83d\ude00"`, `"😀"`, `"x\u0000y"`, `"\u007f"`,
		"\"\xff\\n\"", "\"\\n\xc3\"", `"\u2028"`, "\"\u2028\"", `"<&>"`}
	for c := range 0x20 {
		lits = append(lits, fmt.Sprintf(`"\u%04x"`, c), fmt.Sprintf(`"a\u%04Xb"`, c))
	}
	for _, lit := range lits {
		if got, want := canonical([]byte(lit)), canonicalRef([]byte(lit)); got != want {
			t.Errorf("canonical(%s) = %v, want %v", lit, got, want)
		}
	}
}

// FuzzCanonical holds canonical to its reference on the valid string literals the input makes.
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{`a\"b`, `\u001f\n`, `\u000A`, `\/`, "\xff", `\u00e9`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lit := []byte(`"` + s + `"`)
		if !Value(lit).IsValid(AllowInvalidUTF8(true)) {
			return
		}
		if got, want := canonical(lit), canonicalRef(lit); got != want {
			t.Fatalf("canonical(%q) = %v, want %v", lit, got, want)
		}
	})
}
