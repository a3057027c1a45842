package json

import (
	"bytes"
	"io"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonexport"
	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/jsonstr"
	"github.com/stridejson/stride/jsontext"
)

// UnmarshalRead decodes the JSON value r holds, read to its end, into out, as Unmarshal does.
//
// An object or array is decoded as its bytes arrive: the decoders read on from r as they need
// more, and stop reading at the first error, as encoding/json/v2 does (a value that does not
// fit its Go type is reported without waiting for the rest). The value's bytes are kept until
// it ends, so that an error anywhere in it is placed and worded as Unmarshal's; a number,
// string or literal at the top level is read whole first.
func UnmarshalRead(r io.Reader, out any, opts ...Options) error {
	s := jsonopts.Join(opts...)
	if asV1(s) {
		in, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		return unmarshalV1(in, out)
	}
	if legacyErrors(s) {
		if err, done := legacyUnmarshalRead(r, out, s); done {
			return err
		}
	}
	o := decodeOptions(s)
	src := &jsonread.Source{R: r}
	src.TakePooled()
	defer src.Release() // what was decoded holds copies, as do the errors
	var (
		checked bool
		end     int
		err     error
	)
	if b, ok := src.PeekValue(); ok && (b == '{' || b == '[') {
		checked, end, err = codec.UnmarshalV2From(src, out, &o)
	} else {
		for src.Rerr == nil {
			src.Refill()
		}
		in := src.Buf[src.Scanp:]
		if i := jsonstr.SpaceEnd(in, 0); src.Rerr != io.EOF && i < len(in) && (in[i] == '-' || '0' <= in[i] && in[i] <= '9') {
			if n, _ := jsonnum.Prefix(in, i); n == len(in) {
				return jsonexport.ReadError(src.Rerr) // the number might go on: the read comes first
			}
		}
		checked, err = codec.UnmarshalV2(in, out, &o)
		end = len(in)
	}
	base := src.Scanned + int64(src.Scanp)
	if ve, ok := err.(*codec.V2Error); ok && checked && src.Rerr != io.EOF && ve.Kind == '0' {
		if in := src.Buf[src.Scanp:]; ve.Offset < int64(len(in)) {
			if n, _ := jsonnum.Prefix(in, int(ve.Offset)); n == len(in) {
				return jsonexport.ReadError(src.Rerr) // the number at fault might go on: the read comes first
			}
		}
	}
	switch {
	case !checked:
		// Bad input on the way: the input from the value on, as jsontext's Decoder reads it.
		rest := src.R
		if src.Rerr != nil {
			rest = failedReader{src.Rerr}
		}
		serr := checkRead(io.MultiReader(bytes.NewReader(src.Buf[src.Scanp:]), rest), s)
		if ve, ok := err.(*codec.V2Error); ok && !ve.Before && (ve.Kind == '{' || ve.Kind == '[') && src.Rerr != io.EOF {
			if _, syntactic := serr.(*jsontext.SyntacticError); !syntactic && serr != nil {
				// encoding/json/v2 read the value whole, for a type that takes no object or
				// array, and the read failed inside it.
				at := src.Scanp + int(ve.Offset)
				return jsonexport.ReadErrorWithin(src.Buf[at:], ve.Pointer(), src.Scanned+int64(at), serr)
			}
		}
		if serr != nil && !before(err, serr) && !beforeRead(err, serr, int64(len(src.Buf)-src.Scanp)) {
			return moved(serr, base)
		}
	case err == nil:
		return afterValue(src, src.Scanp+end)
	}
	return marshalError(err, base, "")
}

// beforeRead reports whether err, the decoders' error, comes before serr when that is the error of a
// read that failed after n bytes: err is about a value (or a member's name) that ended within them,
// or needed none of the input after them.
func beforeRead(err, serr error, n int64) bool {
	ve, ok := err.(*codec.V2Error)
	if _, syntactic := serr.(*jsontext.SyntacticError); !ok || syntactic {
		return false
	}
	if ve.Before {
		return ve.Offset < n || ve.Blind && ve.Offset == n
	}
	// A value that ends where the read failed was whole, but for a number, which might go on.
	return ve.End < n || ve.End == n && ve.Kind != '0'
}

// checkRead returns the syntactic error of the input r holds, one JSON value with only white
// space around it, as jsontext's Decoder reports it under the options, reading it token by
// token, or the read error where r fails first, or nil. It runs on the error path only.
func checkRead(r io.Reader, s *jsonopts.Struct) error {
	// Token by token, as encoding/json/v2 reads objects and arrays.
	cr := &countingReader{r: r}
	dec := jsontext.NewDecoder(cr, s)
	for {
		_, err := dec.ReadToken()
		switch {
		case err == io.EOF:
			return &jsontext.SyntacticError{ByteOffset: cr.n, Err: io.ErrUnexpectedEOF}
		case err != nil:
			return err
		}
		if dec.StackDepth() == 0 {
			break
		}
	}
	tail := &jsonread.Source{R: r, Scanned: dec.InputOffset(), Buf: append([]byte(nil), dec.UnreadBuffer()...)}
	return afterValue(tail, 0)
}

// afterValue returns the error of what follows a value that ends at src.Buf[i]: nil for white
// space up to the end of the input, else encoding/json/v2's error for the first byte that is not
// (at its offset), or for the read that failed first. The white space is dropped as it is read.
func afterValue(src *jsonread.Source, i int) error {
	for {
		for i < len(src.Buf) && jsonread.IsSpace(src.Buf[i]) {
			i++
		}
		if i < len(src.Buf) {
			for len(src.Buf)-i < utf8.UTFMax && src.Rerr == nil {
				src.Refill() // the whole character, for the message
			}
			probe := append([]byte("0 "), src.Buf[i:min(i+utf8.UTFMax, len(src.Buf))]...)
			_, err := jsontext.AppendFormat(nil, probe)
			if se, ok := err.(*jsontext.SyntacticError); ok {
				return &jsontext.SyntacticError{ByteOffset: src.Scanned + int64(i), Err: se.Err}
			}
			return err
		}
		switch src.Rerr {
		case nil:
		case io.EOF:
			return nil
		default:
			return jsonexport.ReadError(src.Rerr)
		}
		src.Scanned += int64(len(src.Buf))
		src.Buf, src.Scanp, i = src.Buf[:0], 0, 0
		src.Refill()
	}
}

// moved returns err, the error of input that began base bytes into the input, placed in the
// whole input.
func moved(err error, base int64) error {
	if se, ok := err.(*jsontext.SyntacticError); ok && base != 0 {
		return &jsontext.SyntacticError{ByteOffset: se.ByteOffset + base, JSONPointer: se.JSONPointer, Err: se.Err}
	}
	return err
}

// A failedReader is an io.Reader that failed with err: it fails again.
type failedReader struct{ err error }

func (r failedReader) Read([]byte) (int, error) { return 0, r.err }

// A countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

func (r *countingReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.n += int64(n)
	return n, err
}
