package stream

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stridejson/stride/internal/faulty"
)

// longTokens are documents of one long token each, n bytes of it, for the refill tests: numbers
// (integer, fraction, exponent), strings (plain, escaped, non-ASCII) and a string past the token
// limit, with the method that reads each.
func longTokens(n int) []struct {
	name string
	doc  []byte
	read func(r *Reader)
} {
	num := func(r *Reader) { r.Number() }
	str := func(r *Reader) { r.StringBytes() }
	skip := func(r *Reader) { r.SkipValue() }
	digits := strings.Repeat("1234567890", n/10)
	plain := strings.Repeat("abcdefghij", n/10)
	escaped := strings.Repeat(`abc\n\"\u00e9`, n/16)
	nonASCII := strings.Repeat("héllo wörld ", n/14)
	return []struct {
		name string
		doc  []byte
		read func(r *Reader)
	}{
		{"integer", []byte(digits + " "), num},
		{"integer/eof", []byte(digits), num},
		{"fraction", []byte("0." + digits), num},
		{"exponent", []byte("-1." + digits + "e+" + digits), num},
		{"integer/skip", []byte("[" + digits + "]"), skip},
		{"fraction/skip", []byte("[1." + digits + "]"), skip},
		{"string", []byte(`"` + plain + `"`), str},
		{"string/escaped", []byte(`"` + escaped + `"`), str},
		{"string/nonascii", []byte(`"` + nonASCII + `"`), str},
		{"string/skip", []byte(`["` + escaped + `"]`), skip},
		{"string/unterminated", []byte(`"` + plain), str},
	}
}

// TestRefillLinear reads long tokens one byte per Read and holds the bytes the token scans are
// handed, over all the refills, to a small multiple of the token's length: a scan resumes where
// the last one stopped, so the cost is linear whatever the read sizes (a 1 MB number rescanned
// from its start at every refill would hand the scans 5e11 bytes).
func TestRefillLinear(t *testing.T) {
	n := 1 << 20
	if testing.Short() {
		n = 256 << 10
	}
	for _, tc := range longTokens(n) {
		t.Run(tc.name, func(t *testing.T) {
			want := NewReader(tc.doc)
			tc.read(want)
			want.End()
			src := faulty.NewReader(tc.doc, 1, 1)
			r := NewStreamReader(src, ReaderOptions{BufferSize: 64})
			tc.read(r)
			r.End()
			if !sameErr(r.Err(), want.Err()) {
				t.Fatalf("stream reader: %v\nmemory reader: %v", r.Err(), want.Err())
			}
			if max := 4 * int64(len(tc.doc)); r.scanned > max {
				t.Errorf("the scans of a %d-byte token read one byte at a time were handed %d bytes, want at most %d",
					len(tc.doc), r.scanned, max)
			}
		})
	}
}

// TestRefillLimit reads a string past the token limit one byte per Read: it is rejected at the
// limit, its bytes scanned once. (16 MiB, as a slow network could send, in about a second.)
func TestRefillLimit(t *testing.T) {
	n := 16 << 20
	if testing.Short() {
		n = 2 << 20
	}
	doc := append(append([]byte{'"'}, bytes.Repeat([]byte("abcdefgh"), n/8)...), '"')
	r := NewStreamReader(faulty.NewReader(doc, 1, 1), ReaderOptions{MaxTokenSize: n})
	r.StringBytes()
	var se *SyntaxError
	if !errors.As(r.Err(), &se) || !strings.Contains(se.Error(), "token exceeds the limit") {
		t.Fatalf("err = %v, want the token limit", r.Err())
	}
	if max := 2 * int64(n); r.scanned > max {
		t.Errorf("the scans of a %d-byte string were handed %d bytes, want at most %d", n, r.scanned, max)
	}
}

func sameErr(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Error() == b.Error()
}

// BenchmarkRefill reads one long token arriving one byte per Read (a slow network); the time per
// byte stays flat as the token grows.
func BenchmarkRefill(b *testing.B) {
	for _, n := range []int{64 << 10, 1 << 20} {
		for _, tc := range longTokens(n) {
			b.Run(tc.name+"/"+sizeName(n), func(b *testing.B) {
				br := bytes.NewReader(tc.doc)
				src := iotest.OneByteReader(br)
				r := NewStreamReader(src)
				b.SetBytes(int64(len(tc.doc)))
				b.ReportAllocs()
				for b.Loop() {
					br.Reset(tc.doc)
					r.ResetReader(src)
					tc.read(r)
				}
			})
		}
	}
}

func sizeName(n int) string {
	if n >= 1<<20 {
		return strconv.Itoa(n>>20) + "MiB"
	}
	return strconv.Itoa(n>>10) + "KiB"
}
