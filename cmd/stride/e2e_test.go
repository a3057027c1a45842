package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// binary is the stride command built once for the end-to-end tests; skip says why they cannot run
// (no go command, or a binary this machine cannot run, as under qemu-user).
var binary, skip string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "stride-e2e")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "stride")
	if runtime.GOOS == "windows" {
		binary += ".exe"
	}
	if goTool, err := exec.LookPath("go"); err != nil {
		skip = "no go command on PATH"
	} else if out, err := exec.Command(goTool, "build", "-o", binary, ".").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		os.Stderr.Write(out)
		panic(err)
	} else if err := exec.Command(binary, "--help").Run(); err != nil {
		skip = "cannot run the built binary: " + err.Error()
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is what a run of the binary gave.
type result struct {
	stdout, stderr string
	code           int
}

// runBin runs the binary with args in dir, with stdin as standard input.
func runBin(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	if skip != "" {
		t.Skip(skip)
	}
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return result{stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()}
}

// files writes name/content pairs into a new directory and returns it.
func files(t *testing.T, nameContent ...string) string {
	t.Helper()
	dir := t.TempDir()
	for i := 0; i < len(nameContent); i += 2 {
		if err := os.WriteFile(filepath.Join(dir, nameContent[i]), []byte(nameContent[i+1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func (r result) check(t *testing.T, code int, stdout, stderr string) {
	t.Helper()
	if r.code != code || r.stdout != stdout || r.stderr != stderr {
		t.Errorf("got exit %d\n--- stdout:\n%s--- stderr:\n%s\nwant exit %d\n--- stdout:\n%s--- stderr:\n%s",
			r.code, r.stdout, r.stderr, code, stdout, stderr)
	}
}

const good = `{"name": "Gopher", "tags": ["a", "é", "<b>"], "n": [1, -2.5e3, 0.1], "ok": true, "x": null, "e": {}, "f": []}`

func TestValidateGood(t *testing.T) {
	dir := files(t, "a.json", good, "b.json", "1 2 [3]\n\"s\"", "c.json", "\n\t"+good+"\n")
	runBin(t, dir, "", "validate", "a.json", "b.json", "c.json").check(t, 0, "", "")
	runBin(t, dir, good, "validate").check(t, 0, "", "")
	runBin(t, dir, good, "validate", "-", "a.json").check(t, 0, "", "")
}

func TestValidateErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{\"a\": [1, 2,\n  {\"b\": tru}]}", "f.json:2:12: invalid character '}' in literal true (within /a/2/b)\n" +
			"      {\"b\": tru}]}\n" +
			"               ^\n"},
		{"[1, 2", "f.json:1:6: unexpected end of input in array\n" +
			"    [1, 2\n" +
			"         ^\n"},
		{"", "f.json:1:1: unexpected end of input\n    \n    ^\n"},
		{"{\n\t\"k\": [01]\n}", "f.json:2:9: invalid character '1' in number (within /k/0)\n" +
			"    \t\"k\": [01]\n" +
			"    \t       ^\n"},
		{"{\"café\": x}", "f.json:1:11: invalid character 'x' where a value should begin (within /café)\n" +
			"    {\"café\": x}\n" +
			"             ^\n"},
		{"[\"" + strings.Repeat("a", 100) + "\x01\"]", "f.json:1:103: invalid control character '\\x01' in string literal (within /0)\n" +
			"    ..." + strings.Repeat("a", 60) + "?\"]\n" +
			"       " + strings.Repeat(" ", 60) + "^\n"},
		{"{} x", "f.json:1:4: invalid character 'x' where a value should begin\n    {} x\n       ^\n"},
	}
	for _, tt := range tests {
		dir := files(t, "f.json", tt.in)
		r := runBin(t, dir, "", "validate", "f.json")
		if r.code != 1 || r.stdout != "" {
			t.Errorf("validate %q: exit %d, stdout %q", tt.in, r.code, r.stdout)
		}
		if r.stderr != tt.want {
			t.Errorf("validate %q:\n got:\n%s\nwant:\n%s", tt.in, r.stderr, tt.want)
		}
	}
}

// A limit reached is not invalid JSON: it is said so, with exit code 4, and a flag raises the limit.
// The token limit is tested small (TestDefaultLimits checks the default of 64 MiB).
func TestValidateLimits(t *testing.T) {
	long := `{"k": ["` + strings.Repeat("a", 5000) + `"]}`
	deep := strings.Repeat("[", 5) + strings.Repeat("]", 5)
	dir := files(t, "long.json", long, "deep.json", deep, "bad.json", "[1,]")
	if !json.Valid([]byte(long)) || !json.Valid([]byte(deep)) {
		t.Fatal("test inputs are not valid JSON")
	}
	runBin(t, dir, "", "validate", "--max-token-size", "4KiB", "long.json").check(t, 4, "",
		"long.json:1:8: limit reached, not a JSON error: token exceeds the limit of 4096 bytes (raise it with --max-token-size) (within /k/0)\n"+
			"    {\"k\": [\""+strings.Repeat("a", 59)+"...\n"+
			"           ^\n")
	runBin(t, dir, "", "validate", "--max-token-size", "8K", "long.json").check(t, 0, "", "")
	runBin(t, dir, "", "validate", "--max-token-size", "5010", "long.json").check(t, 0, "", "")
	runBin(t, dir, long, "fmt", "--compact", "--max-token-size", "8KiB").check(t, 0, long[:5]+long[6:]+"\n", "")
	if r := runBin(t, dir, long, "fmt", "--max-token-size", "4096"); r.code != 4 || !strings.Contains(r.stderr, "limit reached") {
		t.Errorf("fmt at the token limit: %+v", r)
	}

	runBin(t, dir, "", "validate", "--max-depth", "4", "deep.json").check(t, 4, "",
		"deep.json:1:5: limit reached, not a JSON error: nesting depth exceeds the limit of 4 (raise it with --max-depth) (within /0/0/0/0)\n"+
			"    [[[[[]]]]]\n"+
			"        ^\n")
	runBin(t, dir, "", "validate", "--max-depth", "5", "deep.json").check(t, 0, "", "")
	// A deep document's pointer is shortened in the message, as the library's error is.
	deeper := strings.Repeat("[", 10_001) + strings.Repeat("]", 10_001)
	if r := runBin(t, dir, deeper, "validate"); r.code != 4 || len(r.stderr) > 600 ||
		!strings.Contains(r.stderr, "(within /0/0/0/") || !strings.Contains(r.stderr, "…/0/0") {
		t.Errorf("validate of a document 10,001 deep: exit %d, %d bytes: %.300q", r.code, len(r.stderr), r.stderr)
	}
	runBin(t, dir, deep+"\n", "ndjson", "--max-depth", "4").check(t, 4, "",
		"<stdin>:1:5: limit reached, not a JSON error: nesting depth exceeds the limit of 4 (raise it with --max-depth) (within /0/0/0/0)\n"+
			"    [[[[[]]]]]\n"+
			"        ^\n")

	runBin(t, dir, "[1, 2, 3]", "validate", "--max-input-size", "4").check(t, 4, "",
		"<stdin>:1:5: limit reached, not a JSON error: input exceeds the limit of 4 bytes (raise it with --max-input-size)\n"+
			"    [1, 2, 3]\n"+
			"        ^\n")
	runBin(t, dir, "[1, 2, 3]", "validate", "--max-input-size", "9").check(t, 0, "", "")

	// A limit reached outranks invalid JSON (the highest code applies).
	if r := runBin(t, dir, "", "validate", "--max-depth", "4", "bad.json", "deep.json"); r.code != 4 {
		t.Errorf("bad and deep: exit %d, want 4", r.code)
	}
	for _, args := range [][]string{
		{"validate", "--max-token-size", "0"}, {"validate", "--max-token-size", "-1"},
		{"validate", "--max-token-size", "1X"}, {"fmt", "--max-token-size", "99999999999G"},
		{"validate", "--max-depth", "0"}, {"ndjson", "--max-depth", "-3"},
		{"ndjson", "--max-token-size", "1M"}, // ndjson holds each line in memory: no token limit
	} {
		if r := runBin(t, dir, "1", args...); r.code != 2 || r.stderr == "" {
			t.Errorf("%q: %+v, want a usage error", args, r)
		}
	}
}

// The strict checks of the library: valid JSON that breaks one asked for is reported with exit 1.
func TestValidateStrict(t *testing.T) {
	dups := `{"a": 1, "b": {"x": 1, "\u0078": 2}}`
	utf8 := "[\"ok\", \"\xff\"]"
	surrogate := `{"s": "\ud800"}`
	for _, in := range []string{dups, utf8, surrogate} {
		var v any
		if err := json.Unmarshal([]byte(in), &v); err != nil { // valid for encoding/json
			t.Fatalf("%q: %v", in, err)
		}
		runBin(t, t.TempDir(), in, "validate").check(t, 0, "", "")
	}
	runBin(t, t.TempDir(), dups, "validate", "--reject-duplicate-names").check(t, 1, "",
		"<stdin>:1:24: duplicate object key \"x\" (within /b/x)\n"+
			"    "+dups+"\n"+
			"                           ^\n")
	runBin(t, t.TempDir(), dups, "validate", "--reject-invalid-utf8").check(t, 0, "", "")
	runBin(t, t.TempDir(), utf8, "validate", "--reject-invalid-utf8").check(t, 1, "",
		"<stdin>:1:9: invalid UTF-8 in string literal (within /1)\n"+
			"    [\"ok\", \"?\"]\n"+
			"            ^\n")
	runBin(t, t.TempDir(), surrogate, "validate", "--reject-invalid-utf8").check(t, 1, "",
		"<stdin>:1:8: unpaired surrogate escape in string literal (within /s)\n"+
			"    "+surrogate+"\n"+
			"           ^\n")
	runBin(t, t.TempDir(), utf8, "validate", "--reject-duplicate-names").check(t, 0, "", "")
	r := runBin(t, t.TempDir(), dups+"\n[1]\n", "ndjson", "--reject-duplicate-names")
	if r.code != 1 || r.stdout != "[1]\n" || !strings.Contains(r.stderr, "<stdin>:1:24: duplicate object key") {
		t.Errorf("ndjson --reject-duplicate-names: %+v", r)
	}
	if r := runBin(t, t.TempDir(), utf8, "fmt", "--reject-invalid-utf8"); r.code != 1 || !strings.Contains(r.stderr, "invalid UTF-8") {
		t.Errorf("fmt --reject-invalid-utf8: %+v", r)
	}
}

func TestFileTwiceAndMissing(t *testing.T) {
	dir := files(t, "bad.json", "[1,]", "good.json", "[1]")
	report := "bad.json:1:4: invalid character ']' where a value should begin\n    [1,]\n       ^\n"
	runBin(t, dir, "", "validate", "bad.json", "good.json", "bad.json").check(t, 1, "", report+report)
	runBin(t, dir, "", "fmt", "--compact", "good.json", "good.json").check(t, 0, "[1]\n[1]\n", "")

	r := runBin(t, dir, "", "fmt", "--compact", "good.json", "missing.json", "good.json")
	if r.code != 3 || r.stdout != "[1]\n[1]\n" || !strings.Contains(r.stderr, "missing.json") {
		t.Errorf("missing file: %+v", r)
	}
	// An I/O error outranks invalid JSON.
	if r := runBin(t, dir, "", "validate", "bad.json", "missing.json"); r.code != 3 {
		t.Errorf("bad and missing: exit %d, want 3", r.code)
	}
	if r := runBin(t, dir, "", "validate", "."); r.code != 3 || !strings.Contains(r.stderr, "directory") {
		t.Errorf("directory: %+v", r)
	}
}

func TestFmt(t *testing.T) {
	dir := files(t, "a.json", good)
	var want bytes.Buffer
	json.Indent(&want, []byte(good), "", "  ")
	want.WriteByte('\n')
	runBin(t, dir, "", "fmt", "a.json").check(t, 0, want.String(), "")
	runBin(t, dir, good, "fmt").check(t, 0, want.String(), "")

	want.Reset()
	json.Indent(&want, []byte(good), "", "\t")
	want.WriteByte('\n')
	runBin(t, dir, good, "fmt", "--indent", "\t", "-").check(t, 0, want.String(), "")

	want.Reset()
	json.Indent(&want, []byte(good), "", "    ")
	want.WriteByte('\n')
	runBin(t, dir, good, "fmt", "--indent", "4").check(t, 0, want.String(), "")

	want.Reset()
	json.Compact(&want, []byte(good))
	want.WriteByte('\n')
	runBin(t, dir, good, "fmt", "--compact").check(t, 0, want.String(), "")

	runBin(t, dir, "1 [] {\"a\":{}}", "fmt", "--compact").check(t, 0, "1\n[]\n{\"a\":{}}\n", "")
	runBin(t, dir, `["</é\u2028>"]`, "fmt", "--compact").check(t, 0, "[\"</é\u2028>\"]\n", "")
	runBin(t, dir, `["</é😀&>"]`, "fmt", "--compact", "--escape-html", "--ascii", "--escape-slash").
		check(t, 0, `["\u003c\/\u00e9\ud83d\ude00\u0026\u003e"]`+"\n", "")

	// Output stops at an error; the error is reported as validate reports it.
	runBin(t, dir, "[1, 2, x]", "fmt", "--compact").check(t, 1, "[1,2",
		"<stdin>:1:8: invalid character 'x' where a value should begin (within /2)\n    [1, 2, x]\n           ^\n")
	if r := runBin(t, dir, "", "fmt", "--indent", "x"); r.code != 2 {
		t.Errorf("--indent x: exit %d, want 2", r.code)
	}
}

func TestNDJSON(t *testing.T) {
	in := "{\"a\": 1}\n[1, 2]\r\n\n{\"a\": tru}\n  \"s\"  \n1 2\n{\"b\": [null]}"
	wantErr := "<stdin>:4:10: invalid character '}' in literal true (within /a)\n    {\"a\": tru}\n             ^\n" +
		"<stdin>:6:3: invalid character '2' after top-level value\n    1 2\n      ^\n"
	r := runBin(t, t.TempDir(), in, "ndjson")
	r.check(t, 1, "{\"a\":1}\n[1,2]\n\"s\"\n{\"b\":[null]}\n", wantErr)
	runBin(t, t.TempDir(), in, "ndjson", "--validate").check(t, 1, "", wantErr)
	runBin(t, t.TempDir(), "{\"x\":\"é\"}\n", "ndjson", "--ascii").check(t, 0, "{\"x\":\"\\u00e9\"}\n", "")
	dir := files(t, "a.ndjson", "1\n2\n", "b.ndjson", "[\n")
	r = runBin(t, dir, "", "ndjson", "--validate", "a.ndjson", "b.ndjson")
	if r.code != 1 || !strings.HasPrefix(r.stderr, "b.ndjson:1:2: unexpected end of input") {
		t.Errorf("files: %+v", r)
	}
}

func TestHelpAndUsage(t *testing.T) {
	for _, cmd := range []string{"fmt", "validate", "ndjson", "get", "redact", "set", "bench"} {
		r := runBin(t, t.TempDir(), "", cmd, "--help")
		if r.code != 0 || !strings.HasPrefix(r.stdout, "Usage: stride "+cmd) || r.stderr != "" {
			t.Errorf("%s --help: %+v", cmd, r)
		}
		if r := runBin(t, t.TempDir(), "", cmd, "--no-such-flag"); r.code != 2 || r.stdout != "" || r.stderr == "" {
			t.Errorf("%s --no-such-flag: %+v", cmd, r)
		}
	}
	if r := runBin(t, t.TempDir(), "", "--help"); r.code != 0 || !strings.Contains(r.stdout, "Exit codes") {
		t.Errorf("--help: %+v", r)
	}
	if r := runBin(t, t.TempDir(), ""); r.code != 2 || r.stdout != "" {
		t.Errorf("no command: %+v", r)
	}
	if r := runBin(t, t.TempDir(), "", "frobnicate"); r.code != 2 || !strings.Contains(r.stderr, "unknown command") {
		t.Errorf("unknown command: %+v", r)
	}
}

func TestBenchShort(t *testing.T) {
	r := runBin(t, t.TempDir(), "", "bench", "--duration", "100ms")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("bench: %+v", r)
	}
	for _, want := range []string{"openrtb", "api", "geometry", "Unmarshal, Go types", "read tokens", "geometric mean"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("bench output lacks %q:\n%s", want, r.stdout)
		}
	}
	// The encoding/json compared with is named in the header and on the last line, as this test
	// finds it by what it does: Go 1.26's v1 implementation writes invalid UTF-8 as the escape
	// \ufffd, the v2-based one (Go 1.27's default) as the character U+FFFD itself.
	impl := "v1 implementation"
	if b, err := json.Marshal("\xff"); err != nil {
		t.Fatal(err)
	} else if string(b) != `"\ufffd"` {
		impl = "v2-based implementation"
	}
	label := "encoding/json of " + runtime.Version() + " (" + impl + ")"
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "Stride beside "+label+", ") || lines[len(lines)-1] != "compared with "+label {
		t.Errorf("bench output does not name %s in its first and last lines:\n%s", label, r.stdout)
	}
}
