package stride

import (
	"errors"
	"math"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/stream"
)

// decoderOptions are the checks of a Decoder's UnmarshalOptions that run as a value is read.
type decoderOptions struct {
	check  stream.ReaderOptions // the strict scan's options
	strict bool                 // check goes beyond the default scan
	limit  int64                // MaxInputSize, or 0
	scan   *stream.Reader       // the strict scan, made on first use
	over   bool                 // fill stopped at the limit
}

// errTooLarge is what a bufSource returns past a Decoder's MaxInputSize.
var errTooLarge = errors.New("stride: value exceeds MaxInputSize")

// readValueOpt is readValue under UnmarshalOptions: the value's end is found by a scan that also
// applies the strict checks and the size limit.
func (dec *Decoder) readValueOpt() (int, error) {
	o := dec.opt
	o.over = false
	n, ok := dec.scanScalar()
	switch {
	case o.over || ok && o.limit > 0 && int64(n) > o.limit:
		dec.err = codec.SizeError(o.limit, dec.in.Scanned)
		return 0, dec.err
	case ok:
		return n, nil
	case dec.err != nil:
		return 0, dec.err
	}
	src := bufSource{dec: dec}
	if o.limit > 0 {
		// One byte more than the limit: the scan looks one byte past a value at the top level.
		src.limit = int(min(o.limit+1, math.MaxInt))
	}
	r := dec.scan
	switch {
	case o.strict && o.scan == nil:
		o.check.MaxTokenSize = math.MaxInt
		o.scan = stream.NewStreamReader(&src, o.check)
		r = o.scan
	case o.strict:
		r = o.scan
		r.ResetReader(&src)
	case r == nil:
		dec.scan = stream.NewStreamReader(&src, stream.ReaderOptions{MaxTokenSize: math.MaxInt})
		r = dec.scan
	default:
		r.ResetReader(&src)
	}
	more := r.More()
	if more && r.SkipValue() == nil {
		n := int(r.InputOffset())
		if o.limit > 0 && int64(n) > o.limit {
			dec.err = codec.SizeError(o.limit, dec.in.Scanned)
			return 0, dec.err
		}
		return n, nil
	}
	err := r.Err()
	if errors.Is(err, errTooLarge) {
		dec.err = codec.SizeError(o.limit, dec.in.Scanned)
		return 0, dec.err
	}
	var se *stream.SyntaxError
	if o.strict && errors.As(err, &se) {
		// Valid JSON that breaks a rule of the options gets the strict scan's error; invalid JSON
		// gets encoding/json's, as without options.
		g := bufSource{dec: dec, limit: src.limit}
		gr := stream.NewStreamReader(&g, codec.GrammarOptions)
		grMore := gr.More()
		if grMore && gr.SkipValue() == nil || errors.Is(gr.Err(), errTooLarge) {
			whole := gr.Err() == nil
			if whole {
				// Find the error again in the whole value, for its JSON Pointer.
				_ = errors.As(codec.Walk(stream.NewReader(dec.in.Buf[:gr.InputOffset()], o.check)), &se)
			}
			c := *se
			c.Offset += dec.in.Scanned
			if dec.in.Scanned > 0 {
				c.Line, c.Column = 0, 0 // counted from this value's start: unknown
			}
			if n := int(gr.InputOffset()); whole && (o.limit <= 0 || int64(n) <= o.limit) {
				// Valid JSON read whole that breaks a rule: the next Decode reads the next value,
				// as after an error of DisallowUnknownFields.
				dec.valueEnd(n)
				return 0, &c
			}
			dec.err = &c
			return 0, dec.err
		}
		r, more = gr, grMore // invalid JSON: the error is where the grammar's scan failed
	}
	dec.err = dec.scanError(r, more)
	return 0, dec.err
}
