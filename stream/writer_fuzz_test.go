package stream

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"math"
	"testing"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/faulty"
)

// play interprets data as a sequence of Writer calls and makes them on every writer in ws, stopping
// at the first error. It reports whether any value was written and whether Newline was called.
func play(data []byte, ws ...*Writer) {
	next := func(n int) []byte {
		n = min(n, len(data))
		b := data[:n]
		data = data[n:]
		return b
	}
	text := func() []byte {
		n := 0
		if b := next(1); len(b) == 1 {
			n = int(b[0] % 40)
		}
		return next(n)
	}
	u64 := func() uint64 {
		var b [8]byte
		copy(b[:], next(8))
		return binary.LittleEndian.Uint64(b[:])
	}
	for len(data) > 0 {
		op := next(1)[0] % 17
		var s []byte
		var u uint64
		switch op {
		case 4, 5, 10, 11, 13:
			s = text()
		case 6, 7, 14, 15:
			u = u64()
		}
		for _, w := range ws {
			var err error
			switch op {
			case 0:
				err = w.BeginObject()
			case 1:
				err = w.EndObject()
			case 2:
				err = w.BeginArray()
			case 3:
				err = w.EndArray()
			case 4:
				err = w.Name(string(s))
			case 5:
				err = w.String(string(s))
			case 6:
				err = w.Int64(int64(u))
			case 7:
				err = w.Float64(math.Float64frombits(u))
			case 8:
				err = w.Bool(true)
			case 9:
				err = w.Null()
			case 10:
				err = w.Raw(s)
			case 11:
				err = w.Number(string(s))
			case 12:
				err = w.Newline()
			case 13:
				err = w.NameBytes(s)
			case 14:
				err = w.Float32(math.Float32frombits(uint32(u)))
			case 15:
				err = w.Uint64(u)
			case 16:
				err = w.StringBytes(s)
			}
			if err != nil && err != w.Err() {
				panic("an error that is not the sticky one")
			}
		}
	}
}

// FuzzWriter makes random call sequences on an in-memory writer and on a streaming one with the
// smallest chunk. Without an error, a finished document must be valid JSON (a sequence of values
// separated by newlines); with one, both writers must report the same error; and the streamed
// bytes must equal (or, after an error, be a prefix of) the in-memory output.
func FuzzWriter(f *testing.F) {
	f.Add([]byte{0, 0, 4, 1, 'a', 5, 2, 'b', 'c', 1})
	f.Add([]byte{1, 2, 6, 1, 2, 3, 4, 5, 6, 7, 8, 7, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 3, 12, 8})
	f.Add([]byte{4, 2, 10, 5, '[', '1', ',', '2', ']', 11, 3, '-', '0', '5', 3})
	f.Add([]byte{3, 0, 4, 2, 0xff, 'a', 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		mem := NewWriter(nil)
		dst := &faulty.Writer{Limit: -1}
		st := NewWriter(dst)
		st.SetChunkSize(MinChunkSize)
		if len(data) > 0 {
			// The first byte chooses the settings: indentation, and an escaper.
			mode := data[0]
			data = data[1:]
			for _, w := range []*Writer{mem, st} {
				if mode&1 != 0 {
					w.SetIndent("\r", " ")
				}
				w.SetEscaper([]*Escaper{EncodingJSON, Minimal, NewEscaper(EscapeNonASCII|RejectInvalidUTF8, "")}[int(mode>>1)%3])
			}
		}
		play(data, mem, st)
		merr, serr := mem.Err(), st.Flush()
		out := mem.Bytes()
		if (merr == nil) != (serr == nil) || merr != nil && merr.Error() != serr.Error() {
			t.Fatalf("in memory: %v; streaming: %v", merr, serr)
		}
		if merr != nil {
			if !bytes.HasPrefix(out, dst.Got) {
				t.Fatalf("streamed %q, not a prefix of %q", dst.Got, out)
			}
			var te *TokenError
			if !errors.As(merr, &te) || te.Offset != int64(len(out)) {
				t.Fatalf("error %v at %d bytes of output", merr, len(out))
			}
			return
		}
		if !bytes.Equal(out, dst.Got) {
			t.Fatalf("streamed %q, in memory %q", dst.Got, out)
		}
		if mem.Depth() > 0 || len(out) == 0 {
			return
		}
		if !utf8.Valid(out) {
			t.Fatalf("invalid UTF-8 in %q", out)
		}
		dec := json.NewDecoder(bytes.NewReader(out))
		for {
			var v json.RawMessage
			err := dec.Decode(&v)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("output %q: %v", out, err)
			}
		}
	})
}

// FuzzRaw compares Raw with json.Valid: Raw accepts exactly what json.Valid accepts, less invalid
// UTF-8 (which json.Valid lets through inside strings), and writes the value byte for byte without
// the white space around it; a rejection is the Reader's *SyntaxError with a position in the input.
func FuzzRaw(f *testing.F) {
	for _, s := range rawCases {
		f.Add([]byte(s))
	}
	var reused Writer
	f.Fuzz(func(t *testing.T, b []byte) {
		checkRaw(t, &reused, b)
	})
}
