package main

import (
	"strconv"
	"strings"

	"github.com/stridejson/stride/stream"
)

const fmtSummary = `Usage: stride fmt [flags] [file...]

Pretty-prints JSON (or minifies it with --compact) from each file, or standard input, to standard
output. Several top-level values in one input are written one after the other, each ending in a
newline. Memory stays constant whatever the input's size: tokens are read from a stream and written
in bounded chunks (one string, number or member name may not exceed 64 MiB unless
--max-token-size raises it). On the first error in an input, or a limit reached, the output of
that input stops and the error is reported as by "stride validate", with its exit codes.`

func runFmt(e *env, args []string) int {
	fs := newFlags(e, "fmt", fmtSummary)
	indent := fs.String("indent", "  ", "indentation per level: `text` of spaces and tabs, or a number of spaces")
	compact := fs.Bool("compact", false, "write compact JSON, without white space")
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
	if n, err := strconv.Atoi(*indent); err == nil && n >= 0 && n <= 16 {
		*indent = strings.Repeat(" ", n)
	}
	if strings.Trim(*indent, " \t") != "" {
		e.failUsage(fs, "--indent must be spaces and tabs, or a number of spaces from 0 to 16")
		return e.code
	}
	w := stream.NewWriter(e.stdout)
	w.SetChunkSize(64 << 10)
	w.SetEscaper(esc.escaper())
	if !*compact {
		w.SetIndent("", *indent)
	}
	r := stream.NewStreamReader(nil, rf.options())
	e.eachInput(fs.Args(), func(in *input) {
		r.ResetReader(in.src)
		err := copyValues(r, w)
		in.prog.finish()
		if werr := w.Flush(); werr != nil {
			e.writeFailed(werr)
		} else if err != nil {
			e.report(in, err)
		}
		w.Reset(e.stdout)
	})
	return e.code
}

// copyValues copies the top-level values r reads to w, each followed by a newline, token by token,
// and requires the end of the input after them. An input with no value is an error.
func copyValues(r *stream.Reader, w *stream.Writer) error {
	n := 0
	for r.More() {
		if err := copyValue(r, w); err != nil {
			return err
		}
		if err := w.Newline(); err != nil {
			return err
		}
		n++
	}
	if n == 0 && r.Err() == nil {
		r.SkipValue() // reports the end of the input where a value was due
	}
	return r.End()
}

// frame is an array or object being copied.
type frame struct {
	obj   stream.ObjectIter
	arr   stream.ArrayIter
	isObj bool
}

// copyValue copies one value from r to w, with a stack of its own rather than recursion, so the
// nesting depth costs no goroutine stack. It returns the reader's error, or else the writer's. With
// a nil w it only reads the value, stepping through its containers so that an error carries the
// JSON Pointer of where it is.
func copyValue(r *stream.Reader, w *stream.Writer) error {
	var stack []frame
	for {
		k := r.Kind()
		switch {
		case k == stream.KindObject:
			if w != nil {
				w.BeginObject()
			}
			stack = append(stack, frame{obj: r.Object(), isObj: true})
		case k == stream.KindArray:
			if w != nil {
				w.BeginArray()
			}
			stack = append(stack, frame{arr: r.Array()})
		case w == nil:
			r.SkipValue()
		case k == stream.KindString:
			w.StringBytes(r.StringBytes())
		case k == stream.KindNumber:
			w.RawUnchecked(r.Number()) // checked by the Reader; kept as written
		case k == stream.KindBool:
			w.Bool(r.Bool())
		case k == stream.KindNull:
			r.Null()
			w.Null()
		default:
			r.SkipValue() // reports what is there instead of a value
		}
		if err := r.Err(); err != nil {
			return err
		}
		// Step to the next value to copy, closing the containers that end.
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.isObj && top.obj.Next() {
				if w != nil {
					w.NameBytes(top.obj.Name())
				}
				break
			}
			if !top.isObj && top.arr.Next() {
				break
			}
			if err := r.Err(); err != nil {
				return err
			}
			if w != nil && top.isObj {
				w.EndObject()
			} else if w != nil {
				w.EndArray()
			}
			stack = stack[:len(stack)-1]
		}
		if w != nil && w.Err() != nil {
			return w.Err()
		}
		if len(stack) == 0 {
			return nil
		}
	}
}
