package stride

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/stridejson/stride/stream"
)

// A Decoder reads and decodes JSON values from an input stream.
//
// Like encoding/json's, a Decoder reads ahead into a buffer and decodes each value once all of it
// has arrived, so a syntax error is found before anything is stored; the buffer holds the value
// being decoded and what the last read brought beyond it.
type Decoder struct {
	r       io.Reader
	buf     []byte
	scanp   int   // start of unread data in buf
	scanned int64 // bytes dropped from the front of buf
	rerr    error // the error of the last read, kept until the buffered data is used up
	err     error // sticky
	d       decodeState
	mem     stream.Reader

	// scanBytes counts the bytes of the values read so far, each with the white space before it
	// (not what Token steps over): encoding/json's syntax error offsets count from there.
	scanBytes int64

	tokenState int
	tokenStack []int
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
	if dec.err != nil {
		return dec.err
	}
	if err := dec.tokenPrepareForDecode(); err != nil {
		return err
	}
	if !dec.tokenValueAllowed() {
		return offsetError(notAtValue(), dec.InputOffset())
	}
	n, err := dec.readValue()
	if err != nil {
		return err
	}
	dec.mem.Reset(dec.buf[dec.scanp : dec.scanp+n])
	dec.scanp += n
	dec.scanBytes += int64(n)
	d := &dec.d
	d.r, d.saved, d.errStruct, d.errFields = &dec.mem, nil, nil, d.errFields[:0]
	d.data = dec.buf[dec.scanp-n : dec.scanp]
	err = d.unmarshal(v)
	dec.mem.Reset(nil)
	d.data = nil
	dec.tokenValueEnd()
	return err
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
// reading until it is complete. Errors are sticky.
func (dec *Decoder) readValue() (int, error) {
	for {
		data := dec.buf[dec.scanp:]
		eof := dec.rerr != nil
		switch n, st := dec.scanValue(data, eof); {
		case st == scanDone:
			return n, nil
		case st == scanBad:
			dec.err = finalError(data, dec.scanBytes)
			return 0, dec.err
		case eof:
			if dec.rerr == io.EOF && nonSpace(data) {
				dec.err = finalError(data, dec.scanBytes)
			} else {
				dec.err = dec.rerr
			}
			return 0, dec.err
		}
		dec.refill()
	}
}

const (
	scanDone = iota // a complete value
	scanMore        // not complete, or perhaps not: more input decides
	scanBad         // a syntax error more input cannot mend
)

// scanValue finds the end of the value that starts data (after white space). A number, literal or
// string that ends where the data ends might go on, and a syntax error within the last few bytes
// might be a value cut short (an escape, a literal): both need more input, unless at the end of
// the input (eof).
func (dec *Decoder) scanValue(data []byte, eof bool) (n, status int) {
	first := skipSpaces(data)
	if first == len(data) {
		return 0, scanMore
	}
	r := &dec.mem
	r.Reset(data)
	defer r.Reset(nil)
	if r.SkipValue() == nil {
		end := int(r.InputOffset())
		if end == len(data) && !eof && data[first] != '{' && data[first] != '[' {
			return 0, scanMore
		}
		return end, scanDone
	}
	var se *stream.SyntaxError
	if !eof && errors.As(r.Err(), &se) && se.Offset >= int64(len(data))-8 {
		return 0, scanMore
	}
	return 0, scanBad
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

func skipSpaces(b []byte) int {
	i := 0
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

func nonSpace(b []byte) bool { return skipSpaces(b) < len(b) }

// refill reads more input into buf, moving the unread data to the front first.
func (dec *Decoder) refill() {
	if dec.scanp > 0 {
		dec.scanned += int64(dec.scanp)
		n := copy(dec.buf, dec.buf[dec.scanp:])
		dec.buf = dec.buf[:n]
		dec.scanp = 0
	}
	const minRead = 512
	if cap(dec.buf)-len(dec.buf) < minRead {
		nb := make([]byte, len(dec.buf), 2*cap(dec.buf)+minRead)
		copy(nb, dec.buf)
		dec.buf = nb
	}
	n, err := dec.r.Read(dec.buf[len(dec.buf):cap(dec.buf)])
	dec.buf = dec.buf[:len(dec.buf)+n]
	dec.rerr = err
}
