//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"bytes"
	stdtext "encoding/json/jsontext"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/jsonopts"
)

// The tests of this file hold the package to Go 1.27's encoding/json/jsontext, on the toolchain
// that has it.

func TestKindStringStd(t *testing.T) {
	for k := range 256 {
		if got, want := Kind(k).String(), stdtext.Kind(k).String(); got != want {
			t.Errorf("Kind(%#x).String() = %q, std %q", k, got, want)
		}
	}
}

// pointers are Pointer inputs: valid and invalid, escaped, non-ASCII, long.
var pointers = []string{"", "/", "//", "/a", "/a/b", "/a~0b/c~1d", "~0", "a/b", "/~", "/~2", "/a~",
	"/\xff", "/\ufffd", "/é/ü", "/0/1/2", "/a\x00b", strings.Repeat("/0", 60), strings.Repeat("/abc", 40),
	"/" + strings.Repeat("x", 120), "/" + strings.Repeat("é", 70), strings.Repeat("/ab", 10) + "/" + strings.Repeat("é", 60),
	strings.Repeat("/a", 30) + strings.Repeat("b", 50) + "/c"}

func TestPointerStd(t *testing.T) {
	for _, p := range pointers {
		ours, std := Pointer(p), stdtext.Pointer(p)
		if got, want := ours.IsValid(), std.IsValid(); got != want {
			t.Errorf("%q.IsValid() = %v, std %v", p, got, want)
		}
		if got, want := string(ours.Parent()), string(std.Parent()); got != want {
			t.Errorf("%q.Parent() = %q, std %q", p, got, want)
		}
		if got, want := ours.LastToken(), std.LastToken(); got != want {
			t.Errorf("%q.LastToken() = %q, std %q", p, got, want)
		}
		if got, want := slices.Collect(ours.Tokens()), slices.Collect(std.Tokens()); !slices.Equal(got, want) {
			t.Errorf("%q.Tokens() = %q, std %q", p, got, want)
		}
		for _, tok := range []string{"", "x", "a/b", "~", "~1", "\xff", "é"} {
			if got, want := string(ours.AppendToken(tok)), string(std.AppendToken(tok)); got != want {
				t.Errorf("%q.AppendToken(%q) = %q, std %q", p, tok, got, want)
			}
		}
		for _, q := range pointers {
			if got, want := ours.Contains(Pointer(q)), std.Contains(stdtext.Pointer(q)); got != want {
				t.Errorf("%q.Contains(%q) = %v, std %v", p, q, got, want)
			}
		}
	}
}

func TestSyntacticErrorStd(t *testing.T) {
	errs := []error{nil, io.ErrUnexpectedEOF, errors.New("x")}
	for _, p := range pointers {
		for _, off := range []int64{0, 1, 1234} {
			for i, e := range errs {
				ours := &SyntacticError{ByteOffset: off, JSONPointer: Pointer(p), Err: e}
				std := &stdtext.SyntacticError{ByteOffset: off, JSONPointer: stdtext.Pointer(p), Err: e}
				if got, want := ours.Error(), std.Error(); got != want {
					t.Errorf("error %d at %d within %q:\n got %s\nwant %s", i, off, p, got, want)
				}
			}
			ours := &SyntacticError{ByteOffset: off, JSONPointer: Pointer(p), Err: ErrDuplicateName}
			std := &stdtext.SyntacticError{ByteOffset: off, JSONPointer: stdtext.Pointer(p), Err: stdtext.ErrDuplicateName}
			if got, want := ours.Error(), std.Error(); got != want {
				t.Errorf("duplicate at %d within %q:\n got %s\nwant %s", off, p, got, want)
			}
		}
	}
	if ErrNonStringName.Error() != stdtext.ErrNonStringName.Error() {
		t.Errorf("ErrNonStringName: %q, std %q", ErrNonStringName, stdtext.ErrNonStringName)
	}
}

// quoteInputs are string values for AppendQuote.
var quoteInputs = []string{"", "a", "abc", `"\`, "\x00\x01\x1f\x7f", "\b\f\n\r\t", "<>&", "\u2028\u2029",
	"é€😀", "a\xffb", "\xed\xa0\x80", "\xc0\x80", "\xf4\x90\x80\x80", "\xe2\x82", strings.Repeat("x", 100) + "\"",
	strings.Repeat("é\"\\\n", 40), strings.Repeat("a", 70) + "\xff"}

func checkQuote(t *testing.T, s string) {
	t.Helper()
	got, err := AppendQuote([]byte("x"), s)
	want, stdErr := stdtext.AppendQuote([]byte("x"), s)
	if !bytes.Equal(got, want) || errText(err) != errText(stdErr) {
		t.Errorf("AppendQuote(%q) = %q, %v; std %q, %v", s, got, err, want, stdErr)
	}
}

func TestAppendQuoteStd(t *testing.T) {
	for _, s := range quoteInputs {
		checkQuote(t, s)
	}
}

func FuzzAppendQuoteStd(f *testing.F) {
	for _, s := range quoteInputs {
		f.Add(s)
	}
	f.Fuzz(checkQuote)
}

// unquoteInputs are literals for AppendUnquote, most of them bad, each way that jsontext tells
// apart.
var unquoteInputs = []string{``, `"`, `""`, `"abc"`, `abc"`, ` "a"`, `"a" `, `"a"b`, `"a""`, `"ab`,
	`"\"\\\/\b\f\n\r\t"`, `"\x"`, `"\`, `"\u"`, `"\u12"`, `"\u12G4"`, `"\uG"`, `"\u0041"`, `"\u00e9"`,
	`"\ud83d\ude00"`, `"\ud83d"`, `"\ud83d`, `"\ud83d\`, `"\ud83d\u`, `"\ud83d\ud`, `"\ud83d\udc`, `"\ud83d\uda`,
	`"\ud83d\u0041"`, `"\ud83d\uzzzz"`, `"\ud83dx\u0041"`, `"\ude00"`, `"\ude00\ud83d"`, `"\ud83d\ude00\ud83d"`,
	"\"a\xffb\"", "\"a\xff", "\"a\xc3", "\"a\xc3\"", "\"\xed\xa0\x80\"", "\"\x01\"", "\"a\x7f\"", "\"\t\"",
	"\"\xff\\x\"", "\"\xff\x01\"", `"\ud83d\"`, `"\ud83d\ude00" `, "\"\xffé\"", "\"" + strings.Repeat("é\\n", 30) + "\"",
	"\"" + strings.Repeat("a", 40) + "\\q" + strings.Repeat("b", 40) + "\""}

func checkUnquote(t *testing.T, s string) {
	t.Helper()
	got, err := AppendUnquote([]byte("x"), s)
	want, stdErr := stdtext.AppendUnquote([]byte("x"), s)
	if !bytes.Equal(got, want) || errText(err) != errText(stdErr) {
		t.Errorf("AppendUnquote(%q) = %q, %v; std %q, %v", s, got, err, want, stdErr)
	}
}

func TestAppendUnquoteStd(t *testing.T) {
	for _, s := range unquoteInputs {
		checkUnquote(t, s)
	}
}

func FuzzAppendUnquoteStd(f *testing.F) {
	for _, s := range unquoteInputs {
		f.Add(s)
	}
	f.Fuzz(checkUnquote)
}

// floats are values for AppendFloat and the number tokens: the edges of plain notation, of the
// float32 and float64 ranges, and of the integer types.
var floats = []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1.0 / 3, 123.456, 1e-6, 9.999999e-7, 1e-7, 1e20, 1e21,
	9.99999999999999e20, 5e-324, math.SmallestNonzeroFloat32, 1e-46, math.MaxFloat32, 3.5e38, 1e39, math.MaxFloat64,
	1 << 53, 1<<53 + 1, 1 << 63, -1 << 63, 1 << 64, 1.5, -2.5, 1e300, math.NaN(), math.Inf(1), math.Inf(-1)}

func checkFloat(t *testing.T, f float64) {
	t.Helper()
	for _, bits := range []int{32, 64} {
		if got, want := AppendFloat(nil, f, bits), stdtext.AppendFloat(nil, f, bits); !bytes.Equal(got, want) {
			t.Errorf("AppendFloat(%v, %d) = %s, std %s", f, bits, got, want)
		}
	}
}

func TestAppendFloatStd(t *testing.T) {
	for _, f := range floats {
		checkFloat(t, f)
	}
}

func FuzzAppendFloatStd(f *testing.F) {
	for _, v := range floats {
		f.Add(math.Float64bits(v))
	}
	f.Fuzz(func(t *testing.T, b uint64) { checkFloat(t, math.Float64frombits(b)) })
}

// tokenResults returns what each accessor of a token gives, panics included.
func tokenResults[T interface {
	Kind() K
	String() string
	Int() (int64, error)
	Uint() (uint64, error)
	Float() (float64, error)
	Float32() (float32, error)
	Bool() bool
}, K fmt.Stringer](tok T) []string {
	try := func(f func() string) (s string) {
		defer func() {
			if r := recover(); r != nil {
				s = fmt.Sprint("panic: ", r)
			}
		}()
		return f()
	}
	return []string{
		try(func() string { return tok.Kind().String() }),
		try(func() string { return tok.String() }),
		try(func() string { v, err := tok.Int(); return fmt.Sprint(v, " ", errText(err)) }),
		try(func() string { v, err := tok.Uint(); return fmt.Sprint(v, " ", errText(err)) }),
		try(func() string { v, err := tok.Float(); return fmt.Sprint(math.Float64bits(v), " ", errText(err)) }),
		try(func() string { v, err := tok.Float32(); return fmt.Sprint(math.Float32bits(v), " ", errText(err)) }),
		try(func() string { return fmt.Sprint(tok.Bool()) }),
	}
}

func checkTokens(t *testing.T, name string, ours Token, std stdtext.Token) {
	t.Helper()
	if got, want := tokenResults(ours), tokenResults(std); !slices.Equal(got, want) {
		t.Errorf("%s:\n got %q\nwant %q", name, got, want)
	}
	if got, want := tokenResults(ours.Clone()), tokenResults(std.Clone()); !slices.Equal(got, want) {
		t.Errorf("%s, cloned:\n got %q\nwant %q", name, got, want)
	}
}

func TestTokenConstructorsStd(t *testing.T) {
	checkTokens(t, "zero", Token{}, stdtext.Token{})
	for _, b := range []bool{false, true} {
		checkTokens(t, fmt.Sprint("Bool ", b), Bool(b), stdtext.Bool(b))
	}
	checkTokens(t, "Null", Null, stdtext.Null)
	for _, tok := range []struct {
		name string
		ours Token
		std  stdtext.Token
	}{{"{", BeginObject, stdtext.BeginObject}, {"}", EndObject, stdtext.EndObject},
		{"[", BeginArray, stdtext.BeginArray}, {"]", EndArray, stdtext.EndArray}} {
		checkTokens(t, tok.name, tok.ours, tok.std)
	}
	for _, s := range append(quoteInputs, "NaN", "Infinity", "-Infinity", "1", "-0") {
		checkTokens(t, fmt.Sprintf("String %q", s), String(s), stdtext.String(s))
	}
	for _, f := range floats {
		checkTokens(t, fmt.Sprint("Float ", f), Float(f), stdtext.Float(f))
		checkTokens(t, fmt.Sprint("Float32 ", f), Float32(float32(f)), stdtext.Float32(float32(f)))
	}
	for _, n := range []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 1 << 53} {
		checkTokens(t, fmt.Sprint("Int ", n), Int(n), stdtext.Int(n))
		checkTokens(t, fmt.Sprint("Uint ", uint64(n)), Uint(uint64(n)), stdtext.Uint(uint64(n)))
	}
}

// tokenDocs are documents whose tokens the standard Decoder reads, for the raw tokens.
var tokenDocs = []string{`[null,true,false,"",{},[]]`, `["a","\u00e9\n","\ud83d\ude00","NaN","Infinity","-Infinity"]`,
	`[0,-0,1,-1,1.5,-1.5,1e3,1E+3,1e-3,0.5e1,9223372036854775807,9223372036854775808,-9223372036854775808,
	-9223372036854775809,18446744073709551615,18446744073709551616,1e19,1e20,123456789012345678901234567890,
	1e400,-1e400,3.5e38,1e-400,4.9e-324,2.5e-45,0.0,1.0,100e-2]`}

// TestTokenRawStd holds the tokens a Decoder returns, made here from their text (rawToken) as the
// Decoder will make them, to the standard Decoder's.
func TestTokenRawStd(t *testing.T) {
	for _, doc := range tokenDocs {
		d := stdtext.NewDecoder(strings.NewReader(doc))
		for {
			before := d.InputOffset()
			std, err := d.ReadToken()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			text := strings.TrimLeft(doc[before:d.InputOffset()], " \t\r\n,:")
			checkTokens(t, "raw "+text, rawToken(text), std)
		}
	}
}

func FuzzTokenRawStd(f *testing.F) {
	f.Add("1e3")
	f.Add(`"a\u0041"`)
	f.Fuzz(func(t *testing.T, text string) {
		d := stdtext.NewDecoder(strings.NewReader(text))
		std, err := d.ReadToken()
		if err != nil || std.Kind() == '{' || std.Kind() == '[' || d.InputOffset() != int64(len(text)) {
			return
		}
		checkTokens(t, "raw "+text, rawToken(strings.TrimLeft(text, " \t\r\n")), std)
	})
}

func TestOptionsStd(t *testing.T) {
	for _, indent := range []string{"", " ", "\t", "  x", "\n", "é"} {
		for _, f := range []struct {
			name string
			ours func(string) Options
			std  func(string) stdtext.Options
		}{{"WithIndent", WithIndent, stdtext.WithIndent}, {"WithIndentPrefix", WithIndentPrefix, stdtext.WithIndentPrefix}} {
			got, want := recovered(func() { f.ours(indent) }), recovered(func() { f.std(indent) })
			if got != want {
				t.Errorf("%s(%q) panics with %q, std %q", f.name, indent, got, want)
			}
		}
	}
}

// valueInputs are documents for Value's methods.
var valueInputs = []string{"", " ", "null", " true ", "01", "1x", "[1,]", `{"a":1,"a":2}`, "\"\xff\"", `"\ud800"`,
	`"\ud800\udc00"`, `{"a":{"b":1},"b":[1,2,{"a":null}]}`, "[1]\n", "1 2", "\ufeff1", "[" + strings.Repeat("[", 10001),
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000), strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	`{"\u0061":1,"a":2}`, `{"a\ud800":1,"a\udbff":2}`, "-0.0e-0", "1.", "\"\x7f\"", "[\n\t1 ,\r\n2 ]"}

func checkValue(t *testing.T, s string) {
	t.Helper()
	for _, opts := range [][2]Options{{}, {AllowDuplicateNames(true)}, {AllowInvalidUTF8(true)},
		{AllowDuplicateNames(true), AllowInvalidUTF8(true)}} {
		var std []stdtext.Options
		for _, o := range opts {
			if o != nil {
				v, _ := o.(jsonopts.Bools)
				std = append(std, map[jsonopts.Bools]stdtext.Options{
					jsonopts.AllowDuplicateNames | jsonopts.On: stdtext.AllowDuplicateNames(true),
					jsonopts.AllowInvalidUTF8 | jsonopts.On:    stdtext.AllowInvalidUTF8(true),
				}[v])
			}
		}
		if got, want := Value(s).IsValid(opts[:]...), stdtext.Value(s).IsValid(std...); got != want {
			t.Errorf("Value(%.40q).IsValid(%v) = %v, std %v", s, opts, got, want)
		}
	}
	if got, want := Value(s).Kind(), Kind(stdtext.Value(s).Kind()); got != want {
		t.Errorf("Value(%q).Kind() = %v, std %v", s, got, want)
	}
}

func TestValueStd(t *testing.T) {
	for _, s := range valueInputs {
		checkValue(t, s)
	}
	for _, s := range unquoteInputs {
		checkValue(t, s)
	}
}

func FuzzValueStd(f *testing.F) {
	for _, s := range valueInputs {
		f.Add(s)
	}
	f.Fuzz(checkValue)
}
