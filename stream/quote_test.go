package stream

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

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
	f.Fuzz(func(t *testing.T, s string) { checkPresets(t, s) })
}
