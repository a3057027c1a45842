package stride

import (
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonread"
)

// The decode buffers keep what recent documents needed: a document with a long string between
// small ones does not have its buffer made again each time, and one huge document does not leave
// its buffer to every document after it.

type keepDoc struct{ S string }

// keepDocOf returns a document with a string of n bytes that needs decoding (it has escapes).
func keepDocOf(n int) []byte {
	return []byte(`{"S":"` + strings.Repeat(`abc\n`, n/4) + `"}`)
}

// decodeWith is Unmarshal of valid data with cursor c, which Unmarshal takes from its pool.
func decodeWith(c *jsonread.Cursor, data []byte, v any) error {
	d := codec.DecodeState{Data: data, R: c}
	c.Reset(data)
	return d.Unmarshal(v)
}

// allocatedBytes returns the bytes f allocates, with the collector off so that no pool is
// emptied in between.
func allocatedBytes(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestUnmarshalBufferKeepsRecentNeed alternates a document with a 1.25 MiB string and a small one
// through one cursor, as Unmarshal's pool hands the same one back: past the first pair, each pair
// allocates the two strings it decodes and not the decode buffer again.
func TestUnmarshalBufferKeepsRecentNeed(t *testing.T) {
	big, small := keepDocOf(5<<18), keepDocOf(40)
	c := new(jsonread.Cursor)
	pair := func() {
		for _, doc := range [][]byte{big, small} {
			var v keepDoc
			if err := decodeWith(c, doc, &v); err != nil {
				t.Fatal(err)
			}
		}
	}
	pair()
	const pairs = 20
	got := allocatedBytes(func() {
		for range pairs {
			pair()
		}
	})
	// NOTE: measured 1,310,784 bytes a pair (the big string itself, 5<<18 bytes); sized by the
	// last document alone, the buffer was made again for each big one: 3,967,002 bytes a pair.
	if perPair, limit := got/pairs, uint64(len(big))*3/2; perPair > limit {
		t.Errorf("%d bytes allocated a pair, over %d: the decode buffer is made again", perPair, limit)
	}
	// Documents with no long string let it go after a while.
	for range 2 * jsonread.KeepDocs {
		var v keepDoc
		if err := decodeWith(c, small, &v); err != nil {
			t.Fatal(err)
		}
	}
	if n := cap(c.Str); n > 4<<10 {
		t.Errorf("after %d small documents the decode buffer holds %d bytes", 2*jsonread.KeepDocs, n)
	}
}

// chunkReader serves s in reads of at most n bytes.
type chunkReader struct {
	s string
	n int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.s)
	r.s = r.s[k:]
	return k, nil
}

// TestDecoderBufferShrinks reads one 10 MB document and then 2,000 small ones from one stream:
// the Decoder's buffers must come down to what the small ones need.
func TestDecoderBufferShrinks(t *testing.T) {
	var in strings.Builder
	in.Write(keepDocOf(10_000_000))
	for i := range 2000 {
		in.WriteString(" ")
		in.Write(keepDocOf(40 + i%7))
	}
	for _, value := range []bool{false, true} { // into a zero value (stream mode), or not
		dec := NewDecoder(&chunkReader{s: in.String(), n: 32 << 10})
		// The largest buffers held over the last 1,000 values (the last one, which ends the
		// input, lets its buffer go in any case).
		var bufMax, strMax int
		for i := 0; ; i++ {
			v := keepDoc{}
			if value {
				v.S = "not zero"
			}
			if err := dec.Decode(&v); err == io.EOF {
				break
			} else if err != nil {
				t.Fatal(err)
			}
			if i > 1000 {
				bufMax, strMax = max(bufMax, cap(dec.in.Buf)), max(strMax, cap(dec.mem.Str))
			}
		}
		// NOTE: measured 16 MiB kept in buf (and 10 MB in mem.str for a value not zero) before
		// the Decoder shrank them.
		if bufMax > 256<<10 || strMax > 64<<10 {
			t.Errorf("value %v: after the small documents the Decoder keeps %d bytes of read buffer and %d of decode buffer", value, bufMax, strMax)
		}
	}
}

// TestDecoderBufferKeepsRecentNeed alternates a document with a 1.25 MiB string and a small one
// through one Decoder, decoding into zero values (stream mode): past the first pairs, the buffers
// are not made again. (Into a value that is not zero, the Decoder finds each value's end with a
// stream.Reader, whose own buffer keeps to the same policy in stream/.)
func TestDecoderBufferKeepsRecentNeed(t *testing.T) {
	big, small := keepDocOf(5<<18), keepDocOf(40)
	var in strings.Builder
	const pairs = 24
	for range pairs {
		in.Write(big)
		in.Write(small)
	}
	dec := NewDecoder(&chunkReader{s: in.String(), n: 64 << 10})
	decode := func() {
		var v keepDoc
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	for range 4 {
		decode()
	}
	got := allocatedBytes(func() {
		for range pairs - 2 {
			decode()
			decode()
		}
	})
	if perPair, limit := got/(pairs-2), uint64(len(big))*3/2; perPair > limit {
		t.Errorf("%d bytes allocated a pair, over %d: a buffer is made again", perPair, limit)
	}
}
