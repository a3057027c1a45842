package stride

import (
	"bytes"
	"errors"
	"io"
	"math"
	"reflect"
	"strconv"
	"sync"

	"github.com/stridejson/stride/stream"
)

// The machinery behind MarshalOptions and UnmarshalOptions. The default paths reach it only
// through flags that are false (e.pol.preset true, d.rejectDups, d.caseSensitive) and a nil dec.opt.

// defaultMaxDepth is encoding/json's nesting limit, which validate and the pooled Readers apply.
const defaultMaxDepth = 10_000

// failQuote records the first error of the Escaper, with its offset moved on by the bytes of the
// string already written. Nothing more reaches a streaming Encoder's destination after it.
func (e *encodeState) failQuote(err error, done int) {
	if e.qerr != nil {
		return
	}
	if u, ok := err.(*stream.InvalidUTF8Error); ok && done > 0 {
		err = &stream.InvalidUTF8Error{Offset: u.Offset + int64(done)}
	}
	e.qerr = err
}

// appendEscapedJSON appends the output b of MarshalJSON of type t compacted, with each run of
// unescaped string text escaped under the state's Escaper, one that is not an encoding/json preset. Escape sequences already in b are kept.
func (e *encodeState) appendEscapedJSON(b []byte, t reflect.Type) error {
	c, err := appendCompact(nil, b, false, false)
	if err != nil {
		return marshalerError(t, err, false)
	}
	start := 0 // c[start:i] is still to be copied as it is
	for i := 0; i < len(c); {
		if c[i] != '"' {
			i++
			continue
		}
		e.buf = append(e.buf, c[start:i+1]...)
		i++
		for c[i] != '"' { // c is valid JSON: every literal is closed
			j := i
			for c[j] != '"' && c[j] != '\\' {
				j++
			}
			if j > i {
				at := len(e.buf)
				if e.buf, err = e.esc.AppendQuoteBytes(e.buf, c[i:j]); err != nil {
					if u, ok := err.(*stream.InvalidUTF8Error); ok {
						err = &stream.InvalidUTF8Error{Offset: u.Offset + int64(i)}
					}
					return &MarshalerError{Type: t, Err: err}
				}
				e.buf = append(e.buf[:at], e.buf[at+1:len(e.buf)-1]...) // drop the run's quotes
			}
			if c[j] == '\\' {
				n := 2
				if c[j+1] == 'u' {
					n = 6
				}
				e.buf = append(e.buf, c[j:j+n]...)
				j += n
			}
			i = j
		}
		start = i // the closing quote
		i++
	}
	e.buf = append(e.buf, c[start:]...)
	return nil
}

// optionPools holds a pool of the Readers that check input per ReaderOptions.
var optionPools sync.Map // stream.ReaderOptions to *sync.Pool

func optionPool(opts stream.ReaderOptions) *sync.Pool {
	k := opts
	if p, ok := optionPools.Load(k); ok {
		return p.(*sync.Pool)
	}
	p, _ := optionPools.LoadOrStore(k, &sync.Pool{New: func() any { return stream.NewReader(nil, opts) }})
	return p.(*sync.Pool)
}

// checkStrict checks that data is one JSON value that passes the checks of opts. A value that
// breaks JSON's grammar gets encoding/json's error, as from Unmarshal; one that breaks only a
// limit or rule of opts gets the Reader's *stream.SyntaxError.
func checkStrict(data []byte, opts stream.ReaderOptions) error {
	pool := optionPool(opts)
	r := pool.Get().(*stream.Reader)
	r.Reset(data)
	r.SkipValue()
	err := r.End()
	r.Reset(nil) // let go of data
	pool.Put(r)
	if err == nil {
		return nil
	}
	if !grammatical(stream.NewReader(data, grammarOptions)) {
		return syntaxError(data)
	}
	if perr := walk(stream.NewReader(data, opts)); perr != nil {
		return perr // the same error, with the JSON Pointer SkipValue does not track
	}
	return err
}

// walk reads the value of r container by container (without recursion: the open iterators are
// on a slice) and returns the first error, which then carries the JSON Pointer of where it was
// found. It runs on the error path only.
func walk(r *stream.Reader) error {
	type open struct {
		obj stream.ObjectIter
		arr stream.ArrayIter
	}
	var stack []open
	for {
		switch r.Kind() {
		case stream.KindObject:
			stack = append(stack, open{obj: r.Object()})
		case stream.KindArray:
			stack = append(stack, open{arr: r.Array()})
		default:
			r.SkipValue()
		}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.obj.Next() || top.arr.Next() {
				break
			}
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 || r.Err() != nil {
			return r.Err()
		}
	}
}

// grammarOptions check the grammar alone: no depth limit (SkipValue needs no stack for depth).
var grammarOptions = stream.ReaderOptions{MaxDepth: math.MaxInt, MaxTokenSize: math.MaxInt}

// grammatical reports whether r holds one value of valid JSON and nothing else.
func grammatical(r *stream.Reader) bool {
	return r.More() && r.SkipValue() == nil && r.End() == nil
}

// sizeError reports input beyond MaxInputSize, at input offset base+limit.
func sizeError(limit, base int64) error {
	return &stream.SyntaxError{Offset: base + limit,
		Msg: "input exceeds the limit of " + strconv.FormatInt(limit, 10) + " bytes"}
}

// decoderOptions are the checks of a Decoder's UnmarshalOptions that run as a value is read.
type decoderOptions struct {
	check  stream.ReaderOptions // the strict scan's options
	strict bool                 // check goes beyond the default scan
	limit  int64                // MaxInputSize, or 0
	scan   *stream.Reader       // the strict scan, made on first use
	over   bool                 // byteAt stopped at the limit
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
		dec.err = sizeError(o.limit, dec.scanned)
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
			dec.err = sizeError(o.limit, dec.scanned)
			return 0, dec.err
		}
		return n, nil
	}
	err := r.Err()
	if errors.Is(err, errTooLarge) {
		dec.err = sizeError(o.limit, dec.scanned)
		return 0, dec.err
	}
	var se *stream.SyntaxError
	if o.strict && errors.As(err, &se) {
		// Valid JSON that breaks a rule of the options gets the strict scan's error; invalid JSON
		// gets encoding/json's, as without options.
		g := bufSource{dec: dec, limit: src.limit}
		gr := stream.NewStreamReader(&g, grammarOptions)
		if gr.More() && gr.SkipValue() == nil || errors.Is(gr.Err(), errTooLarge) {
			whole := gr.Err() == nil
			if whole {
				// Find the error again in the whole value, for its JSON Pointer.
				_ = errors.As(walk(stream.NewReader(dec.buf[:gr.InputOffset()], o.check)), &se)
			}
			c := *se
			c.Offset += dec.scanned
			if dec.scanned > 0 {
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
	}
	switch {
	case dec.rerr != nil && dec.rerr != io.EOF, !more && dec.rerr != nil:
		dec.err = dec.rerr
	default:
		dec.err = finalError(dec.buf, dec.scanBytes)
	}
	return 0, dec.err
}

// A fieldSet is the set of the fields of a struct set by one object, for RejectDuplicateNames.
type fieldSet struct {
	small uint64   // fields 0 to 63
	more  []uint64 // the rest, made on first use
}

// add adds field i and reports whether it was there already.
func (s *fieldSet) add(i int) bool {
	w := &s.small
	if i >= 64 {
		if n := i/64 - 1; n >= len(s.more) {
			s.more = append(s.more, make([]uint64, n+1-len(s.more))...)
		}
		w = &s.more[i/64-1]
	}
	bit := uint64(1) << (i & 63)
	was := *w&bit != 0
	*w |= bit
	return was
}

// errDuplicate marks the errors of duplicateError, which a Decoder moves to its input offset.
var errDuplicate = errors.New("duplicate object key")

// duplicateError reports, under RejectDuplicateNames, a member name that sets what an earlier
// name of the same object set; what describes it. off is the offset of the name's opening quote
// in d.data.
func (d *decodeState) duplicateError(off int64, name, what string) error {
	err := &stream.SyntaxError{Offset: off, Msg: "duplicate object key " + strconv.Quote(name) + " " + what,
		Err: errDuplicate}
	if off <= int64(len(d.data)) {
		before := d.data[:off]
		err.Line = bytes.Count(before, []byte{'\n'}) + 1
		err.Column = int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	}
	return err
}

// nameOffset returns the offset of the opening quote of the member name before the value at
// valueOff in data, which is valid JSON: back over the ':' and white space to the closing quote,
// then to the first quote before it that no backslash escapes.
func nameOffset(data []byte, valueOff int64) int64 {
	i := min(int(valueOff), len(data)) - 1
	for i > 0 && data[i] != '"' {
		i--
	}
	for i--; i > 0; i-- {
		if data[i] != '"' {
			continue
		}
		n := 0
		for n < i && data[i-1-n] == '\\' {
			n++
		}
		if n%2 == 0 {
			break
		}
	}
	return int64(max(i, 0))
}

// rebase moves an error of duplicateError from a Decoder's value to the input, which holds base
// bytes before the value.
func rebase(err error, base int64) error {
	se, ok := err.(*stream.SyntaxError)
	if !ok || se.Err != errDuplicate || base == 0 {
		return err
	}
	c := *se
	c.Offset += base
	c.Line, c.Column = 0, 0 // counted from the value's start: unknown
	return &c
}
