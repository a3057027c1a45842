package stream

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
)

// Helpers shared by the Reader tests: ways to read a whole input that record everything the Reader
// said, so that two readers (memory and stream) or a reader and encoding/json can be compared.

// readMode chooses how trace reads values.
type readMode int

const (
	modeTokens readMode = iota // Kind, then the method for the kind, containers with Object/Array
	modeSkip                   // SkipValue per top-level value
	modeRaw                    // Raw per top-level value
	modeTyped                  // Int64/Float64/String/Bool/Null by Kind, names kept, RejectDuplicateNames-free
)

// trace reads every top-level value of r and returns what it read and the final error, as text.
func trace(r *Reader, mode readMode) []string {
	var out []string
	for r.More() {
		switch mode {
		case modeSkip:
			r.SkipValue()
			out = append(out, "skip@"+strconv.FormatInt(r.InputOffset(), 10))
		case modeRaw:
			out = append(out, "raw:"+string(r.Raw()))
		default:
			out = traceValue(r, mode, out)
		}
		if r.Err() != nil {
			break
		}
	}
	if err := r.End(); err != nil {
		out = append(out, "error: "+err.Error())
	}
	return out
}

func traceValue(r *Reader, mode readMode, out []string) []string {
	switch r.Kind() {
	case KindObject:
		out = append(out, "{")
		for obj := r.Object(); obj.Next(); {
			out = append(out, "name:"+string(obj.Name()))
			out = traceValue(r, mode, out)
		}
		out = append(out, "}")
	case KindArray:
		out = append(out, "[")
		for arr := r.Array(); arr.Next(); {
			out = traceValue(r, mode, out)
		}
		out = append(out, "]")
	case KindString:
		if mode == modeTyped {
			out = append(out, "s:"+r.String())
		} else {
			out = append(out, "s:"+string(r.StringBytes()))
		}
	case KindNumber:
		if mode == modeTyped {
			out = append(out, fmt.Sprint("f:", r.Float64()))
		} else {
			out = append(out, "n:"+string(r.Number()))
		}
	case KindBool:
		out = append(out, fmt.Sprint(r.Bool()))
	case KindNull:
		r.Null()
		out = append(out, "null")
	default:
		r.SkipValue() // reports the error
		out = append(out, "none")
	}
	return out
}

// streamReaders returns stream readers of data that see it in different pieces.
func streamReaders(data []byte, seed uint64, opts ReaderOptions) []*Reader {
	opts1 := opts
	opts1.BufferSize = 1 // the minimum: the buffer grows with every token that needs it
	return []*Reader{
		NewStreamReader(faulty.NewReader(data, seed, 1), opts1),
		NewStreamReader(faulty.NewReader(data, seed, 7), opts1),
		NewStreamReader(faulty.NewReader(data, seed+1, 100), opts),
		NewStreamReader(bytes.NewReader(data), opts),
	}
}

// checkSame reads data from memory and through every stream reader, in every mode, and requires the
// same trace from all.
func checkSame(t testing.TB, data []byte, seed uint64, opts ReaderOptions) {
	t.Helper()
	for _, mode := range []readMode{modeTokens, modeSkip, modeRaw, modeTyped} {
		want := trace(NewReader(data, opts), mode)
		for i, sr := range streamReaders(data, seed, opts) {
			got := trace(sr, mode)
			if !equal(got, want) {
				t.Fatalf("mode %d, stream reader %d of %q:\n got %q\nwant %q", mode, i, data, got, want)
			}
		}
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// readAny reads one value into the types json.Unmarshal gives an any.
func readAny(r *Reader) any {
	switch r.Kind() {
	case KindObject:
		m := map[string]any{}
		for obj := r.Object(); obj.Next(); {
			name := string(obj.Name())
			m[name] = readAny(r)
		}
		return m
	case KindArray:
		a := []any{}
		for arr := r.Array(); arr.Next(); {
			a = append(a, readAny(r))
		}
		return a
	case KindString:
		return r.String()
	case KindNumber:
		return r.Float64()
	case KindBool:
		return r.Bool()
	case KindNull:
		r.Null()
		return nil
	}
	r.SkipValue()
	return nil
}

// valid reports whether data is one JSON value, as the Reader sees it.
func valid(r *Reader) bool {
	r.SkipValue()
	return r.End() == nil
}

// unmarshal is the reference: json.Unmarshal into an any.
func unmarshal(data []byte) (any, error) {
	var v any
	err := json.Unmarshal(data, &v)
	return v, err
}

func syntaxErr(t testing.TB, err error) *SyntaxError {
	t.Helper()
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("error %v (%T) is not a *SyntaxError", err, err)
	}
	return se
}
