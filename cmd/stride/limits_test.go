package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stridejson/stride/stream"
)

// limitFlag tells the Reader's limit errors from the rest by their message: each form is made here
// by a real Reader, so that a change of wording in stream fails this test.
func TestLimitFlag(t *testing.T) {
	tests := []struct {
		in   string
		opts stream.ReaderOptions
		want string
	}{
		{`["` + strings.Repeat("a", 300) + `"]`, stream.ReaderOptions{MaxTokenSize: 128}, "--max-token-size"},
		{`{"` + strings.Repeat("a", 300) + `": 1}`, stream.ReaderOptions{MaxTokenSize: 128}, "--max-token-size"},
		{`[` + strings.Repeat("1", 300) + `]`, stream.ReaderOptions{MaxTokenSize: 128}, "--max-token-size"},
		{`[1, 2, 3, 4]`, stream.ReaderOptions{MaxInputSize: 5}, "--max-input-size"},
		{`[[[{"a": [1]}]]]`, stream.ReaderOptions{MaxDepth: 4}, "--max-depth"},
		{`[[[[1]]]]`, stream.ReaderOptions{MaxDepth: 3}, "--max-depth"},
		// Errors that are not limits, some with the wording of one in what they quote.
		{`{"token exceeds the limit of 1": 1, "token exceeds the limit of 1": 2}`, stream.ReaderOptions{RejectDuplicateNames: true}, ""},
		{`{"nesting depth exceeds the limit of ": 1, "nesting depth exceeds the limit of ": 2}`, stream.ReaderOptions{RejectDuplicateNames: true}, ""},
		{"[\"\xff\"]", stream.ReaderOptions{StrictStrings: true}, ""},
		{`[1, 2`, stream.ReaderOptions{MaxTokenSize: 128}, ""},
		{`[tru]`, stream.ReaderOptions{}, ""},
	}
	for _, tt := range tests {
		r := stream.NewStreamReader(strings.NewReader(tt.in), tt.opts)
		err := validate(r, false)
		var se *stream.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%.40q: got %v, want a *stream.SyntaxError", tt.in, err)
			continue
		}
		if got := limitFlag(se); got != tt.want {
			t.Errorf("%.40q: %q: limitFlag = %q, want %q", tt.in, se.Msg, got, tt.want)
		}
	}
}

// The defaults are what the help texts and the README say: 64 MiB and 10,000 levels.
func TestDefaultLimits(t *testing.T) {
	var rf readFlags
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	rf.register(fs, true)
	if err := fs.Parse(nil); err != nil {
		t.Fatal(err)
	}
	o := rf.options()
	if o.MaxTokenSize != 64<<20 || o.MaxDepth != 10_000 || o.MaxInputSize != 0 || o.StrictStrings || o.RejectDuplicateNames {
		t.Errorf("default options %+v", o)
	}
	if d := fs.Lookup("max-token-size").DefValue; d != "64MiB" {
		t.Errorf("--max-token-size default shown as %q", d)
	}
	for _, s := range []string{validateSummary, fmtSummary} {
		if !strings.Contains(s, "64 MiB") {
			t.Errorf("help text lacks the default token limit (64 MiB):\n%s", s)
		}
	}
	if !strings.Contains(validateSummary, "deeper than 10,000") {
		t.Error("validate help lacks the default depth limit (10,000)")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(readme, []byte("may be up to 64 MiB")) || !bytes.Contains(readme, []byte("4 a limit reached")) {
		t.Error("README lacks the default token limit (64 MiB) or exit code 4")
	}
	if testing.Short() {
		return
	}
	// The limit itself, with no flag: a string token (with its quotes) of 64 MiB is read, one byte
	// more is a limit reached.
	for _, n := range []int{64 << 20, 64<<20 + 1} {
		src := io.MultiReader(strings.NewReader(`"`), io.LimitReader(repeatReader('a'), int64(n-2)), strings.NewReader(`"`))
		var stderr bytes.Buffer
		code := run([]string{"fmt"}, src, io.Discard, &stderr)
		want := exitOK
		if n > 64<<20 {
			want = exitLimit
		}
		if code != want || (want == exitLimit) != strings.Contains(stderr.String(), "limit reached, not a JSON error") {
			t.Errorf("string token of %d bytes: exit %d, want %d; stderr:\n%.300s", n, code, want, stderr.String())
		}
	}
	// validate steps over a string longer than the limit in constant room.
	src := io.MultiReader(strings.NewReader(`"`), io.LimitReader(repeatReader('a'), 80<<20), strings.NewReader(`"`))
	if code := run([]string{"validate"}, src, io.Discard, io.Discard); code != exitOK {
		t.Errorf("validate of an 80 MiB string: exit %d", code)
	}
}

// repeatReader reads as an endless run of its byte.
type repeatReader byte

func (c repeatReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(c)
	}
	return len(p), nil
}

func TestByteSize(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "17": 17, "4KiB": 4096, "4K": 4096, "3MiB": 3 << 20, "2M": 2 << 20, "1GiB": 1 << 30, "8G": 8 << 30} {
		var s byteSize
		if err := s.Set(in); err != nil || int64(s) != want {
			t.Errorf("Set(%q) = %d, %v; want %d", in, s, err, want)
		}
	}
	for _, in := range []string{"", "K", "-1", "-1K", "1.5M", "1 MiB", "1MB", "1k", "9223372036854775807K", "x"} {
		var s byteSize
		if err := s.Set(in); err == nil {
			t.Errorf("Set(%q) = %d, want an error", in, s)
		}
	}
	for n, want := range map[byteSize]string{0: "0", 1000: "1000", 4096: "4KiB", 64 << 20: "64MiB", 3 << 30: "3GiB", 1<<20 + 1: "1048577"} {
		if got := n.String(); got != want {
			t.Errorf("byteSize(%d).String() = %q, want %q", int64(n), got, want)
		}
	}
}
