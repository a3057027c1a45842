package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/stridejson/stride/stream"
)

const redactSummary = `Usage: stride redact [flags] POINTER [file...]
       stride redact [flags] -p POINTER [-p POINTER...] [file...]

Copies each file, or standard input, to standard output with the members and elements at the
JSON Pointers deleted (every member of the name, with its comma), and everything else byte for
byte, in constant memory: a value passed through or deleted streams as it is read, however large.
Every top-level value of the input is edited (NDJSON works line by line). A pointer that finds
nothing deletes nothing. With -p, repeated, the first argument is a file. Array indexes are those
of the input.

With --compact or --indent the output is reformatted as by "stride fmt", still in constant memory.
Bad input is reported as by "stride validate" (exit 1, or 4 for a limit): the output then stops
where the error was found.`

const setSummary = `Usage: stride set [flags] POINTER VALUE [file...]

Copies each file, or standard input, to standard output with the value at the JSON Pointer
replaced by VALUE, a JSON value, and everything else byte for byte, in constant memory. A member
that is not there is added at the end of its object, an element one past the end of an array
(or "-") appended. Every top-level value of the input is edited. Where there is no object or
array to put the value in, the copy is made without it, "file: no value at POINTER" is reported
and the exit code is 5. With --compact or --indent the output is reformatted as by "stride fmt".`

func runRedact(e *env, args []string) int {
	fs := newFlags(e, "redact", redactSummary)
	var ptrs pointerList
	fs.Var(&ptrs, "p", "a JSON `pointer` to delete (repeatable; then every argument is a file)")
	var rf readFlags
	rf.register(fs, true)
	var lf layoutFlags
	lf.register(fs)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	ptrs, files, ok := ptrs.withArgs(fs.Args())
	if !ok {
		e.failUsage(fs, "a JSON Pointer is required")
		return e.code
	}
	edits := make([]stream.Edit, len(ptrs))
	for i, p := range ptrs {
		edits[i] = stream.Edit{Pointer: p}
	}
	return e.transform(fs.Name(), files, edits, &rf, &lf)
}

func runSet(e *env, args []string) int {
	fs := newFlags(e, "set", setSummary)
	var rf readFlags
	rf.register(fs, true)
	var lf layoutFlags
	lf.register(fs)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	if fs.NArg() < 2 {
		e.failUsage(fs, "a JSON Pointer and a JSON value are required")
		return e.code
	}
	edits := []stream.Edit{{Pointer: fs.Arg(0), Value: []byte(fs.Arg(1))}}
	return e.transform(fs.Name(), fs.Args()[2:], edits, &rf, &lf)
}

// transform copies each input to standard output with the edits made (stream.Transform).
func (e *env) transform(cmd string, files []string, edits []stream.Edit, rf *readFlags, lf *layoutFlags) int {
	msg := rf.check()
	if msg == "" {
		msg = lf.check()
	}
	if msg != "" {
		fmt.Fprintf(e.stderr, "stride %s: %s\n", cmd, msg)
		e.fail(exitUsage)
		return e.code
	}
	// The edits are checked before any input is read.
	if err := stream.Transform(io.Discard, eofReader{}, edits); err != nil && !isNotFound(err) {
		fmt.Fprintf(e.stderr, "stride %s: %s\n", cmd, strings.TrimPrefix(err.Error(), "stride: "))
		e.fail(exitUsage)
		return e.code
	}
	out := &errWriter{w: e.stdout}
	e.eachInput(files, func(in *input) {
		var err error
		if lf.set() {
			err = transformFormatted(out, in.src, edits, rf.options(), lf)
		} else {
			err = stream.Transform(out, in.src, edits, rf.options())
		}
		var nf *stream.NotFoundError
		switch {
		case out.err != nil:
			e.writeFailed(out.err)
		case errors.As(err, &nf):
			in.prog.write(e.stderr, fmt.Sprintf("%s: no value at %q\n", in.name, nf.Pointer))
			e.fail(exitNotFound)
		case err != nil:
			e.report(in, err)
		}
	})
	return e.code
}

func isNotFound(err error) bool {
	var nf *stream.NotFoundError
	return errors.As(err, &nf)
}

// eofReader is an empty input.
type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// An errWriter keeps the first error of w.
type errWriter struct {
	w   io.Writer
	err error
}

func (w *errWriter) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(p)
	if err != nil {
		w.err = err
	}
	return n, err
}

// layoutFlags are --compact and --indent of redact and set: reformat the output as fmt does.
type layoutFlags struct {
	compact bool
	indent  string
}

func (f *layoutFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.compact, "compact", false, "reformat the output as compact JSON")
	fs.StringVar(&f.indent, "indent", "", "reformat the output with this indentation per level: `text` of spaces and tabs, or a number of spaces")
}

func (f *layoutFlags) set() bool { return f.compact || f.indent != "" }

// check reports a bad --indent, or "", and turns a number of spaces into spaces.
func (f *layoutFlags) check() string {
	if n, err := strconv.Atoi(f.indent); err == nil && n >= 0 && n <= 16 {
		f.indent = strings.Repeat(" ", n)
	}
	if strings.Trim(f.indent, " \t") != "" {
		return "--indent must be spaces and tabs, or a number of spaces from 0 to 16"
	}
	return ""
}

// transformFormatted is stream.Transform with its output reformatted on the way to out, by a
// Reader and a Writer in step with it through a pipe: constant memory still.
func transformFormatted(out io.Writer, src io.Reader, edits []stream.Edit, opts stream.ReaderOptions, lf *layoutFlags) error {
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		w := stream.NewWriter(out)
		w.SetChunkSize(64 << 10)
		w.SetEscaper(stream.NewEscaper(0, ""))
		if !lf.compact {
			w.SetIndent("", lf.indent)
		}
		err := copyValues(stream.NewStreamReader(pr), w)
		if werr := w.Flush(); werr != nil {
			err = werr
		}
		pr.CloseWithError(err)
		done <- err
	}()
	err := stream.Transform(pw, src, edits, opts)
	pw.CloseWithError(err)
	ferr := <-done
	if err == nil || errors.Is(err, io.ErrClosedPipe) {
		return ferr
	}
	return err
}
