package stride

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"sync"

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
	r       io.Reader
	buf     []byte
	scanp   int   // start of unread data in buf
	scanned int64 // bytes dropped from the front of buf
	rerr    error // the error of the last read, kept until the buffered data is used up
	err     error // sticky
	d       decodeState
	mem     cursor         // decodes a value in buf
	st      streamState    // see decodeStream
	scan    *stream.Reader // finds the end of the next value

	// scanBytes counts the bytes of the values read so far, each with the white space before it
	// (not what Token steps over): encoding/json's syntax error offsets count from there.
	scanBytes int64

	tokenState int
	tokenStack []int
	tokAt      int64 // the input offset of the token nextToken or Decode began reading
	sepAt      int64 // the input offset of the comma or colon they consumed before it, or -1

	// held is the most buf has held from scanp on at a refill (a value and what was read past
	// it) in this window of keepDocs values, heldPrev the same in the window before, heldDocs
	// the values ended in this window: the size recent values needed (see shrink).
	held, heldPrev, heldDocs int

	opt *decoderOptions // from SetOptions, or nil
}

// NewDecoder returns a new decoder that reads from r.
//
// The decoder introduces its own buffering and may read data from r beyond the JSON values
// requested.
func NewDecoder(r io.Reader) *Decoder {
	return &Decoder{r: r}
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
	dec.tokAt = dec.scanned + int64(dec.scanp)
	if dec.mem.interned == nil && dec.scanBytes > 0 { // a second value
		dec.mem.interned = new([internSlots]string) // see intern
	}
	d := &dec.d
	if ok, err := dec.decodeStream(v); ok {
		return err
	}
	n, err := dec.readValue()
	if err != nil {
		return err
	}
	dec.mem.Reset(dec.buf[dec.scanp : dec.scanp+n])
	d.r, d.saved, d.errStruct, d.errFields = &dec.mem, nil, nil, d.errFields[:0]
	d.data = dec.buf[dec.scanp : dec.scanp+n]
	if err = d.unmarshal(v); err == nil {
		err = d.saved
	}
	if err != nil {
		err = d.stdDecodeError(bytes.TrimLeft(d.data, " \t\r\n"), v, err)
	}
	if dec.opt != nil {
		err = rebase(err, dec.scanned)
	}
	dec.valueEnd(n)
	return err
}

// valueEnd moves past a decoded value of n bytes (with the white space before it).
func (dec *Decoder) valueEnd(n int) {
	dec.scanp += n
	dec.scanBytes += int64(n)
	dec.d.data = nil
	dec.tokenValueEnd()
	need := max(dec.held, dec.heldPrev) + minRead
	if dec.heldDocs++; dec.heldDocs == keepDocs {
		dec.held, dec.heldPrev, dec.heldDocs = 0, dec.held, 0
	}
	if dec.scanp == len(dec.buf) && cap(dec.buf) >= poolFrom {
		// Nothing read is left: the buffer goes to the next Decoder that grows one (see
		// refill), and this one gets another when it reads again. What was decoded holds
		// copies, never views of the buffer.
		dec.scanned += int64(dec.scanp)
		putBuf(dec.buf)
		dec.buf, dec.scanp = nil, 0
		dec.mem.data, dec.mem.name = nil, nil
		if cap(dec.mem.str) >= poolFrom {
			putBuf(dec.mem.str)
			dec.mem.str = nil
		}
	} else if cap(dec.buf) > 2*need+minRead && cap(dec.buf) >= poolFrom {
		dec.shrink(need)
	}
}

// shrink moves the unread data to a buffer of need bytes (or what the data needs), as buf is more
// than twice what the values of the last keepDocs to 2*keepDocs needed (and the room refill
// keeps): one large value does not leave its buffer to the values after it. A new buffer, not
// one from readBufs, where the one let go is about to go.
//
// NOTE: without it a Decoder that read one 10 MB value kept its 16 MiB buffer through every
// value after it, unless one ended exactly where a read did. The doubling of refill leaves buf
// at most about twice what it held, plus minRead; the margin keeps that from shrinking.
func (dec *Decoder) shrink(need int) {
	unread := dec.buf[dec.scanp:]
	b := make([]byte, len(unread), max(need, len(unread)+minRead))
	copy(b, unread)
	dec.scanned += int64(dec.scanp)
	putBuf(dec.buf)
	dec.buf, dec.scanp = b, 0
	dec.mem.data, dec.mem.name = nil, nil
}

// readBufs holds the read buffers and string decode buffers of Decoders that used up all they had
// read (see valueEnd), of at least poolFrom bytes, for the next Decoder that grows one of its own
// (takeBuf).
//
// NOTE: a Decoder made to read one document (a request body) grows its buffer from 512 bytes by
// doubling, about twice the document (or 64 KiB) allocated for each; Decode of openrtb_vast.json
// from an io.Reader was allocating 229 KB for 43 KB. Its 40 KB string took a decode buffer of its
// own for each document too, until those went to the pool as well.
var readBufs sync.Pool // *[]byte

const poolFrom = 4 << 10

func putBuf(b []byte) {
	b = b[:0]
	readBufs.Put(&b)
}

// takeBuf returns an empty buffer with room for n bytes: one from readBufs if the one there has
// that room and at most four times it (so that a Decoder holds little more than it needs), else a
// new one.
func takeBuf(n int) []byte {
	if p, ok := readBufs.Get().(*[]byte); ok {
		if n <= cap(*p) && cap(*p) <= 4*n {
			return *p
		}
		if cap(*p) > 4*n {
			readBufs.Put(p) // for a Decoder further on
		}
	}
	return make([]byte, 0, n)
}

// Buffered returns a reader of the data remaining in the Decoder's buffer. The reader is valid
// until the next call to Decode.
func (dec *Decoder) Buffered() io.Reader {
	return bytes.NewReader(dec.buf[dec.scanp:])
}

// InputOffset returns the input stream byte offset of the current decoder position. The offset
// gives the location of the end of the most recently returned token and the beginning of the next
// token.
func (dec *Decoder) InputOffset() int64 {
	return dec.scanned + int64(dec.scanp)
}

// readValue returns the length of the next value in buf[scanp:] (with the white space before it),
// reading until it is complete. A stream Reader finds the end, reading dec.buf and then dec.r
// through a bufSource, so a value arriving in many pieces is scanned once, not once per piece; it
// looks one byte past a number, literal or string at the top level, as encoding/json does. Errors
// are sticky, and encoding/json's: it is shown the bytes that held the error.
func (dec *Decoder) readValue() (int, error) {
	dec.compact()
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
	case dec.rerr != nil && dec.rerr != io.EOF, !more && dec.rerr != nil:
		dec.err = dec.rerr // a read error, or the end of the input before a value
	default:
		dec.err = finalError(dec.buf, dec.scanBytes)
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
	for ok && isSpace(c) {
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
	if dec.rerr != nil && dec.rerr != io.EOF {
		dec.err = dec.rerr
	} else {
		dec.err = finalError(dec.buf, dec.scanBytes)
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
	for i >= len(dec.buf) {
		if dec.rerr != nil {
			return 0, false
		}
		if dec.opt != nil && dec.opt.limit > 0 && int64(i) > dec.opt.limit {
			dec.opt.over = true // MaxInputSize: stop reading, as at the end of the input
			return 0, false
		}
		dec.refill()
	}
	return dec.buf[i], true
}

// A bufSource is the io.Reader a Decoder's scanner reads: the Decoder's buffer, then what it reads
// from its io.Reader into the buffer.
type bufSource struct {
	dec   *Decoder
	pos   int // index in dec.buf
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
	for s.pos == len(dec.buf) {
		if dec.rerr != nil {
			return 0, dec.rerr
		}
		dec.refill()
	}
	n := copy(p, dec.buf[s.pos:])
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

// minRead is the least room refill reads into.
const minRead = 512

// refill reads more input into buf, growing it when it has little room left, to twice its size
// (and minRead more), from takeBuf. Indices into buf stay valid, and so do views of the old
// buffer, which is never reused.
func (dec *Decoder) refill() {
	if cap(dec.buf)-len(dec.buf) < minRead {
		dec.buf = append(takeBuf(2*cap(dec.buf)+minRead), dec.buf...)
		dec.st.work += int64(len(dec.buf))
	}
	n, err := dec.r.Read(dec.buf[len(dec.buf):cap(dec.buf)])
	dec.buf = dec.buf[:len(dec.buf)+n]
	dec.held = max(dec.held, len(dec.buf)-dec.scanp)
	dec.rerr = err
}
