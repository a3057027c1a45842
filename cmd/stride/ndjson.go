package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/stridejson/stride/stream"
)

const ndjsonSummary = `Usage: stride ndjson [flags] [file...]

Reads newline-delimited JSON (one value per line) from each file, or standard input, and writes
each valid line to standard output as compact JSON, or with --validate only checks the lines.
Blank lines are skipped. A line that is not exactly one valid JSON value is reported to standard
error as "file:line:column: message" with an excerpt, left out of the output, and the next line is
read; the exit code is then 1 (4 for a line nested deeper than --max-depth: a limit reached, not a
JSON error). Each line is read whole into memory, so no token size limit applies.`

func runNDJSON(e *env, args []string) int {
	fs := newFlags(e, "ndjson", ndjsonSummary)
	check := fs.Bool("validate", false, "only check the lines; write nothing to standard output")
	var esc escapeFlags
	esc.register(fs)
	var rf readFlags
	rf.register(fs, false)
	if c := parseFlags(e, fs, args); c >= 0 {
		return c
	}
	if msg := rf.check(); msg != "" {
		e.failUsage(fs, msg)
		return e.code
	}
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	var w stream.Writer // in memory: a bad line must leave no trace in the output
	w.SetEscaper(esc.escaper())
	r := stream.NewReader(nil, rf.options())
	var line []byte
	e.eachInput(fs.Args(), func(in *input) {
		br := bufio.NewReaderSize(in.src, 64<<10)
		for n := 1; ; n++ {
			var rerr, err error
			line, rerr = readLine(br, line[:0])
			if rerr != nil && rerr != io.EOF {
				e.report(in, rerr)
				return
			}
			if len(bytes.TrimSpace(line)) > 0 {
				r.Reset(line)
				w.Reset(nil)
				if *check {
					err = validate(r, true)
				} else {
					err = copyValue(r, &w)
					if err == nil {
						err = r.End()
					}
				}
				var se *stream.SyntaxError
				switch {
				case errors.As(err, &se):
					lo := max(0, int(se.Offset)-excerptSide)
					hi := min(len(line), int(se.Offset)+excerptSide)
					e.reportAt(in, n, se, line[lo:hi], int(se.Offset)-lo)
				case err != nil:
					in.prog.write(e.stderr, fmt.Sprintf("%s:%d: %v\n", in.name, n, err))
					e.fail(exitInvalid)
				case !*check:
					out.Write(w.Bytes())
					out.WriteByte('\n')
				}
			}
			if rerr == io.EOF {
				break
			}
		}
		if err := out.Flush(); err != nil {
			e.writeFailed(err)
		}
	})
	return e.code
}

// readLine appends the next line of br to buf, without its "\n" or "\r\n", and returns io.EOF with
// the last line.
func readLine(br *bufio.Reader, buf []byte) ([]byte, error) {
	for {
		chunk, err := br.ReadSlice('\n')
		buf = append(buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if n := len(buf); n > 0 && buf[n-1] == '\n' {
			buf = buf[:n-1]
			if n := len(buf); n > 0 && buf[n-1] == '\r' {
				buf = buf[:n-1]
			}
		}
		return buf, err
	}
}
