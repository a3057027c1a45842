// Command stride is a JSON tool for the terminal built on the Stride library: it pretty-prints and
// minifies JSON in constant memory, validates it with the line, column and JSON Pointer of each
// error, handles newline-delimited JSON, and measures Stride beside encoding/json.
//
// Usage:
//
//	stride fmt [flags] [file...]       pretty-print (or --compact) to standard output
//	stride validate [flags] [file...]  check that every input is valid JSON
//	stride ndjson [flags] [file...]    reformat or validate newline-delimited JSON, line by line
//	stride get [flags] POINTER [file...]  print the value at a JSON Pointer, reading no further
//	stride redact [flags] POINTER [file...]  copy with a member or element deleted, in constant memory
//	stride set [flags] POINTER VALUE [file...]  copy with a value replaced or added, in constant memory
//	stride bench [flags]               Stride beside encoding/json on embedded sample documents
//
// With no file, or with "-", a command reads standard input.
//
// Exit codes: 0 success; 1 some input is not valid JSON (or breaks a strict check asked for);
// 2 usage error (unknown command or flag); 3 an input could not be read or the output could not be
// written; 4 an input reached a limit (--max-token-size, --max-input-size, --max-depth) before it
// was read to its end, which says nothing of whether it is valid; 5 (get, set) a JSON Pointer found no
// value. When several apply, the highest wins.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/stridejson/stride/stream"
)

// Exit codes.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
	exitIO      = 3
	exitLimit   = 4
)

const usage = `stride: a JSON tool built on the Stride library

Usage:
  stride fmt [flags] [file...]       pretty-print (or --compact) JSON to standard output
  stride validate [flags] [file...]  check that every input is valid JSON
  stride ndjson [flags] [file...]    reformat or validate newline-delimited JSON, line by line
  stride get [flags] POINTER [file...]  print the value at a JSON Pointer, reading no further
  stride redact [flags] POINTER [file...]  copy with a member or element deleted, in constant memory
  stride set [flags] POINTER VALUE [file...]  copy with a value replaced or added, in constant memory
  stride bench [flags]               Stride beside encoding/json on embedded sample documents

With no file, or with "-", a command reads standard input. Run "stride COMMAND --help" for the
flags of a command.

Exit codes (when several apply, the highest wins):
  0  success
  1  some input is not valid JSON, or breaks a strict check asked for
  2  usage error
  3  an input could not be read, or the output could not be written
  4  an input reached a limit (--max-token-size, --max-input-size, --max-depth) before its end:
     it may well be valid JSON; raise the limit to read it
  5  (get, set) a JSON Pointer found no value
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command line args and returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	cmd, rest := args[0], args[1:]
	env := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	switch cmd {
	case "fmt":
		return runFmt(env, rest)
	case "validate":
		return runValidate(env, rest)
	case "ndjson":
		return runNDJSON(env, rest)
	case "get":
		return runGet(env, rest)
	case "redact":
		return runRedact(env, rest)
	case "set":
		return runSet(env, rest)
	case "bench":
		return runBench(env, rest)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "stride: unknown command %q\n\n%s", cmd, usage)
	return exitUsage
}

// env is what a command reads and writes, so that tests can run commands in the process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	code           int  // the highest exit code so far
	halted         bool // the output failed: read no more inputs
}

// fail records exit code c.
func (e *env) fail(c int) { e.code = max(e.code, c) }

// newFlags returns a flag set for command name, whose --help prints summary and the flags.
func newFlags(e *env, name, summary string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "%s\n\nFlags:\n", summary)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args, returning the exit code to stop with, or -1 to go on. --help prints to
// standard output and succeeds.
func parseFlags(e *env, fs *flag.FlagSet, args []string) int {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(e.stdout)
		fs.Usage()
		return exitOK
	}
	fs.SetOutput(e.stderr)
	if err != nil {
		fmt.Fprintf(e.stderr, "stride %s: %v\n", fs.Name(), err)
		fs.Usage()
		return exitUsage
	}
	return -1
}

// escapeFlags are the escaping flags shared by fmt and ndjson.
type escapeFlags struct{ html, ascii, slash bool }

func (f *escapeFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.html, "escape-html", false, `escape <, > and & as \u003c, \u003e and \u0026 (HTML-safe, as encoding/json)`)
	fs.BoolVar(&f.ascii, "ascii", false, `escape every non-ASCII character as \uXXXX, so the output is pure ASCII`)
	fs.BoolVar(&f.slash, "escape-slash", false, `escape / as \/`)
}

// escaper compiles the flags into an escaping policy. With none set, strings are escaped only as
// JSON requires.
func (f *escapeFlags) escaper() *stream.Escaper {
	var flags stream.EscapeFlags
	if f.html {
		flags |= stream.EscapeHTML
	}
	if f.ascii {
		flags |= stream.EscapeNonASCII
	}
	if f.slash {
		flags |= stream.EscapeSlash
	}
	return stream.NewEscaper(flags, "")
}

// failUsage reports a usage error in the flags of fs.
func (e *env) failUsage(fs *flag.FlagSet, msg string) {
	fmt.Fprintf(e.stderr, "stride %s: %s\n", fs.Name(), msg)
	e.fail(exitUsage)
}

// writeFailed reports that the output could not be written.
func (e *env) writeFailed(err error) {
	fmt.Fprintf(e.stderr, "stride: writing the output: %v\n", err)
	e.fail(exitIO)
	e.halted = true
}
