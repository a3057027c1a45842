package stream

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestWriterClose: Close reports every unfinished document, in memory and streaming, where Flush
// does not; a complete one it flushes whole. Whether a document is complete is encoding/json's
// call (its Decoder reads what was written).
func TestWriterClose(t *testing.T) {
	for _, tc := range []struct {
		name  string
		write func(w *Writer)
		where string // "" when the document is complete
	}{
		{"array open", func(w *Writer) { w.BeginArray(); w.Int(1) }, "inside an array (depth 1)"},
		{"empty array open", func(w *Writer) { w.BeginArray() }, "inside an array (depth 1)"},
		{"object open", func(w *Writer) { w.BeginObject(); w.Name("a"); w.Int(1) }, "inside an object (depth 1)"},
		{"name without value", func(w *Writer) { w.BeginObject(); w.Name("a") }, "after an object member name, before its value (depth 1)"},
		{"nested", func(w *Writer) { w.BeginArray(); w.BeginObject(); w.Name("a"); w.BeginArray() }, "inside an array (depth 3)"},
		{"complete", func(w *Writer) { w.BeginArray(); w.Int(1); w.EndArray() }, ""},
		{"scalar", func(w *Writer) { w.String("x") }, ""},
		{"ndjson", func(w *Writer) { w.Int(1); w.Newline(); w.Int(2); w.Newline() }, ""},
	} {
		for _, streaming := range []bool{false, true} {
			var dst bytes.Buffer
			w := NewWriter(nil)
			if streaming {
				w = NewWriter(&dst)
			}
			w.SetIndent("", " ")
			tc.write(w)
			if err := w.Flush(); err != nil {
				t.Fatalf("%s: Flush: %v", tc.name, err)
			}
			out := append(dst.Bytes(), w.Bytes()...)
			complete := stdComplete(out)
			if complete != (tc.where == "") {
				t.Fatalf("%s: encoding/json says complete=%v for %q", tc.name, complete, out)
			}
			n := w.OutputOffset()
			err := w.Close()
			var te *TokenError
			switch {
			case tc.where == "" && err != nil:
				t.Errorf("%s (streaming %v): Close = %v", tc.name, streaming, err)
			case tc.where != "" && (!errors.As(err, &te) || te.Offset != n || !strings.HasSuffix(te.Msg, tc.where)):
				t.Errorf("%s (streaming %v): Close = %v, want a *TokenError %q at %d", tc.name, streaming, err, tc.where, n)
			}
			if w.Close() != err || w.Err() != err {
				t.Errorf("%s: a second Close or Err gives %v, %v; want %v", tc.name, w.Close(), w.Err(), err)
			}
			if streaming && tc.where == "" && (len(w.Bytes()) != 0 || !bytes.Equal(dst.Bytes(), out)) {
				t.Errorf("%s: Close left %q buffered", tc.name, w.Bytes())
			}
		}
	}
}

// TestWriterAfterClose: a token after Close is a *TokenError, and Reset makes the Writer usable again.
func TestWriterAfterClose(t *testing.T) {
	for _, write := range []func(w *Writer) error{
		func(w *Writer) error { return w.Int(2) },
		func(w *Writer) error { return w.String("x") },
		func(w *Writer) error { return w.BeginArray() },
		func(w *Writer) error { return w.EndArray() },
		func(w *Writer) error { return w.EndObject() },
		func(w *Writer) error { return w.Name("a") },
		func(w *Writer) error { return w.Newline() },
		func(w *Writer) error { return w.Raw([]byte("1")) },
		func(w *Writer) error { return w.Raw([]byte("{")) },
		func(w *Writer) error { return w.Number("1x") },
	} {
		var w Writer
		w.Int(1)
		w.Newline()
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		var te *TokenError
		if err := write(&w); !errors.As(err, &te) || te.Msg != "token written after Close" || w.Close() != err {
			t.Errorf("after Close: %v", err)
		}
		if string(w.Bytes()) != "1\n" {
			t.Errorf("output %q", w.Bytes())
		}
		w.Reset(nil)
		if err := w.Int(3); err != nil || w.Close() != nil || string(w.Bytes()) != "3" {
			t.Errorf("after Reset: %v, %q", err, w.Bytes())
		}
	}
}

// TestWriterMisplacedInvalid: an invalid Raw or Number where no value may go reports what a valid
// one would (a value where a name is expected, a second top-level value, the sticky error), not
// the fault in its bytes.
func TestWriterMisplacedInvalid(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(w *Writer)
		msg   string
	}{
		{"name expected", func(w *Writer) { w.BeginObject() }, "value where an object member name is expected"},
		{"second value", func(w *Writer) { w.Int(1) }, "second top-level value without a separator"},
		{"sticky", func(w *Writer) { w.EndArray() }, "unbalanced"},
	} {
		for _, write := range []func(w *Writer) error{
			func(w *Writer) error { return w.Raw([]byte(`[1,`)) },
			func(w *Writer) error { return w.Number("01") },
		} {
			var valid, invalid Writer
			tc.setup(&valid)
			tc.setup(&invalid)
			want := valid.Raw([]byte("1"))
			var te *TokenError
			if !errors.As(want, &te) || !strings.Contains(te.Msg, tc.msg) {
				t.Fatalf("%s: a valid Raw gives %v", tc.name, want)
			}
			if err := write(&invalid); err == nil || err.Error() != want.Error() || invalid.Err() != err {
				t.Errorf("%s: got %v (sticky %v), want %v", tc.name, err, invalid.Err(), want)
			}
		}
	}
}

// TestWriterCloseWriteError: Close returns the destination's error from its final flush.
func TestWriterCloseWriteError(t *testing.T) {
	w := NewWriter(failWriter{})
	w.Int(1)
	var we *WriteError
	if err := w.Close(); !errors.As(err, &we) {
		t.Fatalf("Close = %v, want a *WriteError", err)
	}
}

// stdComplete reports whether encoding/json's Decoder reads out as complete top-level values.
func stdComplete(out []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var v any
		if err := dec.Decode(&v); err != nil {
			return err == io.EOF
		}
	}
}

type failWriter struct{}

func (failWriter) Write(p []byte) (int, error) { return 0, errors.New("boom") }
