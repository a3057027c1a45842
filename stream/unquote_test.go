package stream

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/corpus"
)

// checkUnquote holds AppendUnquote to json.Unmarshal into a string: both accept with the same value,
// or both reject. The strict form accepts exactly the literals whose value needs no replacement.
func checkUnquote(t testing.TB, lit string) {
	var want string
	stdErr := json.Unmarshal([]byte(lit), &want)
	if stdErr == nil && (len(lit) == 0 || lit[0] != '"' || lit[len(lit)-1] != '"') {
		return // json.Unmarshal skips white space around a value; a literal here has none
	}
	for _, asBytes := range []bool{false, true} {
		var got []byte
		var err error
		if asBytes {
			got, err = AppendUnquote([]byte("x"), []byte(lit))
		} else {
			got, err = AppendUnquote([]byte("x"), lit)
		}
		if (err == nil) != (stdErr == nil) || err == nil && string(got) != "x"+want {
			t.Fatalf("AppendUnquote(%q) = %q, %v; encoding/json gives %q, %v", lit, got, err, want, stdErr)
		}
		if err != nil && string(got) != "x" {
			t.Fatalf("AppendUnquote(%q) changed dst on error: %q", lit, got)
		}
	}
	got, err := AppendUnquoteStrict(nil, lit)
	if stdErr != nil && err == nil {
		t.Fatalf("AppendUnquoteStrict(%q) accepted what encoding/json rejects: %v", lit, stdErr)
	}
	if stdErr == nil {
		clean := utf8.ValidString(lit) && !strings.Contains(want, "\uFFFD")
		if clean && (err != nil || string(got) != want) {
			t.Fatalf("AppendUnquoteStrict(%q) = %q, %v; want %q", lit, got, err, want)
		}
		if !utf8.ValidString(lit) && err == nil {
			t.Fatalf("AppendUnquoteStrict(%q) accepted invalid UTF-8", lit)
		}
	}
}

func TestUnquoteMatchesEncodingJSON(t *testing.T) {
	corpus.UnquoteInputs(func(lit string) { checkUnquote(t, lit) })
	for _, s := range stringCorpus() {
		q, _ := AppendQuote(nil, s)
		checkUnquote(t, string(q))
		q, _ = NewEscaper(EscapeNonASCII|EscapeHTML|EscapeSlash, "").AppendQuote(nil, s)
		checkUnquote(t, string(q))
	}
	for c := 0; c < 256; c++ {
		checkUnquote(t, `"ab`+string([]byte{byte(c)})+`cd"`)
		checkUnquote(t, `"ab\`+string([]byte{byte(c)})+`cd"`)
	}
}

func TestUnquoteErrors(t *testing.T) {
	for _, tc := range []struct {
		lit    string
		strict bool
		offset int64
		msg    string
	}{
		{`"abc`, false, 4, "unterminated string literal"},
		{`abc"`, false, 0, `string literal must start with '"'`},
		{"\"ab\ncd\"", false, 3, `invalid control character '\n' in string literal`},
		{`"ab\qcd"`, false, 4, `invalid character 'q' in string escape`},
		{`"ab\u12x4"`, false, 3, "invalid hexadecimal escape in string literal"},
		{`"ab" `, false, 4, "invalid character after string literal"},
		{`"a\ud800b"`, true, 2, "unpaired surrogate escape in string literal"},
	} {
		var err error
		if tc.strict {
			_, err = AppendUnquoteStrict(nil, tc.lit)
		} else {
			_, err = AppendUnquote(nil, tc.lit)
		}
		var se *SyntaxError
		if !errors.As(err, &se) || se.Offset != tc.offset || se.Msg != tc.msg {
			t.Errorf("AppendUnquote(%q) error %v; want %q at offset %d", tc.lit, err, tc.msg, tc.offset)
		}
	}
	_, err := AppendUnquoteStrict(nil, "\"ab\xffc\"")
	var u *InvalidUTF8Error
	if !errors.As(err, &u) || u.Offset != 3 {
		t.Errorf("strict invalid UTF-8: %v", err)
	}
	if got, err := AppendUnquote(nil, "\"a\xffb\\udc00\""); err != nil || string(got) != "a\uFFFDb\uFFFD" {
		t.Errorf("replacement: %q, %v", got, err)
	}
}

func TestUnquoteZeroAllocs(t *testing.T) {
	dst := make([]byte, 0, 4*corpus.VASTLen)
	for _, s := range stringCorpus() {
		for _, e := range []*Escaper{Minimal, NewEscaper(EscapeNonASCII, "")} {
			q, _ := e.AppendQuote(nil, s)
			if n := testing.AllocsPerRun(100, func() { _, _ = AppendUnquote(dst, q) }); n != 0 {
				t.Errorf("AppendUnquote([]byte) allocates %v times", n)
			}
			qs := string(q)
			if n := testing.AllocsPerRun(100, func() { _, _ = AppendUnquote(dst, qs) }); n != 0 {
				t.Errorf("AppendUnquote(string) allocates %v times", n)
			}
		}
	}
}

func FuzzUnquoteEncodingJSON(f *testing.F) {
	for _, s := range corpus.UnquoteStops {
		f.Add(`"` + corpus.PlainRun(5) + s + corpus.PlainRun(10) + s + `"`)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkUnquote(t, s)
		checkUnquote(t, `"`+s+`"`)
		// The round trip through every preset gives back the input, invalid bytes replaced.
		for _, e := range []*Escaper{Minimal, EncodingJSON, NewEscaper(EscapeNonASCII|EscapeSlash, "#")} {
			q, _ := e.AppendQuote(nil, s)
			v, err := AppendUnquoteStrict(nil, q)
			if err != nil || string(v) != string([]rune(s)) {
				t.Fatalf("unquote(quote(%q)) = %q, %v", s, v, err)
			}
		}
	})
}
