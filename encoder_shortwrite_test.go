package stride

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
)

// TestEncoderShortWrite gives an Encoder a writer that takes fewer bytes than it is given and
// returns no error, at every kind of point: inside the one Write of a small value, inside a chunk
// of a large one, inside a long string written in pieces, indented or not. The Encoder must report
// io.ErrShortWrite there, write nothing more, and return the error from every later Encode.
func TestEncoderShortWrite(t *testing.T) {
	values := []any{
		map[string]any{"a": []int{1, 2, 3}, "b": "text"},
		bigValue(2000),
		[]string{strings.Repeat("long <string> ", 40000), "after"},
	}
	for _, v := range values {
		for _, indent := range []string{"", "  "} {
			var want bytes.Buffer
			je := json.NewEncoder(&want)
			je.SetIndent("", indent)
			if err := je.Encode(v); err != nil {
				t.Fatal(err)
			}
			whole := want.Len()
			for _, limit := range []int{0, 1, whole / 3, whole - 2, whole - 1} {
				w := &faulty.Writer{Limit: limit, Short: true}
				enc := NewEncoder(w)
				enc.SetIndent("", indent)
				err := enc.Encode(v)
				if !errors.Is(err, io.ErrShortWrite) {
					t.Errorf("%d bytes of %d, indent %q: Encode error %v, want io.ErrShortWrite", limit, whole, indent, err)
				}
				if !bytes.HasPrefix(want.Bytes(), w.Got) {
					t.Errorf("%d bytes of %d: the writer got bytes that are not the value's", limit, whole)
				}
				if len(w.Got) != limit {
					t.Errorf("%d bytes of %d: the writer got %d bytes", limit, whole, len(w.Got))
				}
				calls := w.Calls
				if err := enc.Encode(1); !errors.Is(err, io.ErrShortWrite) {
					t.Errorf("%d bytes of %d: the next Encode error %v, want io.ErrShortWrite", limit, whole, err)
				}
				if w.Failed != 0 || w.Calls != calls {
					t.Errorf("%d bytes of %d: %d writes after the short one", limit, whole, w.Calls-calls+w.Failed)
				}
			}
			// A writer that takes everything: the same Encoder writes every value whole.
			w := &faulty.Writer{Limit: -1}
			enc := NewEncoder(w)
			enc.SetIndent("", indent)
			if err := enc.Encode(v); err != nil || !bytes.Equal(w.Got, want.Bytes()) {
				t.Errorf("indent %q: Encode to a good writer: error %v, %d bytes of %d", indent, err, len(w.Got), whole)
			}
		}
	}
}

// TestEncoderWriteErrorSticky checks that a writer's own error also ends the stream, and that a
// value that cannot be encoded (without a write error) does not.
func TestEncoderWriteErrorSticky(t *testing.T) {
	w := &faulty.Writer{Limit: 10}
	enc := NewEncoder(w)
	if err := enc.Encode(bigValue(100)); !errors.Is(err, faulty.ErrInjected) {
		t.Fatalf("Encode error %v, want the writer's", err)
	}
	if err := enc.Encode(1); !errors.Is(err, faulty.ErrInjected) || w.Failed != 0 {
		t.Errorf("next Encode: error %v, %d writes after the failed one", err, w.Failed)
	}
	var buf bytes.Buffer
	enc = NewEncoder(&buf)
	if err := enc.Encode(func() {}); err == nil {
		t.Fatal("Encode of a func: no error")
	}
	if err := enc.Encode(1); err != nil || buf.String() != "1\n" {
		t.Errorf("Encode after an unsupported value: error %v, output %q", err, buf.String())
	}
}
