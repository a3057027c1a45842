package stream

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
)

// readStringStreamed reads the string value of doc with StringReader, from a stream Reader that
// reads doc in short pieces with the smallest buffer, in reads of random sizes, and returns the
// text and the error (nil at io.EOF), and the value after it.
func readStringStreamed(doc []byte, seed uint64, strict bool) (text, after string, err error) {
	r := NewStreamReader(faulty.NewReader(doc, seed, 5), ReaderOptions{BufferSize: 1, StrictStrings: strict})
	arr := r.Array()
	if !arr.Next() {
		return "", "", r.Err()
	}
	sr := r.StringReader()
	rng := rand.New(rand.NewPCG(seed, 9))
	var out []byte
	for {
		p := make([]byte, 1+rng.IntN(40))
		n, err := sr.Read(p)
		out = append(out, p[:n]...)
		if err == io.EOF {
			break
		}
		if err != nil {
			return string(out), "", err
		}
	}
	after = ""
	if arr.Next() {
		after = string(r.Raw())
	}
	return string(out), after, r.Err()
}

// readStringWhole is the reference: the same string read whole by a memory Reader.
func readStringWhole(doc []byte, strict bool) (text, after string, err error) {
	r := NewReader(doc, ReaderOptions{StrictStrings: strict})
	arr := r.Array()
	if !arr.Next() {
		return "", "", r.Err()
	}
	s := r.String()
	if err := r.Err(); err != nil {
		return s, "", err
	}
	after = ""
	if arr.Next() {
		after = string(r.Raw())
	}
	return s, after, r.Err()
}

// stringCases are string literals, between the quotes, for the tests of StringReader.
var stringCases = []string{
	``, `plain`, `a\"b\\c\/d\b\f\n\r\t`, `\u00e9\u20ac\ud83d\ude00`, "é€😀 mixed \\u0041", `\ud83d`, `\ud83dx`, `\ude00\ud83d`,
	"\xff\xfe bad \xe2\x82", `\\ud83d\ude00`, `\\\ud83d\ude00`, strings.Repeat(`<VAST a=\"1\">`, 500), strings.Repeat("é", 3000),
	strings.Repeat(`\ud83d\ude00`, 700), `\x`, "ctl\x01", `\u12`,
}

func TestStringReader(t *testing.T) {
	for _, lit := range stringCases {
		for _, strict := range []bool{false, true} {
			for seed := range uint64(4) {
				checkStringReader(t, []byte(`["`+lit+`", 7]`), seed, strict)
			}
		}
	}
}

func checkStringReader(t *testing.T, doc []byte, seed uint64, strict bool) {
	t.Helper()
	got, after, err := readStringStreamed(doc, seed, strict)
	want, wantAfter, wantErr := readStringWhole(doc, strict)
	if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("%q (strict %v): error %v, want %v", doc, strict, err, wantErr)
	}
	if err == nil && (got != want || after != wantAfter) {
		t.Fatalf("%q (strict %v): got %q then %q, want %q then %q", doc, strict, got, after, want, wantAfter)
	}
}

func FuzzStringReader(f *testing.F) {
	for _, lit := range stringCases {
		f.Add([]byte(lit), uint64(1), false)
	}
	f.Fuzz(func(t *testing.T, lit []byte, seed uint64, strict bool) {
		doc := append(append([]byte(`["`), lit...), `", 7]`...)
		checkStringReader(t, doc, seed, strict)
	})
}

func TestStringReaderNotString(t *testing.T) {
	r := NewReader([]byte(`[1]`))
	arr := r.Array()
	arr.Next()
	if _, err := io.ReadAll(r.StringReader()); err == nil || !strings.Contains(err.Error(), "string") {
		t.Errorf("a number: %v", err)
	}
}

// TestStringReaderBoundedMemory decodes a 64 MB string with escapes through StringReader from a
// reader that makes it as it goes: the heap stays far below its size.
func TestStringReaderBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 64 MB")
	}
	const n = 64 << 20
	piece := `<a href=\"x\">\u00e9</a>` // 24 bytes, decoding to 18
	src := io.MultiReader(strings.NewReader(`{"adm":"`), &repeatString{s: piece, n: n / len(piece)}, strings.NewReader(`"}`))
	r := NewStreamReader(src)
	obj := r.Object()
	obj.Next()
	var w countWriter
	if _, err := io.Copy(&w, r.StringReader()); err != nil {
		t.Fatal(err)
	}
	if want := int64(n/len(piece)) * 18; w.n != want || obj.Next() || r.End() != nil {
		t.Errorf("decoded %d bytes, want %d; %v", w.n, want, r.Err())
	}
	if w.peak > 16<<20 {
		t.Errorf("heap in use reached %d MB", w.peak>>20)
	}
}

// A repeatString gives n copies of s.
type repeatString struct {
	s   string
	n   int
	off int
}

func (r *repeatString) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:], r.s[r.off:])
		k += c
		if r.off += c; r.off == len(r.s) {
			r.off, r.n = 0, r.n-1
		}
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

// writeStringStreamed writes text as a string value with StringWriter, in pieces of random sizes,
// under esc, and returns the output.
func writeStringStreamed(text []byte, esc *Escaper, seed uint64, chunk int) ([]byte, error) {
	var out bytes.Buffer
	w := NewWriter(&out)
	w.SetChunkSize(chunk)
	w.SetEscaper(esc)
	w.BeginArray()
	sw := w.StringWriter()
	rng := rand.New(rand.NewPCG(seed, 3))
	for i := 0; i < len(text); {
		n := min(len(text)-i, rng.IntN(9))
		if _, err := sw.Write(text[i : i+n]); err != nil {
			return out.Bytes(), err
		}
		i += n
	}
	if err := sw.Close(); err != nil {
		return out.Bytes(), err
	}
	w.Int(7)
	w.EndArray()
	err := w.Close()
	return out.Bytes(), err
}

// writeStringWhole is the reference: StringBytes of the whole text.
func writeStringWhole(text []byte, esc *Escaper) ([]byte, error) {
	var out bytes.Buffer
	w := NewWriter(&out)
	w.SetEscaper(esc)
	w.BeginArray()
	if err := w.StringBytes(text); err != nil {
		return nil, err
	}
	w.Int(7)
	w.EndArray()
	err := w.Close()
	return out.Bytes(), err
}

var stringEscapers = []*Escaper{NewEscaper(0, ""), EncodingJSONLegacy, EncodingJSONOnV2, NewEscaper(EscapeNonASCII|EscapeSlash, "#"),
	NewEscaper(RejectInvalidUTF8, "")}

func checkStringWriter(t *testing.T, text []byte, seed uint64) {
	t.Helper()
	for _, esc := range stringEscapers {
		for _, chunk := range []int{MinChunkSize, DefaultChunkSize} {
			got, err := writeStringStreamed(text, esc, seed, chunk)
			want, wantErr := writeStringWhole(text, esc)
			if (err == nil) != (wantErr == nil) {
				t.Fatalf("%q: error %v, want %v", text, err, wantErr)
			}
			var te, wte *TokenError
			if err != nil && errors.As(err, &te) && errors.As(wantErr, &wte) && te.Offset != wte.Offset {
				t.Fatalf("%q: error %v, want %v", text, err, wantErr)
			}
			if err == nil && !bytes.Equal(got, want) {
				t.Fatalf("%q (chunk %d): got %s, want %s", text, chunk, got, want)
			}
		}
	}
}

func TestStringWriter(t *testing.T) {
	for _, s := range []string{"", "plain", "é€😀\u2028<&>\"\\/\x01", "\xff\xe2\x82 cut \xf0\x9f\x98", strings.Repeat("é😀<", 2000),
		strings.Repeat(`<VAST version="4.0">`, 1000)} {
		for seed := range uint64(4) {
			checkStringWriter(t, []byte(s), seed)
		}
	}
}

func FuzzStringWriter(f *testing.F) {
	f.Add([]byte("é€😀\u2028<&>\"\\/\x01\xff"), uint64(1))
	f.Fuzz(func(t *testing.T, text []byte, seed uint64) { checkStringWriter(t, text, seed) })
}

// TestStringWriterBoundedMemory writes a 64 MB string through StringWriter to a counting writer:
// the heap stays far below its size, and every write to the destination is at most a chunk.
func TestStringWriterBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 64 MB")
	}
	var cw countWriter
	w := NewWriter(&cw)
	sw := w.StringWriter()
	piece := []byte(strings.Repeat(`<a href="x">é</a>`, 64))
	for range (64 << 20) / len(piece) {
		if _, err := sw.Write(piece); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Close(); err != nil || w.Close() != nil {
		t.Fatal(err, w.Err())
	}
	if cw.peak > 16<<20 {
		t.Errorf("heap in use reached %d MB", cw.peak>>20)
	}
}
