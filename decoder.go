package stride

import (
	"bytes"
	"encoding/json"
	"io"
	"math"

	"github.com/stridejson/stride/internal/jsonread"
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
	d    decodeState
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
func (dec *Decoder) UseNumber() { dec.d.useNumber = true }

// DisallowUnknownFields causes the Decoder to return an error when the destination is a struct
// and the input contains object keys which do not match any non-ignored, exported fields in the
// destination.
func (dec *Decoder) DisallowUnknownFields() { dec.d.disallowUnknown = true }

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
	d.r, d.saved, d.errStruct, d.errFields = &dec.mem, nil, nil, d.errFields[:0]
	d.data = dec.in.Buf[dec.in.Scanp : dec.in.Scanp+n]
	if err = d.unmarshal(v); err == nil {
		err = d.saved
	}
	if err != nil {
		err = d.stdDecodeError(bytes.TrimLeft(d.data, " \t\r\n"), v, err)
	}
	if dec.opt != nil {
		err = rebase(err, dec.in.Scanned)
	}
	dec.valueEnd(n)
	return err
}

// valueEnd moves past a decoded value of n bytes (with the white space before it).
func (dec *Decoder) valueEnd(n int) {
	dec.scanBytes += int64(n)
	dec.d.data = nil
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
// reading until it is complete. A stream Reader finds the end, reading dec.in.Buf and then dec.r
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
	switch {
	case dec.in.Rerr != nil && dec.in.Rerr != io.EOF, !more && dec.in.Rerr != nil:
		dec.err = dec.in.Rerr // a read error, or the end of the input before a value
	default:
		dec.err = finalError(dec.in.Buf, dec.scanBytes)
	}
	return 0, dec.err
}

// scanScalar finds the end of a number or literal name (true, false, null) at the top level,
// which encoding/json's Decoder ends at the first byte that cannot continue it: "01" is two
// values there, and "truex" is true followed by an error. It reports false, with dec.err nil, when
// the next value is of another kind, and false with dec.err set when the scalar is malformed.
func (dec *Decoder) scanScalar() (int, bool) {
	i := 0
	c, ok := dec.byteAt(i)
	for ok && jsonread.IsSpace(c) {
		i++
		c, ok = dec.byteAt(i)
	}
	if !ok {
		return 0, false
	}
	var good bool
	switch c {
	case 't', 'f', 'n':
		lit := "null"
		if c == 't' {
			lit = "true"
		} else if c == 'f' {
			lit = "false"
		}
		good = true
		for k := 1; k < len(lit) && good; k++ {
			c, ok := dec.byteAt(i + k)
			good = ok && c == lit[k]
		}
		i += len(lit)
		dec.byteAt(i) // encoding/json waits for the byte after the value, or the end
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		i, good = dec.scanNumber(i)
	default:
		return 0, false
	}
	if good {
		return i, true
	}
	if dec.in.Rerr != nil && dec.in.Rerr != io.EOF {
		dec.err = dec.in.Rerr
	} else {
		dec.err = finalError(dec.in.Buf, dec.scanBytes)
	}
	return 0, false
}

// scanNumber follows the JSON number grammar from buf[i] as far as it goes, and reports whether
// it stopped where a number may end.
func (dec *Decoder) scanNumber(i int) (int, bool) {
	digits := func() int {
		n := 0
		for c, ok := dec.byteAt(i); ok && '0' <= c && c <= '9'; c, ok = dec.byteAt(i) {
			i++
			n++
		}
		return n
	}
	if c, _ := dec.byteAt(i); c == '-' {
		i++
	}
	if c, _ := dec.byteAt(i); c == '0' {
		i++
	} else if digits() == 0 {
		return i, false
	}
	if c, _ := dec.byteAt(i); c == '.' {
		i++
		if digits() == 0 {
			return i, false
		}
	}
	if c, _ := dec.byteAt(i); c == 'e' || c == 'E' {
		i++
		if c, _ := dec.byteAt(i); c == '+' || c == '-' {
			i++
		}
		if digits() == 0 {
			return i, false
		}
	}
	return i, true
}

// byteAt returns buf[i] (i counted from the start of unread data, which readValue has moved to the
// front), reading more input as needed; ok is false at the end of the input or after a read error.
func (dec *Decoder) byteAt(i int) (c byte, ok bool) {
	for i >= len(dec.in.Buf) {
		if dec.in.Rerr != nil {
			return 0, false
		}
		if dec.opt != nil && dec.opt.limit > 0 && int64(i) > dec.opt.limit {
			dec.opt.over = true // MaxInputSize: stop reading, as at the end of the input
			return 0, false
		}
		dec.in.Refill()
	}
	return dec.in.Buf[i], true
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
