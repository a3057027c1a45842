package stride

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
)

// scalarStreams are top-level numbers and literal names, whole, cut off, broken, and run
// together ("01" is two values to encoding/json's Decoder, "truex" true and then an error).
var scalarStreams = []string{
	"0", "-0", "12", "01", "-01", "00", "0x", "2x", "1.", "1.e5", "1.5e3x", "1e", "1e+", "1ee5", "-", "-x",
	"--1", "1.5.", "-0.0e-0", "1E5 2", "12 34", "0 1", "1e+5 true", "1,2", "7]", "  7", "3\n",
	"true", "truex", "tru", "tx", "true false null", "nul", "nulll", "falsee", "f", "nx", "true1", "null]",
	// Numbers out of float64's range, alone, after a value, inside an array.
	"1e999", "0 1e999", "01e999", "[1e999]", "-1e400 0", "1 " + strings.Repeat("9", 320),
}

// otherStreams hold values of other kinds, and bytes that begin none, with a read error before
// or after them.
var otherStreams = []string{"x", " x", "]", `"a"x`, `"ab`, "[1] x", "[x", "[1", "{x", "[1,x]", "  "}

// countingBytes counts the bytes a faulty.Reader has handed out.
type countingBytes struct {
	r *faulty.Reader
	n int
}

func (c *countingBytes) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestDecoderScalarEnds decodes top-level scalars with both decoders, read one byte at a time or
// in random pieces, ending in io.EOF or in another read error (after the last bytes or with them),
// and compares values, errors and offsets; read a byte at a time, the Decoder must have read as
// far as encoding/json's after each value, no further: it waits for the byte that ends a scalar
// and stops at a byte that breaks one. Other values (otherStreams) are compared the same way but
// for what was read.
func TestDecoderScalarEnds(t *testing.T) {
	boom := errors.New("boom")
	for k, s := range append(scalarStreams[:len(scalarStreams):len(scalarStreams)], otherStreams...) {
		scalar := k < len(scalarStreams)
		for _, end := range []string{"EOF", "error after", "error with"} {
			for _, maxRead := range []int{1, 4, 100} {
				mk := func() *countingBytes {
					r := faulty.NewReader([]byte(s), uint64(maxRead), maxRead)
					if end != "EOF" {
						r.Err, r.ErrWithData = boom, end == "error with"
					}
					return &countingBytes{r: r}
				}
				oursIn, theirsIn := mk(), mk()
				ours, theirs := NewDecoder(oursIn), json.NewDecoder(theirsIn)
				for i := 0; i < 5; i++ {
					var got, want any
					err, wantErr := ours.Decode(&got), theirs.Decode(&want)
					where := fmt.Sprintf("%q, %s, pieces of %d, value %d", s, end, maxRead, i)
					if !sameError(err, wantErr) || !reflect.DeepEqual(got, want) {
						t.Fatalf("%s: got %v, %v; want %v, %v", where, got, err, want, wantErr)
					}
					if g, w := ours.InputOffset(), theirs.InputOffset(); g != w {
						t.Errorf("%s: InputOffset %d, want %d", where, g, w)
					}
					// NOTE: on a v2-based build the Decoder reads up to four bytes more after an
					// error, for the whole of a character the message shows (replay).
					if scalar && maxRead == 1 && (wantErr == nil || !v2Based) && oursIn.n != theirsIn.n {
						t.Errorf("%s: read %d bytes, encoding/json %d", where, oursIn.n, theirsIn.n)
					}
					if wantErr != nil {
						break
					}
				}
			}
		}
	}
}

// TestDecoderScalarStreams runs the differential checks of decoder_test.go (Decode in every mode,
// Token walks with and without Decode) on the scalar streams.
func TestDecoderScalarStreams(t *testing.T) {
	for _, s := range scalarStreams {
		for seed := range uint64(3) {
			for _, mode := range []string{"any", "number", "struct", "strict"} {
				checkDecodeStream(t, []byte(s), seed, mode)
			}
			checkTokenStream(t, []byte(s), seed, false)
			checkTokenStream(t, []byte(s), seed, true)
		}
	}
}

// TestDecoderScalarMaxInputSize checks MaxInputSize on top-level scalars read a byte at a time: a
// scalar is read to the byte that ends it, at most one byte past the limit.
func TestDecoderScalarMaxInputSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		lim  int64
		want []string // each Decode's value as JSON, or the start of its error
	}{
		{"123 4567 89", 4, []string{"123", "input exceeds"}},
		{"1234", 4, []string{"1234"}},
		{"12345", 4, []string{"input exceeds"}},
		{"   12", 4, []string{"input exceeds"}},
		{"true false", 5, []string{"true", "input exceeds"}},
		{"1.e5555555", 4, []string{"invalid character 'e'"}},
		{"tx", 1, []string{"invalid character 'x'"}},
		{"01", 1, []string{"0", "1"}},
	} {
		dec := NewDecoder(&countingBytes{r: faulty.NewReader([]byte(tc.in), 1, 1)})
		dec.SetOptions(UnmarshalOptions{MaxInputSize: tc.lim})
		for i, want := range tc.want {
			var v any
			got := ""
			if err := dec.Decode(&v); err != nil {
				got = err.Error()
			} else {
				b, _ := json.Marshal(v)
				got = string(b)
			}
			if !strings.Contains(got, want) {
				t.Errorf("%q limit %d value %d: %s, want %s", tc.in, tc.lim, i, got, want)
			}
		}
		if err := dec.Decode(new(any)); err != io.EOF && len(tc.want) == 1 && tc.want[0][0] != 'i' {
			t.Errorf("%q limit %d: after the values, %v", tc.in, tc.lim, err)
		}
	}
}
