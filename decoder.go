package stride

import (
	"bytes"
	"encoding/json"
	"io"
	"math"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/jsonstr"
	"github.com/stridejson/stride/stream"
)

// A Decoder reads and decodes JSON values from an input stream.
//
// A syntax error leaves the value as it was, as in encoding/json (see Unmarshal). An object or
// array decoded into a zero value of a type without decode methods of the caller's (see
// Unmarshal), with no options set, is decoded as it arrives: the buffer holds the part of the
// value not yet decoded, back to the start of the member or element being read, and what the
// last read brought, so a value of any size is read in bounded memory (tens of KiB, more for a
// longer string or number, which is held whole); a syntax error sets the value back to zero.
// Under SetOptions without MaxInputSize, such a value is decoded as it arrives too, with the
// checks, but kept whole in the buffer. Any other value is read whole into the buffer first, as
// encoding/json does, its end found by one scan that resumes as pieces arrive, and then decoded.
type Decoder struct {
	in   jsonread.Source // the input: its buffer, and the reads that fill it
	err  error           // sticky
	d    codec.DecodeState
	mem  jsonread.Cursor // decodes a value in the buffer
	st   streamState     // see decodeStream
	scan *stream.Reader  // finds the end of the next value

	// scanBytes counts the bytes of the values read so far, each with the white space before it
	// (not what Token steps over): encoding/json's syntax error offsets count from there.
	scanBytes int64

	tokenState int
	tokenStack []int
	tokAt      int64 // the input offset of the token nextToken or Decode began reading
	sepAt      int64 // the input offset of the comma or colon they consumed before it, or -1

	opt *decoderOptions // from SetOptions, or nil
}

// NewDecoder returns a new decoder that reads from r.
//
// The decoder introduces its own buffering and may read data from r beyond the JSON values
// requested.
func NewDecoder(r io.Reader) *Decoder {
	return &Decoder{in: jsonread.Source{R: r}}
}

// UseNumber causes the Decoder to unmarshal a number into an interface value as a Number instead
// of as a float64.
func (dec *Decoder) UseNumber() { dec.d.UseNumber = true }

// DisallowUnknownFields causes the Decoder to return an error when the destination is a struct
// and the input contains object keys which do not match any non-ignored, exported fields in the
// destination.
func (dec *Decoder) DisallowUnknownFields() { dec.d.DisallowUnknown = true }

// Decode reads the next JSON-encoded value from its input and stores it in the value pointed to
// by v.
//
// See the documentation for Unmarshal for details about the conversion of JSON into a Go value.
func (dec *Decoder) Decode(v any) error {
	if v2Based {
		return dec.decodeV2(v)
	}
	return dec.decodeNext(v)
}

// decodeNext is Decode as Go 1.26's encoding/json decodes the next value; decodeV2 builds the
// v2-based encoding/json's Decode on it.
func (dec *Decoder) decodeNext(v any) error {
	if dec.err != nil {
		return dec.err
	}
	if err := dec.tokenPrepareForDecode(); err != nil {
		return err
	}
	if !dec.tokenValueAllowed() {
		return dec.syntaxV1(notAtValue)
	}
	dec.tokAt = dec.in.Scanned + int64(dec.in.Scanp)
	if dec.mem.Interned == nil && dec.scanBytes > 0 { // a second value
		dec.mem.Interned = new([jsonread.InternSlots]string) // see intern
	}
	d := &dec.d
	if ok, err := dec.decodeStream(v); ok {
		return err
	}
	n, err := dec.readValue()
	if err != nil {
		return err
	}
	dec.mem.Reset(dec.in.Buf[dec.in.Scanp : dec.in.Scanp+n])
	d.R = &dec.mem
	d.Clear()
	d.Data = dec.in.Buf[dec.in.Scanp : dec.in.Scanp+n]
	if err = d.Unmarshal(v); err == nil {
		err = d.Saved
	}
	if err != nil {
		err = d.StdDecodeError(bytes.TrimLeft(d.Data, " \t\r\n"), v, err)
	}
	if dec.opt != nil {
		err = codec.Rebase(err, dec.in.Scanned)
	}
	dec.valueEnd(n)
	return err
}

// valueEnd moves past a decoded value of n bytes (with the white space before it).
func (dec *Decoder) valueEnd(n int) {
	dec.scanBytes += int64(n)
	dec.d.Data = nil
	dec.tokenValueEnd()
	dec.in.Done(n, &dec.mem)
}

// Buffered returns a reader of the data remaining in the Decoder's buffer. The reader is valid
// until the next call to Decode.
func (dec *Decoder) Buffered() io.Reader {
	return bytes.NewReader(dec.in.Buf[dec.in.Scanp:])
}

// InputOffset returns the input stream byte offset of the current decoder position. The offset
// gives the location of the end of the most recently returned token and the beginning of the next
// token.
func (dec *Decoder) InputOffset() int64 {
	return dec.in.Scanned + int64(dec.in.Scanp)
}

// readValue returns the length of the next value in buf[scanp:] (with the white space before it),
// reading until it is complete. A stream Reader finds the end, reading dec.in.Buf and then dec.in.R
// through a bufSource, so a value arriving in many pieces is scanned once, not once per piece; it
// looks one byte past a number, literal or string at the top level, as encoding/json does. Errors
// are sticky, and encoding/json's: it is shown the bytes that held the error.
func (dec *Decoder) readValue() (int, error) {
	dec.in.Compact()
	if dec.opt != nil {
		return dec.readValueOpt()
	}
	if n, ok := dec.scanScalar(); ok {
		return n, nil
	} else if dec.err != nil {
		return 0, dec.err
	}
	src := bufSource{dec: dec}
	if dec.scan == nil {
		dec.scan = stream.NewStreamReader(&src, stream.ReaderOptions{MaxTokenSize: math.MaxInt})
	} else {
		dec.scan.ResetReader(&src)
	}
	more := dec.scan.More()
	if more && dec.scan.SkipValue() == nil {
		return int(dec.scan.InputOffset()), nil
	}
	dec.err = dec.scanError(dec.scan, more)
	return 0, dec.err
}

// scanError returns the error of a value whose scan by r failed (more is what r.More said before
// it): the read error where the scan ran into it, or the end of the input where no value came
// before it, else encoding/json's error for the bytes read. A byte read that breaks the value
// gives a syntax error even when a read error came with it, as encoding/json scans what it has
// read before it looks at the error.
func (dec *Decoder) scanError(r *stream.Reader, more bool) error {
	if rerr := dec.in.Rerr; rerr != nil && (!more || rerr != io.EOF && r.Err() == rerr) {
		return rerr
	}
	return finalError(dec.in.Buf, dec.scanBytes)
}

// scanScalar finds the end of a number or literal name (true, false, null) at the top level,
// which encoding/json's Decoder ends at the first byte that cannot continue it: "01" is two
// values there, and "truex" is true followed by an error. It reads until the buffer holds that
// byte (for a name, see nameEnd), or the input ends, and no further, as encoding/json does; the
// number grammar is jsonnum.Prefix's, and a name is compared with the bytes read. It reports
// false, with dec.err nil, when the next value is of another kind (or there is none), and false
// with dec.err set when the scalar is malformed or a read error cuts it off.
func (dec *Decoder) scanScalar() (int, bool) {
	i := 0
	for {
		b := dec.in.Buf
		from := i
		i = jsonstr.SpaceEnd(b, i)
		dec.in.Work += int64(i - from)
		if i < len(b) {
			break
		}
		if !dec.fill(i) {
			return 0, false
		}
	}
	var end int
	var good bool
	c := dec.in.Buf[i]
	name := c == 't' || c == 'f' || c == 'n'
	switch {
	case name:
		end, good = dec.nameEnd(i, literalName(c))
	case c == '-' || '0' <= c && c <= '9':
		end, good = dec.numberEnd(i)
	default:
		return 0, false
	}
	// NOTE: a read error where the scalar runs to the end of the input read so far is
	// encoding/json's error, as it has not seen the byte that ends the scalar (the v2-based one
	// knows a whole name is complete without it). A byte in the buffer that breaks the scalar is a
	// syntax error, read error or not: encoding/json scans what it has read before it looks at the
	// error.
	cut := dec.in.Rerr != nil && dec.in.Rerr != io.EOF && end == len(dec.in.Buf) && !(v2Based && name && good)
	switch {
	case cut:
		dec.err = dec.in.Rerr
	case good:
		return end, true
	default:
		dec.err = finalError(dec.in.Buf, dec.scanBytes)
	}
	return 0, false
}

// literalName returns the literal name that begins with c: 't', 'f' or 'n'.
func literalName(c byte) string {
	switch c {
	case 't':
		return "true"
	case 'f':
		return "false"
	}
	return "null"
}

// nameEnd returns the end of the literal name at buf[i] and whether it is there whole. It reads
// until the buffer holds the name and, for Go 1.26's encoding/json, the byte after it, which that
// Decoder waits for (the v2-based one ends a name with its last letter), or a byte that differs
// from the name (whose index it returns), or the input ends.
func (dec *Decoder) nameEnd(i int, name string) (end int, ok bool) {
	want := len(name) + 1
	if v2Based {
		want = len(name)
	}
	for {
		b := dec.in.Buf[i:]
		n := min(len(b), len(name))
		dec.in.Work += int64(n)
		for k := range n {
			if b[k] != name[k] {
				return i + k, false
			}
		}
		if len(b) >= want || !dec.fill(len(dec.in.Buf)) {
			return i + n, n == len(name)
		}
	}
}

// numberEnd returns the end of the number at buf[i] and whether a number may end there
// (jsonnum.Prefix), reading until the buffer holds the byte at that end, or the input ends. While
// the number runs to the end of the buffer, digits that arrive only extend it
// (jsonnum.DigitsExtend), so they are stepped over as they arrive and Prefix runs again only when
// another byte arrives or the input ends.
//
// NOTE: a number holds at most four bytes other than digits ('-', '.', 'e' and the exponent's
// sign), so Prefix runs at most seven times on it (once more after a leading zero, and at the end
// of the input): a long number arriving a byte at a time is read in time linear in its length
// (TestDecoderOneByteReadsLinear), where running Prefix after every read took quadratic time.
func (dec *Decoder) numberEnd(i int) (end int, ok bool) {
	for {
		end, ok = jsonnum.Prefix(dec.in.Buf, i)
		dec.in.Work += int64(end - i)
		if end < len(dec.in.Buf) || !dec.fill(end) {
			return end, ok
		}
		if !jsonnum.DigitsExtend(dec.in.Buf, i, end) {
			continue // after a leading zero: Prefix judges the byte that arrived
		}
		for j := end; ; {
			k := jsonnum.DigitsEnd(dec.in.Buf, j)
			dec.in.Work += int64(k - j)
			if k < len(dec.in.Buf) || !dec.fill(k) {
				break
			}
			j = k
		}
	}
}

// fill reads until the buffer holds buf[i] (i counted from the start of unread data, which
// readValue has moved to the front). It reports false at the end of the input, after a read
// error, and under MaxInputSize when i is past the limit, where it stops reading as at the end of
// the input and sets dec.opt.over.
func (dec *Decoder) fill(i int) bool {
	for i >= len(dec.in.Buf) {
		if dec.in.Rerr != nil {
			return false
		}
		if dec.opt != nil && dec.opt.limit > 0 && int64(i) > dec.opt.limit {
			dec.opt.over = true
			return false
		}
		dec.in.Refill()
	}
	return true
}

// A bufSource is the io.Reader a Decoder's scanner reads: the Decoder's buffer, then what it reads
// from its io.Reader into the buffer.
type bufSource struct {
	dec   *Decoder
	pos   int // index in dec.in.Buf
	limit int // if positive, the bytes it serves before errTooLarge (MaxInputSize)
}

func (s *bufSource) Read(p []byte) (int, error) {
	dec := s.dec
	if s.limit > 0 {
		if s.pos >= s.limit {
			return 0, errTooLarge
		}
		p = p[:min(len(p), s.limit-s.pos)]
	}
	for s.pos == len(dec.in.Buf) {
		if dec.in.Rerr != nil {
			return 0, dec.in.Rerr
		}
		dec.in.Refill()
	}
	n := copy(p, dec.in.Buf[s.pos:])
	s.pos += n
	return n, nil
}

// finalError returns encoding/json's error for data, which holds no complete value at its start
// and begins at input offset base.
func finalError(data []byte, base int64) error {
	err := json.NewDecoder(bytes.NewReader(data)).Decode(new(json.RawMessage))
	if se, ok := err.(*SyntaxError); ok {
		return offsetError(se, base+se.Offset)
	}
	if err == nil {
		err = io.ErrUnexpectedEOF // unreachable while the validators agree
	}
	return err
}
