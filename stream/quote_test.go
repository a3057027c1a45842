package stream

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/corpus"
)

// stdQuote is encoding/json's quoting of s: json.Marshal, or an Encoder with SetEscapeHTML(false).
func stdQuote(t testing.TB, s string, html bool) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	if html {
		if m, _ := json.Marshal(s); !bytes.Equal(m, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))) {
			t.Fatalf("json.Marshal and Encoder disagree on %q", s)
		}
	}
	return string(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// checkPresets holds the encoding/json presets to encoding/json's own output for s.
func checkPresets(t testing.TB, s string) {
	for _, tc := range []struct {
		e    *Escaper
		html bool
	}{{EncodingJSON, true}, {EncodingJSONNoHTML, false}} {
		want := stdQuote(t, s, tc.html)
		got, err := tc.e.AppendQuote([]byte("x"), s)
		if err != nil || string(got) != "x"+want {
			t.Fatalf("html=%v: AppendQuote(%q)\n got %q, %v\nwant %q", tc.html, s, got, err, want)
		}
		got, err = tc.e.AppendQuoteBytes(nil, []byte(s))
		if err != nil || string(got) != want {
			t.Fatalf("html=%v: AppendQuoteBytes(%q)\n got %q, %v\nwant %q", tc.html, s, got, err, want)
		}
	}
}

// stdQuotePieces is encoding/json's quoting of s, but with each invalid UTF-8 byte written as repl:
// the valid runs between invalid bytes are quoted by encoding/json one by one. Both implementations
// of encoding/json quote valid text alike (checked by checkPresets against the one running), and
// differ only in how they spell an invalid byte, so this is the output of either.
func stdQuotePieces(t testing.TB, s string, html bool, repl string) string {
	var b strings.Builder
	b.WriteByte('"')
	run := 0 // s[run:i] is valid text not yet written
	flush := func(i int) {
		if i > run {
			q := stdQuote(t, s[run:i], html)
			b.WriteString(q[1 : len(q)-1])
		}
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			flush(i)
			b.WriteString(repl)
			run = i + 1
		}
		i += n
	}
	flush(len(s))
	b.WriteByte('"')
	return b.String()
}

// checkNamedPresets holds the Legacy and OnV2 presets to encoding/json's output for s, with invalid
// UTF-8 spelled as each implementation spells it, and EncodingJSON to the one of the build.
func checkNamedPresets(t testing.TB, s string) {
	for _, tc := range []struct {
		e          *Escaper
		html, onV2 bool
	}{
		{EncodingJSONLegacy, true, false}, {EncodingJSONLegacyNoHTML, false, false},
		{EncodingJSONOnV2, true, true}, {EncodingJSONOnV2NoHTML, false, true},
	} {
		repl := `\ufffd` // the legacy encoding/json (Go 1.26; Go 1.27 with GOEXPERIMENT=nojsonv2)
		if tc.onV2 {
			repl = "\uFFFD" // the one on encoding/json/v2 (Go 1.27; Go 1.26 with GOEXPERIMENT=jsonv2)
		}
		want := stdQuotePieces(t, s, tc.html, repl)
		if tc.onV2 == onV2 {
			want = stdQuote(t, s, tc.html) // the running encoding/json is this preset's own
		}
		got, err := tc.e.AppendQuote(nil, s)
		if err != nil || string(got) != want {
			t.Fatalf("%b AppendQuote(%q)\n got %q, %v\nwant %q", tc.e.Flags(), s, got, err, want)
		}
	}
}

// TestNamedPresets checks the presets named for one implementation of encoding/json, on any
// toolchain, and that EncodingJSON and EncodingJSONNoHTML are those of the build.
func TestNamedPresets(t *testing.T) {
	build, buildNoHTML := EncodingJSONLegacy, EncodingJSONLegacyNoHTML
	if onV2 {
		build, buildNoHTML = EncodingJSONOnV2, EncodingJSONOnV2NoHTML
	}
	if EncodingJSON != build || EncodingJSONNoHTML != buildNoHTML {
		t.Fatalf("EncodingJSON is not the preset of the build (goexperiment.jsonv2 = %v)", onV2)
	}
	corpus.QuoteInputs(func(s string) { checkNamedPresets(t, s) })
	for _, s := range []string{"\xff", "a\xffb\xfe", "\xe2\x82", "\xe2\x82\xac\xe2", "\ufffd\xff", "<\xff>\u2028&"} {
		checkNamedPresets(t, s)
	}
	for c := 0; c < 256; c++ {
		checkNamedPresets(t, corpus.PlainRun(c%19)+string([]byte{byte(c)})+corpus.PlainRun(c%7))
	}
}

func stringCorpus() []string {
	return []string{
		corpus.VAST(corpus.VASTLen), corpus.VASTPlain(corpus.VASTLen), corpus.VASTQuoteAt(corpus.VASTLen, 1),
		corpus.VASTQuoteAt(corpus.VASTLen, corpus.VASTLen-1), corpus.NonASCII(corpus.NonASCIILen),
		corpus.Short32, corpus.Plain64,
	}
}

func TestPresetsMatchEncodingJSON(t *testing.T) {
	corpus.QuoteInputs(func(s string) { checkPresets(t, s) })
	for _, s := range stringCorpus() {
		checkPresets(t, s)
	}
	for c := 0; c < 256; c++ {
		checkPresets(t, corpus.PlainRun(c%19)+string([]byte{byte(c)})+corpus.PlainRun(c%7))
		checkPresets(t, string(rune(c)))
	}
}

// TestAppendQuoteDecodes checks the minimal policy against encoding/json's decoder: the literal is
// valid JSON for the input, with no escapes beyond what JSON needs.
func TestAppendQuoteDecodes(t *testing.T) {
	corpus.QuoteInputs(func(s string) {
		q, err := AppendQuote(nil, s)
		if err != nil {
			t.Fatal(err)
		}
		var v string
		if err := json.Unmarshal(q, &v); err != nil || v != string([]rune(s)) {
			t.Fatalf("AppendQuote(%q) = %s does not decode back: %q, %v", s, q, v, err)
		}
		if bytes.Contains(q, []byte(`\u003c`)) || bytes.Contains(q, []byte(`\u2028`)) {
			t.Fatalf("AppendQuote(%q) = %s escapes more than JSON needs", s, q)
		}
	})
}

func TestEscaperPolicies(t *testing.T) {
	for _, tc := range []struct {
		e        *Escaper
		in, want string
	}{
		{Minimal, "a\"b\\c\n\x01</\u2028é", `"a\"b\\c\n\u0001</` + "\u2028é\""},
		{NewEscaper(EscapeSlash, ""), "a/b", `"a\/b"`},
		{NewEscaper(EscapeNonASCII, ""), "é中😀\xff", `"\u00e9\u4e2d\ud83d\ude00\ufffd"`},
		{NewEscaper(0, "'=#"), "a'b=c#d", `"a\u0027b\u003dc\u0023d"`},
		{NewEscaper(0, "\"\n"), "\"\n", `"\"\n"`}, // JSON's own escapes are kept
		{NewEscaper(EscapeHTML, "!$'()*+,;="), "<x!y$'(=)>", `"\u003cx\u0021y\u0024\u0027\u0028\u003d\u0029\u003e"`},
		{NewEscaper(EscapeLineTerminators, ""), "\u2028\u2029\u2027", `"\u2028\u2029` + "\u2027\""},
	} {
		got, err := tc.e.AppendQuote(nil, tc.in)
		if err != nil || string(got) != tc.want {
			t.Errorf("%b AppendQuote(%q) = %s, %v; want %s", tc.e.Flags(), tc.in, got, err, tc.want)
		}
	}
}

func TestRejectInvalidUTF8(t *testing.T) {
	e := NewEscaper(EscapeHTML|RejectInvalidUTF8, "")
	dst := []byte("keep")
	got, err := e.AppendQuote(dst, "ok é \xe2\x82 after")
	var u *InvalidUTF8Error
	if !errors.As(err, &u) || u.Offset != 6 || string(got) != "keep" {
		t.Fatalf("AppendQuote = %q, %v; want dst unchanged and invalid UTF-8 at offset 6", got, err)
	}
	if err.Error() != "stride: invalid UTF-8 at offset 6" {
		t.Errorf("message %q", err)
	}
	if _, err := e.AppendQuote(nil, "valid é"); err != nil {
		t.Errorf("valid input rejected: %v", err)
	}
}

func TestQuoteZeroAllocs(t *testing.T) {
	dst := make([]byte, 0, 8*corpus.VASTLen)
	escapers := map[string]*Escaper{"minimal": Minimal, "encoding/json": EncodingJSON,
		"nonascii": NewEscaper(EscapeNonASCII|EscapeSlash, "#"), "table": NewEscaper(EscapeHTML|EscapeSlash, "!=")}
	for _, s := range stringCorpus() {
		b := []byte(s)
		for name, e := range escapers {
			if n := testing.AllocsPerRun(100, func() { _, _ = e.AppendQuote(dst, s) }); n != 0 {
				t.Errorf("%s: AppendQuote(string of %d bytes) allocates %v times", name, len(s), n)
			}
			if n := testing.AllocsPerRun(100, func() { _, _ = e.AppendQuoteBytes(dst, b) }); n != 0 {
				t.Errorf("%s: AppendQuoteBytes allocates %v times", name, n)
			}
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = AppendQuote(dst, s) }); n != 0 {
			t.Errorf("AppendQuote allocates %v times", n)
		}
	}
}

func FuzzQuoteEncodingJSON(f *testing.F) {
	for _, s := range corpus.QuoteStops {
		f.Add(corpus.PlainRun(5) + s + corpus.PlainRun(10) + s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkPresets(t, s)
		checkNamedPresets(t, s)
	})
}
