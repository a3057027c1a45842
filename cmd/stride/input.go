package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/stridejson/stride/stream"
)

// An input is one file (or standard input) being read, through a window that keeps its last bytes
// for error excerpts and, on a terminal, a progress bar.
type input struct {
	name string
	src  io.Reader
	tail *tail
	prog *progress
}

// eachInput opens each named file in turn ("-" or no name at all: standard input) and calls fn with
// it. A file that cannot be opened is reported and skipped, with exit code 3.
func (e *env) eachInput(names []string, fn func(in *input)) {
	if len(names) == 0 {
		names = []string{"-"}
	}
	for _, name := range names {
		if e.halted {
			return
		}
		var r io.Reader
		var f *os.File
		var size int64 = -1
		display := name
		if name == "-" {
			r, display = e.stdin, "<stdin>"
			if f, ok := e.stdin.(*os.File); ok {
				if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
					size = st.Size()
				}
			}
		} else {
			var err error
			f, err = os.Open(name)
			if err != nil {
				fmt.Fprintf(e.stderr, "stride: %v\n", err)
				e.fail(exitIO)
				continue
			}
			if st, err := f.Stat(); err == nil {
				if st.IsDir() {
					f.Close()
					fmt.Fprintf(e.stderr, "stride: %s: is a directory\n", name)
					e.fail(exitIO)
					continue
				}
				size = st.Size()
			}
			r = f
		}
		in := &input{name: display}
		in.prog = startProgress(e.stderr, size)
		if in.prog != nil {
			r = in.prog.reader(r)
		}
		in.tail = &tail{r: r}
		in.src = in.tail
		fn(in)
		in.prog.finish()
		if f != nil {
			f.Close()
		}
	}
}

// report prints err, met reading in, and records its exit code: a *stream.SyntaxError as
// "file:line:column: message (within /pointer)" with an excerpt of the input and a caret under the
// offending byte, anything else as a read error.
func (e *env) report(in *input, err error) {
	var se *stream.SyntaxError
	if !errors.As(err, &se) || se.Line == 0 {
		in.prog.write(e.stderr, fmt.Sprintf("%s: %v\n", in.name, err))
		e.fail(exitIO)
		return
	}
	lo, window := in.tail.window(se.Offset-excerptSide, se.Offset+excerptSide)
	e.reportAt(in, se.Line, se, window, int(se.Offset-lo))
}

// excerptSide is how many bytes an excerpt shows at most on each side of the offending byte.
const excerptSide = 60

// reportAt prints se, found at line of input in, with an excerpt of window, whose byte at off is
// the offending one, and records exit code 1, or 4 for a limit reached.
func (e *env) reportAt(in *input, line int, se *stream.SyntaxError, window []byte, off int) {
	var b strings.Builder
	code := exitInvalid
	fmt.Fprintf(&b, "%s:%d:%d: ", in.name, line, se.Column)
	if flag := limitFlag(se); flag != "" {
		code = exitLimit
		fmt.Fprintf(&b, "limit reached, not a JSON error: %s (raise it with %s)", se.Msg, flag)
	} else {
		b.WriteString(se.Msg)
	}
	if se.Pointer != "" {
		fmt.Fprintf(&b, " (within %s)", se.ShortPointer())
	}
	b.WriteByte('\n')
	if off >= 0 && off <= len(window) {
		text, caret := excerpt(window, off)
		fmt.Fprintf(&b, "    %s\n    %s^\n", text, caret)
	}
	in.prog.write(e.stderr, b.String())
	e.fail(code)
}

// excerpt cuts the line around window[off] down to what window holds, and returns it made printable
// with the white space that puts a caret under window[off].
func excerpt(window []byte, off int) (text, caret string) {
	start, end := 0, len(window)
	if i := bytes.LastIndexAny(window[:off], "\r\n"); i >= 0 {
		start = i + 1
	}
	if i := bytes.IndexAny(window[off:], "\r\n"); i >= 0 {
		end = off + i
	}
	var t, c strings.Builder
	if start == 0 && off >= excerptSide { // the window, not the line, begins here
		t.WriteString("...")
		c.WriteString("   ")
	}
	for i := start; i < end; {
		r, n := utf8.DecodeRune(window[i:end])
		switch {
		case r == '\t':
		case r == utf8.RuneError && n <= 1, r < 0x20, r == 0x7f:
			r = '?'
		}
		t.WriteRune(r)
		if i < off {
			if r == '\t' {
				c.WriteByte('\t')
			} else {
				c.WriteByte(' ')
			}
		}
		i += max(n, 1)
	}
	if end == len(window) && len(window)-off >= excerptSide {
		t.WriteString("...")
	}
	return t.String(), c.String()
}

// tailSize is how many of the latest bytes read a tail keeps: enough to hold the offending byte of
// an error and the excerpt around it, as a Reader reads ahead of where it finds an error by at most
// a buffer.
const tailSize = 256 << 10

// A tail reads from r and keeps the last tailSize bytes read, in a ring.
type tail struct {
	r   io.Reader
	buf []byte
	n   int64 // bytes read in all
}

func (t *tail) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.keep(p[:n])
	return n, err
}

func (t *tail) keep(p []byte) {
	if t.buf == nil {
		t.buf = make([]byte, tailSize)
	}
	t.n += int64(len(p))
	if len(p) > tailSize {
		p = p[len(p)-tailSize:]
	}
	at := int((t.n - int64(len(p))) % tailSize)
	k := copy(t.buf[at:], p)
	copy(t.buf, p[k:])
}

// window returns the bytes from offset lo up to hi that the tail still holds, and the offset of the
// first of them.
func (t *tail) window(lo, hi int64) (int64, []byte) {
	lo = max(lo, 0, t.n-tailSize)
	hi = min(hi, t.n)
	if lo >= hi {
		return hi, nil
	}
	out := make([]byte, 0, hi-lo)
	for off := lo; off < hi; {
		at := int(off % tailSize)
		k := min(int(hi-off), tailSize-at)
		out = append(out, t.buf[at:at+k]...)
		off += int64(k)
	}
	return lo, out
}
