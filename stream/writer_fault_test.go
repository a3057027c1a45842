package stream

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
)

// faultDoc is a document of a few kilobytes with every kind of token and a string longer than the
// chunk, written by the same code in every fault test.
func faultDoc(w *Writer) error {
	g := newGen(7)
	w.BeginArray()
	for range 12 {
		writeValue(w, g.value(3))
	}
	w.String(string(bytes.Repeat([]byte("<\"é\n"), 700)))
	w.Raw([]byte(`{"raw": [1, 2, "three"]}`))
	return w.EndArray()
}

// TestFailAfterN streams the document into destinations that fail after N bytes, for every N
// across it, plain failures and short writes, through several chunk sizes. The destination must
// hold exactly the first N bytes of the correct output (the writer hands everything over in order
// and never retries), the error must be a *WriteError carrying N and the cause, it must be sticky,
// and no Write may reach the destination after the failure.
func TestFailAfterN(t *testing.T) {
	var mem Writer
	if err := faultDoc(&mem); err != nil {
		t.Fatal(err)
	}
	want := mem.Bytes()
	t.Logf("document: %d bytes", len(want))
	step := 1
	if testing.Short() {
		step = 7
	}
	var pretty Writer
	pretty.SetIndent("", "\t")
	faultDoc(&pretty)
	wantPretty := pretty.Bytes()
	for _, chunk := range []int{MinChunkSize, 1000, DefaultChunkSize} {
		for _, mode := range []string{"error", "short", "indent"} {
			short, want := mode == "short", want
			if mode == "indent" {
				want = wantPretty
			}
			for n := 0; n < len(want); n += step {
				dst := &faulty.Writer{Limit: n, Short: short}
				w := NewWriter(dst)
				w.SetChunkSize(chunk)
				if mode == "indent" {
					w.SetIndent("", "\t")
				}
				err1 := faultDoc(w)
				err := w.Flush()
				var we *WriteError
				if !errors.As(err, &we) {
					t.Fatalf("chunk %d, fail after %d: Flush returned %v", chunk, n, err)
				}
				if err1 != nil && err1 != err {
					t.Fatalf("chunk %d, fail after %d: the document ended with %v, Flush with %v", chunk, n, err1, err)
				}
				cause := faulty.ErrInjected
				if short {
					cause = io.ErrShortWrite
				}
				if !errors.Is(err, cause) || we.Offset != int64(n) {
					t.Fatalf("chunk %d, fail after %d: %v (offset %d)", chunk, n, err, we.Offset)
				}
				if !bytes.Equal(dst.Got, want[:n]) {
					t.Fatalf("chunk %d, fail after %d: destination holds %q", chunk, n, dst.Got)
				}
				if w.Int(1) != err || w.Flush() != err || w.Err() != err || w.OutputOffset() != int64(n) {
					t.Fatalf("chunk %d, fail after %d: error not sticky", chunk, n)
				}
				if dst.Failed != 0 {
					t.Fatalf("chunk %d, fail after %d: %d writes after the failure", chunk, n, dst.Failed)
				}
				if dst.MaxWrite > chunk {
					t.Fatalf("chunk %d: a write of %d bytes", chunk, dst.MaxWrite)
				}
			}
		}
	}
}

// TestErrorOnFlush: a document that fits the buffer reaches the destination only at Flush, and a
// failure there is Flush's to report, again on every later Flush, without another Write.
func TestErrorOnFlush(t *testing.T) {
	dst := &faulty.Writer{Limit: 3}
	w := NewWriter(dst)
	w.BeginArray()
	w.String("hello")
	if err := w.EndArray(); err != nil || dst.Calls != 0 {
		t.Fatalf("%v, %d writes before Flush", err, dst.Calls)
	}
	err := w.Flush()
	if !errors.Is(err, faulty.ErrInjected) || string(dst.Got) != `["h` {
		t.Fatalf("%v, %q", err, dst.Got)
	}
	if w.Flush() != err || dst.Calls != 1 {
		t.Fatalf("second Flush: %d writes", dst.Calls)
	}
	// Reset clears the error and the writer works again.
	dst2 := &faulty.Writer{Limit: -1}
	w.Reset(dst2)
	w.Bool(false)
	if err := w.Flush(); err != nil || string(dst2.Got) != "false" {
		t.Fatalf("after Reset: %v %q", err, dst2.Got)
	}
}

// badCount is an io.Writer that claims to have written more than it was given.
type badCount struct{}

func (badCount) Write(p []byte) (int, error) { return len(p) + 1, nil }

func TestBadWriteCount(t *testing.T) {
	w := NewWriter(badCount{})
	w.Int(1)
	var we *WriteError
	if err := w.Flush(); !errors.As(err, &we) || we.Offset != 0 {
		t.Fatalf("%v", err)
	}
}
