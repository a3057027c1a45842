package jsontext

import (
	"errors"
	"io"

	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/stream"
)

// A Decoder reads a stream of JSON values from an io.Reader, token by token (ReadToken) or value
// by value (ReadValue), checking the grammar as it goes. Top-level values may follow each other,
// separated by white space or not (JSON Lines, concatenated JSON); at the end of the input, between
// values, the read methods return io.EOF.
//
// Tokens and values it returns are views of its buffer, valid until the next call that peeks,
// reads or skips. It interns short strings that repeat (member names most of all): String of a
// token of one it has seen before returns the same string, with no allocation. Errors are a
// *SyntacticError with the offset and the JSON Pointer of where the input went wrong, or an error
// of the io.Reader; after one, every call returns the same error.
//
// It reads through the token layer's stream.Reader (its ReadToken and ReadValue), with the
// Reader's limits: a string, number or value read whole may be up to 64 MiB long when read from
// an io.Reader (the standard package has no such limit).
type Decoder struct {
	r    *stream.Reader
	opts jsonopts.Struct
	top  int64 // top-level values read
	end  int64 // the input offset after the last token or value read

	last tokenText // the string or number read last, which the Token read refers to
	in   interner  // the short strings whose values String has returned
}

// An interner holds the short strings a Decoder's tokens have given String, so that a string
// read again (a member name most of all) is given without an allocation.
type interner struct {
	strs   *jsonread.InternTable // once there have been internFrom
	nShort int                   // short strings asked for before strs was made
}

// internFrom is the number of short plain strings a Decoder reads before it makes its table of
// them (some KB): one made for a small value does not pay for it.
const internFrom = 64

// NewDecoder returns a Decoder reading from r with the options given.
func NewDecoder(r io.Reader, opts ...Options) *Decoder {
	d := new(Decoder)
	d.Reset(r, opts...)
	return d
}

// Reset makes d read afresh from r, with the options given (and only those), keeping its buffers.
func (d *Decoder) Reset(r io.Reader, opts ...Options) {
	switch {
	case d == nil:
		panic("jsontext: invalid nil Decoder")
	case r == nil:
		panic("jsontext: invalid nil io.Reader")
	}
	d.opts = jsonopts.Struct{}
	d.opts.Add(opts...)
	if d.r == nil {
		d.r = new(stream.Reader)
	}
	d.r.SetOptions(readerOptions(&d.opts))
	d.r.ResetReader(r)
	d.top, d.end = 0, 0
	d.last = tokenText{seq: d.last.seq + 1, in: &d.in} // voids the tokens read before
}

// readerOptions are the token layer's options for the jsontext options in s.
func readerOptions(s *jsonopts.Struct) stream.ReaderOptions {
	dups, _ := s.Get(jsonopts.AllowDuplicateNames)
	badUTF8, _ := s.Get(jsonopts.AllowInvalidUTF8)
	return stream.ReaderOptions{RejectDuplicateNames: !dups, StrictStrings: !badUTF8}
}

// Options returns the options d was made or last reset with.
func (d *Decoder) Options() Options { return &d.opts }

// PeekKind returns the kind of the next token without reading it: KindInvalid at the end of the
// input or where the next read would fail (that read reports the error).
func (d *Decoder) PeekKind() Kind {
	d.last.seq++ // voids the token read last, as the standard package's peek does
	return kindOf[d.r.PeekToken()]
}

// kindTokens are the Tokens of the literals and delimiters, by their kind as stream.Reader's
// ReadToken returns it: a table rather than a switch on the kind (see stream's tokenKind).
var kindTokens = func() (t [256]Token) {
	for _, tok := range []Token{Null, True, False, BeginObject, EndObject, BeginArray, EndArray} {
		t[tok.raw.text[0]] = tok
	}
	return t
}()

// ReadToken reads the next token. It returns io.EOF at the end of the input between top-level
// values.
func (d *Decoder) ReadToken() (Token, error) {
	d.last.seq++ // voids the token read last
	top := d.r.Depth() == 0
	k, text := d.r.ReadToken()
	if k == 0 {
		return Token{}, d.err()
	}
	d.read(top)
	if t := &kindTokens[k]; t.raw != nil {
		return *t, nil
	}
	d.last.text = text
	d.last.plain = k == '"' && d.r.TokenPlain()
	return Token{raw: &d.last, num: d.last.seq}, nil
}

// intern returns the value v of a plain string literal read when it is interned, or "".
func (in *interner) intern(v []byte) string {
	if len(v) > jsonread.InternMax {
		return ""
	}
	if in.strs == nil {
		if in.nShort++; in.nShort < internFrom {
			return ""
		}
		in.strs = new(jsonread.InternTable)
	}
	return in.strs.Lookup(v)
}

// ReadValue reads the next value whole and returns its exact bytes, without the white space
// around it. Where an object's member name is due it reads the name. It returns io.EOF at the end
// of the input between top-level values.
func (d *Decoder) ReadValue() (Value, error) {
	d.last.seq++ // voids the token read last
	top := d.r.Depth() == 0
	v := d.r.ReadValue()
	if v == nil {
		err := d.err()
		if part, off, ptr := d.r.PartialValue(); part != nil {
			return nil, readErrorWithin(part, Pointer(ptr), off, err)
		}
		return nil, err
	}
	d.read(top)
	return Value(v[:len(v):len(v)]), nil
}

// read notes a token or value read, which began a top-level value if top (a value counts once
// begun, as jsontext counts it).
func (d *Decoder) read(top bool) {
	d.end = d.r.InputOffset()
	if top {
		d.top++
	}
}

// SkipValue reads the next value and drops it, as ReadValue would read it, without holding it
// whole in memory: an array or object is read token by token.
func (d *Decoder) SkipValue() error {
	switch d.PeekKind() { // (which voids the token read last)
	case KindBeginObject, KindBeginArray:
		depth := d.r.Depth()
		for {
			if _, err := d.ReadToken(); err != nil {
				return err
			}
			if d.r.Depth() <= depth {
				return nil
			}
		}
	}
	_, err := d.ReadValue()
	return err
}

// err returns the error of a read that returned nothing, as jsontext reports it.
func (d *Decoder) err() error {
	err := d.r.Err()
	if err == nil {
		return io.EOF
	}
	return wrapReadError(err)
}

// wrapReadError is a Decoder's error for the token layer's error err.
func wrapReadError(err error) error {
	var e *stream.SyntaxError
	switch {
	case errors.As(err, &e):
		cause := e.Err
		if cause == nil { // an error of the token layer's own, such as a limit
			cause = errors.New(e.Msg)
		}
		return &SyntacticError{ByteOffset: e.Offset, JSONPointer: Pointer(e.Pointer), Err: cause}
	}
	return &ioError{"read", err}
}

// InputOffset returns the input offset just after the last token or value read.
func (d *Decoder) InputOffset() int64 { return d.end }

// UnreadBuffer returns the bytes d has read from its io.Reader but not yet as tokens or values:
// its input goes on with them, then with what the io.Reader holds. They are a view of d's buffer,
// valid until the next call that peeks, reads or skips, and not checked yet.
func (d *Decoder) UnreadBuffer() []byte { return d.r.Buffered() }

// StackDepth returns the number of arrays and objects open: 0 at the top level.
func (d *Decoder) StackDepth() int { return d.r.Depth() }

// StackIndex reports the container open at depth i (1 to StackDepth), KindBeginObject or
// KindBeginArray, and how many tokens of it have been read (an object's names and values count
// one each); for i 0, KindInvalid and the number of top-level values read.
func (d *Decoder) StackIndex(i int) (Kind, int64) {
	if i == 0 {
		return KindInvalid, d.top
	}
	if i < 0 || i > d.r.Depth() {
		panic("jsontext: invalid stack index")
	}
	switch obj, n := d.r.TokenStack(i); {
	case obj:
		return KindBeginObject, n
	default:
		return KindBeginArray, n
	}
}

// StackPointer returns the JSON Pointer of the value (or member name) read last.
func (d *Decoder) StackPointer() Pointer { return Pointer(d.r.TokenPointer()) }

// An ioError is an error of the io.Reader or io.Writer of a Decoder or Encoder.
type ioError struct {
	action string // "read" or "write"
	err    error
}

func (e *ioError) Error() string { return errorPrefix + e.action + " error: " + e.err.Error() }

func (e *ioError) Unwrap() error { return e.err }
