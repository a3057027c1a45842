package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/stridejson/stride/stream"
)

const getSummary = `Usage: stride get [flags] POINTER [file...]
       stride get [flags] -p POINTER [-p POINTER...] [file...]

Prints the value at POINTER, a JSON Pointer (RFC 6901: "/seatbid/0/bid/0/price", "~1" for '/' and
"~0" for '~' in a name, "" for the whole value), of the first JSON value of each file or of
standard input, as compact JSON on a line of its own. With -p, repeated, the first argument is a
file, and the values of all the pointers are found in one pass and printed one per line in the
order given. Reading stops once every value is found: what follows is not read or checked.

With --raw a string value is printed as its text, unquoted (other values as JSON). With --ndjson
each line of the input is a document, and each prints one output line: the values of its pointers
separated by tabs, an empty field for one not found; a line that is not valid JSON up to its last
value prints an empty line and is reported as by "stride ndjson"; a blank line prints one too.
The escaping flags are those of "stride fmt".

With --unchecked the arrays and objects passed on the way to the values are stepped over by
matching brackets and quotes only, several times as fast, and not checked: bad JSON there goes
unreported. The values printed and the names compared are checked as always. For trusted input.

A pointer that finds nothing is reported to standard error as "file: no value at POINTER" and
makes the exit code 5. Bad input is reported as by "stride validate" (exit 1, or 4 for a limit).

Exit codes (the highest applies): 0 every value found; 1 some input is not valid JSON up to its
values; 2 usage error; 3 an input could not be read or the output written; 4 a limit reached;
5 some pointer found no value.`

// exitNotFound is the exit code of a pointer that found no value.
const exitNotFound = 5

// pointerList is the repeatable -p flag.
type pointerList []string

func (p *pointerList) String() string     { return strings.Join(*p, " ") }
func (p *pointerList) Set(s string) error { *p = append(*p, s); return nil }

// withArgs returns the pointers and the files of a command's arguments: with no -p, the first
// argument is the pointer and the rest are files. ok is false when there is no pointer at all.
func (p pointerList) withArgs(args []string) (ptrs pointerList, files []string, ok bool) {
	if len(p) > 0 {
		return p, args, true
	}
	if len(args) == 0 {
		return nil, nil, false
	}
	return pointerList{args[0]}, args[1:], true
}

func runGet(e *env, args []string) int {
	fs := newFlags(e, "get", getSummary)
	var ptrs pointerList
	fs.Var(&ptrs, "p", "a JSON `pointer` to print the value of (repeatable; then every argument is a file)")
	raw := fs.Bool("raw", false, "print a string value as its text, unquoted")
	ndjson := fs.Bool("ndjson", false, "read each line as a document, and print one line for each")
	unchecked := fs.Bool("unchecked", false, "step over the containers before the values without checking them (trusted input)")
	var esc escapeFlags
	esc.register(fs)
	var rf readFlags
	rf.register(fs, true)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	if msg := rf.check(); msg != "" {
		e.failUsage(fs, msg)
		return e.code
	}
	ptrs, files, ok := ptrs.withArgs(fs.Args())
	if !ok {
		e.failUsage(fs, "a JSON Pointer is required")
		return e.code
	}
	q, err := stream.NewQuery(ptrs...)
	if err != nil {
		e.failUsage(fs, strings.TrimPrefix(err.Error(), "stride: "))
		return e.code
	}
	g := &getter{e: e, q: q, raw: *raw, out: bufio.NewWriterSize(e.stdout, 64<<10)}
	g.w.SetEscaper(esc.escaper())
	g.vals = make([][]byte, len(ptrs))
	g.found = make([]bool, len(ptrs))
	opts := rf.options()
	opts.UncheckedSkip = *unchecked
	if *ndjson {
		g.runLines(files, opts)
	} else {
		g.run(files, opts)
	}
	return e.code
}

// A getter prints the values of a Query's pointers.
type getter struct {
	e     *env
	q     *stream.Query
	raw   bool
	out   *bufio.Writer
	w     stream.Writer // writes one value, compact
	vals  [][]byte      // values found before the ones to print before them
	found []bool
	next  int // the next pointer to print, in document mode
}

// run prints the values of each input's first value, each as it is found when the ones before it
// have been printed (so a single pointer's value streams to the output), else once they have.
func (g *getter) run(files []string, opts stream.ReaderOptions) {
	r := stream.NewStreamReader(nil, opts)
	g.e.eachInput(files, func(in *input) {
		r.ResetReader(in.src)
		clear(g.found)
		g.next = 0
		if !r.More() {
			r.SkipValue() // no value at all: the end of the input where one was due
			g.e.report(in, r.Err())
			return
		}
		err := r.Find(g.q, func(i int, vr *stream.Reader) error {
			g.found[i] = true
			if i != g.next {
				return g.keep(i, vr)
			}
			// Written as it is read: a string of any length streams through.
			switch {
			case vr.Kind() == stream.KindString && g.raw:
				if _, err := io.Copy(g.out, vr.StringReader()); err != nil {
					return err
				}
			case vr.Kind() == stream.KindString:
				g.w.Reset(g.out)
				sw := g.w.StringWriter()
				if _, err := io.Copy(sw, vr.StringReader()); err != nil {
					return err
				}
				if err := sw.Close(); err != nil {
					return err
				}
				if err := g.w.Flush(); err != nil {
					return err
				}
			default:
				g.w.Reset(g.out)
				if err := copyValue(vr, &g.w); err != nil {
					return err
				}
				if err := g.w.Flush(); err != nil {
					return err
				}
			}
			if err := vr.Err(); err != nil {
				return err
			}
			g.out.WriteByte('\n')
			g.next++
			return g.flushReady()
		})
		if err == nil {
			for g.next < g.q.Len() {
				if !g.found[g.next] {
					in.prog.write(g.e.stderr, fmt.Sprintf("%s: no value at %q\n", in.name, g.q.Pointer(g.next)))
					g.e.fail(exitNotFound)
					g.next++
					continue
				}
				if err = g.flushReady(); err != nil {
					break
				}
			}
		}
		if werr := g.out.Flush(); werr != nil {
			g.e.writeFailed(werr)
			return
		}
		if err != nil {
			var we *stream.WriteError
			if errors.As(err, &we) {
				g.e.writeFailed(err)
				return
			}
			g.e.report(in, err)
		}
	})
}

// flushReady prints the values found out of order whose turn has come.
func (g *getter) flushReady() error {
	for g.next < g.q.Len() && g.found[g.next] {
		g.out.Write(g.vals[g.next])
		g.out.WriteByte('\n')
		g.next++
	}
	return nil
}

// keep keeps the value of pointer i, which vr is at, to print it in its turn: compact JSON, or
// with --raw a string's text.
func (g *getter) keep(i int, vr *stream.Reader) error {
	if s, ok := g.text(vr); ok {
		g.vals[i] = append(g.vals[i][:0], s...)
		return vr.Err()
	}
	g.w.Reset(nil)
	if err := copyValue(vr, &g.w); err != nil {
		return err
	}
	g.vals[i] = append(g.vals[i][:0], g.w.Bytes()...)
	return nil
}

// text returns, with --raw, the text of the string vr is at and true; else false.
func (g *getter) text(vr *stream.Reader) ([]byte, bool) {
	if !g.raw || vr.Kind() != stream.KindString {
		return nil, false
	}
	return vr.StringBytes(), true
}

// runLines prints, for each line of each input, one line: the values of the pointers in its
// document, tab-separated.
func (g *getter) runLines(files []string, opts stream.ReaderOptions) {
	r := stream.NewReader(nil, opts)
	var line []byte
	g.e.eachInput(files, func(in *input) {
		br := bufio.NewReaderSize(in.src, 64<<10)
		for n := 1; ; n++ {
			var rerr error
			line, rerr = readLine(br, line[:0])
			if rerr != nil && rerr != io.EOF {
				g.e.report(in, rerr)
				return
			}
			switch {
			case len(bytes.TrimSpace(line)) > 0:
				g.line(in, n, r, line)
			case rerr == nil:
				g.out.WriteByte('\n') // a blank line: no document
			}
			if rerr == io.EOF {
				break
			}
		}
		if err := g.out.Flush(); err != nil {
			g.e.writeFailed(err)
		}
	})
}

// line prints the values of the pointers in line n of in.
func (g *getter) line(in *input, n int, r *stream.Reader, line []byte) {
	clear(g.found)
	r.Reset(line)
	err := r.Find(g.q, func(i int, vr *stream.Reader) error {
		g.found[i] = true
		return g.keep(i, vr)
	})
	var se *stream.SyntaxError
	switch {
	case errors.As(err, &se):
		lo := max(0, int(se.Offset)-excerptSide)
		hi := min(len(line), int(se.Offset)+excerptSide)
		g.e.reportAt(in, n, se, line[lo:hi], int(se.Offset)-lo)
		g.out.WriteByte('\n')
		return
	case err != nil:
		in.prog.write(g.e.stderr, fmt.Sprintf("%s:%d: %v\n", in.name, n, err))
		g.e.fail(exitInvalid)
		g.out.WriteByte('\n')
		return
	}
	for i := range g.q.Len() {
		if i > 0 {
			g.out.WriteByte('\t')
		}
		if g.found[i] {
			g.out.Write(g.vals[i])
		} else {
			in.prog.write(g.e.stderr, fmt.Sprintf("%s:%d: no value at %q\n", in.name, n, g.q.Pointer(i)))
			g.e.fail(exitNotFound)
		}
	}
	g.out.WriteByte('\n')
}
