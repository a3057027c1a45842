package jsontext

import (
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/jsonopts"
)

// The tests of this file run on every toolchain, with the results written out; std_test.go holds
// the package to the standard one where Go has it.

func TestPointer(t *testing.T) {
	p := Pointer("").AppendToken("a/b").AppendToken("~x").AppendToken("0")
	if p != "/a~1b/~0x/0" {
		t.Fatalf("AppendToken built %q", p)
	}
	if got := slices.Collect(p.Tokens()); !slices.Equal(got, []string{"a/b", "~x", "0"}) {
		t.Errorf("Tokens() = %q", got)
	}
	if p.LastToken() != "0" || p.Parent() != "/a~1b/~0x" || Pointer("").Parent() != "" || Pointer("").LastToken() != "" {
		t.Errorf("Parent/LastToken of %q: %q, %q", p, p.Parent(), p.LastToken())
	}
	if !p.Parent().Contains(p) || !p.Contains(p) || p.Contains(p.Parent()) || Pointer("/a").Contains("/ab") {
		t.Error("Contains")
	}
	for s, want := range map[string]bool{"": true, "/": true, "a": false, "/~": false, "/~2": false, "/~0~1": true,
		"/\xff": false, "/\ufffd": true} {
		if Pointer(s).IsValid() != want {
			t.Errorf("%q.IsValid() = %v", s, !want)
		}
	}
}

func TestShortPointer(t *testing.T) {
	long := strings.Repeat("/0", 100)
	for _, c := range []struct{ p, want string }{
		{"/short", "/short"},
		{long, strings.Repeat("/0", 24) + "/…/" + strings.Repeat("0/", 24) + "0"},
		{"/" + strings.Repeat("x", 120), "/" + strings.Repeat("x", 49) + "…" + strings.Repeat("x", 50)},
	} {
		if got := shortPointer(c.p, 100); got != c.want {
			t.Errorf("shortPointer(%q) =\n %q, want\n %q", c.p, got, c.want)
		}
	}
}

func TestSyntacticError(t *testing.T) {
	for _, c := range []struct {
		err  *SyntacticError
		want string
	}{
		{&SyntacticError{}, "jsontext: syntactic error"},
		{&SyntacticError{ByteOffset: 8, JSONPointer: "/a/1", Err: badChar(",", "at start of value")},
			`jsontext: invalid character ',' at start of value within "/a/1" after offset 8`},
		{&SyntacticError{ByteOffset: 9, JSONPointer: "/x/k", Err: ErrDuplicateName},
			`jsontext: duplicate object member name "k" within "/x"`},
		{&SyntacticError{Err: io.ErrUnexpectedEOF}, "jsontext: unexpected EOF"},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
	if !errors.Is(&SyntacticError{Err: ErrDuplicateName}, ErrDuplicateName) {
		t.Error("Unwrap")
	}
}

func TestAppendUnquote(t *testing.T) {
	for _, c := range []struct{ in, out, err string }{
		{`"a\n\u00e9\ud83d\ude00"`, "a\né😀", ""},
		{`"a\x"`, "a", "invalid escape sequence `\\x` in string"},
		{"\"a\xffb\"", "a\ufffdb", "invalid UTF-8"},
		{`"\ud83d\u0041"`, "\ufffdA", "invalid surrogate pair `\\ud83d\\u0041` in string"},
		{`"\ud83d`, "\ufffd", "unexpected EOF"},
		{`"ab`, "ab", "unexpected EOF"},
		{`"a" `, "a", "invalid character ' ' after string value"},
		{"\"\x01\"", "", `invalid character '\x01' in string (expecting non-control character)`},
		{`x`, "", `invalid character 'x' at start of string (expecting '"')`},
	} {
		out, err := AppendUnquote(nil, c.in)
		want := "<nil>"
		if c.err != "" {
			want = errorPrefix + c.err
		}
		if string(out) != c.out || errString(err) != want {
			t.Errorf("AppendUnquote(%q) = %q, %v; want %q, %s", c.in, out, err, c.out, want)
		}
	}
}

func TestAppendQuote(t *testing.T) {
	out, err := AppendQuote(nil, "<\b\x00\u2028>\"")
	if string(out) != `"<\b\u0000`+"\u2028"+`>\""` || err != nil {
		t.Errorf("AppendQuote = %s, %v", out, err)
	}
	out, err = AppendQuote(nil, "a\xff")
	if string(out) != "\"a\ufffd\"" || errString(err) != "jsontext: invalid UTF-8" {
		t.Errorf("AppendQuote of invalid UTF-8 = %q, %v", out, err)
	}
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

func TestAppendFloat(t *testing.T) {
	for _, c := range []struct {
		f    float64
		bits int
		want string
	}{{1e21, 64, "1e+21"}, {1e20, 64, "100000000000000000000"}, {1e-7, 64, "1e-7"}, {1.0 / 3, 32, "0.33333334"},
		{math.MaxFloat64, 32, "+Inf"}, {math.Copysign(0, -1), 64, "-0"}, {5e-324, 64, "5e-324"}} {
		if got := string(AppendFloat(nil, c.f, c.bits)); got != c.want {
			t.Errorf("AppendFloat(%v, %d) = %s, want %s", c.f, c.bits, got, c.want)
		}
	}
}

func TestTokens(t *testing.T) {
	// On a 32-bit platform the uint64 in it takes two words, and Go passes arguments and results
	// on the stack there (the register ABI is 64-bit only): the limit is four 64-bit words.
	if n := reflect.TypeFor[Token]().Size(); n > 4*8 {
		t.Errorf("a Token is %d bytes: more than four words (see the NOTE by its type)", n)
	}
	if v, err := rawToken("-9223372036854775809").Int(); v != math.MinInt64 || !errors.Is(err, strconv.ErrRange) {
		t.Errorf("Int of -2⁶³-1: %v, %v", v, err)
	}
	if v, err := rawToken("1.5").Int(); v != 1 || errString(err) != "jsontext.Token(1.5).Int error: invalid syntax" {
		t.Errorf("Int of 1.5: %v, %v", v, err)
	}
	if v, err := Int(-1).Uint(); v != 0 || !errors.Is(err, strconv.ErrSyntax) {
		t.Errorf("Uint of -1: %v, %v", v, err)
	}
	if v, err := Float(1e300).Float32(); !math.IsInf(float64(v), 1) || !errors.Is(err, strconv.ErrRange) {
		t.Errorf("Float32 of 1e300: %v, %v", v, err)
	}
	if Float(math.NaN()).Kind() != KindString || Float32(1.5).String() != "1.5" || Uint(0).String() != "0" {
		t.Error("Float tokens")
	}
	if s := rawToken(`"a\u0041"`).String(); s != "aA" {
		t.Errorf("String of a raw string: %q", s)
	}
	d := NewDecoder(strings.NewReader(`"xyz" "abc" 12`))
	tok, _ := d.ReadToken()
	c := tok.Clone()
	if _, err := d.ReadToken(); err != nil {
		t.Fatal(err)
	}
	if c.String() != "xyz" {
		t.Errorf("Clone shares the text: %q", c.String())
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("a token read before the Decoder's last call is still valid")
			}
		}()
		_ = tok.String()
	}()
	// Every call that peeks, reads or skips voids the string or number read last, as in the
	// standard package (a delimiter read too).
	for _, call := range []func(*Decoder){
		func(d *Decoder) { d.PeekKind() },
		func(d *Decoder) { d.ReadToken() },
		func(d *Decoder) { d.ReadValue() },
		func(d *Decoder) { d.SkipValue() },
		func(d *Decoder) { d.Reset(strings.NewReader("")) },
	} {
		d := NewDecoder(strings.NewReader(`["x", [1]] `))
		d.ReadToken()
		tok, _ := d.ReadToken()
		if tok.String() != "x" {
			t.Fatalf("read %q", tok.String())
		}
		call(d)
		func() {
			defer func() {
				if recover() == nil {
					t.Error("a token read before a peek, read or skip is still valid")
				}
			}()
			_ = tok.Kind()
		}()
	}
	if (Token{}).String() != "<invalid jsontext.Token>" || Kind('x').String() != "<invalid jsontext.Kind: 'x'>" {
		t.Error("invalid tokens")
	}
}

func TestOptions(t *testing.T) {
	s := jsonopts.Join(AllowDuplicateNames(true), EscapeForHTML(true), WithIndent("  "), AllowDuplicateNames(false))
	if v, set := s.Get(jsonopts.AllowDuplicateNames); v || !set {
		t.Errorf("AllowDuplicateNames: %v, %v", v, set)
	}
	if v, set := s.Lookup(EscapeForHTML(false)); v != true || !set {
		t.Errorf("EscapeForHTML: %v, %v", v, set)
	}
	if v, set := s.Lookup(Multiline(false)); v != true || !set {
		t.Errorf("Multiline after WithIndent: %v, %v", v, set)
	}
	if v, set := s.Lookup(WithIndent("")); v != "  " || !set {
		t.Errorf("WithIndent: %v, %v", v, set)
	}
	if _, set := s.Lookup(AllowInvalidUTF8(true)); set {
		t.Error("AllowInvalidUTF8 set")
	}
	if got := recovered(func() { WithIndent(" x") }); got != "json: invalid character 'x' in indent" {
		t.Errorf("WithIndent panics with %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = AllowDuplicateNames(true), WithIndent("  ") }); n != 0 {
		t.Errorf("AllowDuplicateNames allocates %v", n)
	}
}

// recovered returns what f panics with, or "".
func recovered(f func()) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

// FuzzUnquoteKernel holds AppendUnquote, which decodes with the string kernel and turns to
// unquoteSlow for the error, to unquoteSlow alone, the byte-by-byte decoding that std_test.go
// holds to the standard package.
func FuzzUnquoteKernel(f *testing.F) {
	for _, s := range []string{`"a\n\u00e9\ud83d\ude00"`, `"` + strings.Repeat(`ab\"cd\u00e9`, 20) + `"`, "\"\xff\"", `"\ud800"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := AppendUnquote([]byte("x"), s)
		want, wantErr := unquoteSlow([]byte("x"), s)
		if wantErr != nil {
			wantErr = &SyntacticError{Err: wantErr}
		}
		if string(got) != string(want) || errString(err) != errString(wantErr) {
			t.Errorf("AppendUnquote(%q) = %q, %v; unquoteSlow %q, %v", s, got, err, want, wantErr)
		}
	})
}

func TestValue(t *testing.T) {
	for s, want := range map[string]bool{" [1, {\"a\":null}] ": true, "": false, "01": false, "1 2": false,
		`{"a":1,"a":2}`: false, "\"\xff\"": false, `"\ud800"`: false, "[1,]": false} {
		if got := Value(s).IsValid(); got != want {
			t.Errorf("Value(%q).IsValid() = %v", s, got)
		}
	}
	if !Value(`{"a":1,"a":2}`).IsValid(AllowDuplicateNames(true)) || !Value("\"\xff\"").IsValid(AllowInvalidUTF8(true)) {
		t.Error("IsValid ignores its options")
	}
	if Value(" \n{}").Kind() != KindBeginObject || Value("-1").Kind() != KindNumber || Value(" ").Kind() != KindInvalid {
		t.Error("Kind")
	}
	var v Value
	if err := v.UnmarshalJSON([]byte("[1]")); err != nil || v.String() != "[1]" || Value(nil).String() != "null" {
		t.Errorf("UnmarshalJSON: %q, %v", v, err)
	}
	if b, _ := Value(nil).MarshalJSON(); string(b) != "null" {
		t.Errorf("MarshalJSON of nil: %q", b)
	}
	doc := Value(`{"a":[1,2,"x"]}`)
	if n := testing.AllocsPerRun(100, func() { doc.IsValid() }); n != 0 && !raceEnabled {
		t.Errorf("IsValid allocates %v times", n)
	}
}
