package stride

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strings"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonread"
)

// A Decoder decodes an object or array into a zero value of a type that calls no decode methods
// of the caller's (see codec.OnePass) while it reads it: the cursor reads the Decoder's Source
// (internal/jsonread), which reads more input into its buffer when the cursor runs out, dropping
// the part of the value the cursor is done with. As in Unmarshal's one pass, a syntax error sets
// the value back to zero (what it was) and is reported as encoding/json reports it.
//
// The error of a value whose front has been dropped comes from the rest: the kinds of the
// containers open where the buffer now starts, and whether a member or element came before that
// point in the innermost, are written out as the shortest JSON that leads a scanner there
// (statePrefix), and encoding/json's Decoder is shown that prefix and the rest of the buffer.

// A streamState is what a Decoder keeps of a value decoded in stream mode for its errors.
type streamState struct {
	// dropped says the last value decoded had part of it dropped from buf before it ended, so
	// its errors are not encoding/json's from the value's bytes (see decodeV2).
	dropped bool

	// On a v2-based build: the document that leads to the first error (see
	// decoder_stream_v2.go); first is the value's '{' or '[', lead the white space before it.
	errDoc   []byte
	errAt    int
	errRel   int64
	first    byte
	lead     int64
	captured bool             // by CaptureMismatch, for the error being saved
	in       *jsonread.Source // the Decoder's, whose path of open containers the capture reads
}

// decodeStream decodes the next value in stream mode when it is an object or array, v is a zero
// value of a type that qualifies and no MaxInputSize is set; it reports false, with v as it was,
// otherwise.
//
// Under the checks of SetOptions, the cursor makes them as it reads (as Unmarshal's one pass
// does) and the value stays whole in the buffer: a value that breaks one, or any error, sends
// the Decoder back to the value's start, v set back to zero, to read it as before, the checks
// first (readValueOpt), so that the error and where the next Decode starts are what they were.
func (dec *Decoder) decodeStream(v any) (ok bool, err error) {
	rv := reflect.ValueOf(v)
	if dec.opt != nil && (dec.opt.limit > 0 || !streamChecks) || !codec.OnePass(rv) {
		return false, nil
	}
	if b, ok := dec.in.PeekValue(); !ok || b != '{' && b != '[' {
		return false, nil
	}
	c, d, st, in := &dec.mem, &dec.d, &dec.st, &dec.in
	st.dropped = false
	// Under options nothing of the value is dropped: the way back needs it whole.
	in.Begin(c, dec.opt != nil)
	if v2Based {
		in.TrackPath, st.errDoc, st.captured, st.in = true, nil, false, in
		lead := len(c.Data) - len(bytes.TrimLeft(c.Data, " \t\r\n"))
		st.first, st.lead = c.Data[lead], int64(lead)
	}
	if o := dec.opt; o != nil {
		c.SetChecks(o.check.MaxDepth, o.check.StrictStrings, o.check.RejectDuplicateNames)
	}
	d.R, d.Data = c, nil
	d.Clear()
	if v2Based {
		d.Stream = st
	}
	err = d.Unmarshal(v)
	d.Stream = nil
	if dec.opt != nil && (c.Bad || err != nil || d.Saved != nil) {
		in.Finish(c)
		rv.Elem().SetZero()
		d.Clear()
		return false, nil
	}
	if v2Based && err != nil && !c.Bad {
		st.CaptureError(c) // the error that ends decoding is the one to report
	}
	if err != nil && !c.Bad {
		in.ReadRest(c)
	}
	in.Finish(c)
	st.dropped = c.Base > 0
	if c.Bad {
		rv.Elem().SetZero()
		in.Scanned -= int64(c.Base) // InputOffset stays at the value's start
		dec.err = dec.streamError(c)
		return true, dec.err
	}
	if err == nil {
		err = d.Saved
	}
	if err != nil && c.Base == 0 {
		// The value is whole in the buffer: its errors can be encoding/json's own (see
		// StdDecodeError).
		err = d.StdDecodeError(bytes.TrimLeft(in.Buf[in.Scanp:in.Scanp+c.Pos], " \t\r\n"), v, err)
	} else if v2Based && err != nil {
		err = st.capturedError(d, v, err)
	}
	dec.scanBytes += int64(c.Base)
	dec.valueEnd(c.Pos)
	return true, err
}

// streamError returns encoding/json's error for the value the cursor found bad.
func (dec *Decoder) streamError(c *jsonread.Cursor) error {
	in := &dec.in
	data, base := in.Buf[in.Scanp:], dec.scanBytes+int64(c.Base)
	if v2Based {
		// That encoding/json counts offsets from the start of the stream, tokens read
		// included; the caller has moved Scanned back by the part dropped.
		base = in.Scanned + int64(c.Base+in.Scanp)
	}
	if c.Base > 0 {
		p := statePrefix(in.Front, in.FrontAfter)
		data = append(p, data...)
		base -= int64(len(p))
	}
	failed := dec.in.Rerr != nil && dec.in.Rerr != io.EOF
	if prefix, tokens := valuePrefix(dec.tokenState); v2Based && (failed || tokens > 0) {
		// That encoding/json's message depends on the tokens read before the value too (a ']'
		// where a member's value should be is "after object key:value pair" once Token has
		// read the member's name), and it wraps a read error or not by where it came: it is
		// shown the same, after a prefix that leads to the same state.
		src := io.MultiReader(strings.NewReader(prefix), bytes.NewReader(data))
		if failed {
			src = io.MultiReader(src, failingReader{dec.in.Rerr})
		}
		d := json.NewDecoder(src)
		for range tokens {
			d.Token()
		}
		err := d.Decode(new(RawMessage))
		if se, ok := err.(*SyntaxError); ok {
			return offsetError(se, base-int64(len(prefix))+se.Offset)
		}
		return err
	}
	err := finalError(data, base)
	if err == io.ErrUnexpectedEOF && dec.in.Rerr != nil && dec.in.Rerr != io.EOF {
		return dec.in.Rerr // the read failed before the value ended
	}
	return err
}

// valuePrefix returns JSON text, and the tokens it holds, after which a Decoder that has read
// those tokens with Token reads the next value with Decode in the given state: where
// decodeStream reads a value, after the comma or colon before it.
func valuePrefix(state int) (string, int) {
	switch state {
	case tokenArrayStart:
		return "[", 1
	case tokenArrayValue:
		return `["",`, 2
	case tokenObjectValue:
		return `{"a":`, 2
	}
	return "", 0
}

// statePrefix returns the shortest JSON text after which a scanner is where one is at the start
// of the innermost container's member or element (after its ',', or its opening bracket unless
// after), inside containers of the given kinds. A scanner's message for a syntax error depends
// only on that state. The member or element before is a string, which no byte can continue.
func statePrefix(kinds []byte, after bool) []byte {
	var p []byte
	for i, k := range kinds {
		switch last := i == len(kinds)-1; {
		case k == '{' && !last:
			p = append(p, `{"":`...)
		case k == '[' && !last:
			p = append(p, '[')
		case k == '{' && after:
			p = append(p, `{"":""`...)
		case k == '[' && after:
			p = append(p, `[""`...)
		default:
			p = append(p, k)
		}
	}
	return p
}

// streamChecks lets stream mode make the checks of SetOptions; tests turn it off to compare with
// the way without.
var streamChecks = true
