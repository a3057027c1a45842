package stride

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonread"
)

// The Decoder's token stream as the encoding/json built on encoding/json/v2 reads it (v2Based):
// its Decoder reads tokens and values with a jsontext.Decoder, which takes the comma or colon
// before a token together with the token, reads a member name as a value for Decode, and
// reports errors at other offsets and, at the end of the input, as io.EOF or
// io.ErrUnexpectedEOF by what is left. The walk is nextToken's and decodeNext's; a call that
// fails is undone (the position and state go back to where it began), and its error, offset
// and position are those of an encoding/json Decoder brought to the same state and shown the
// same bytes (replay). On the other build none of this runs: v2Based is a constant.

// errReplay is what nextToken and decodeNext return, on a v2-based build, for a byte the token
// stream does not allow there; the caller asks encoding/json for the error (replay).
var errReplay = errors.New("stride: replay the error")

// syntaxV1 returns the error of a Decode out of place in the token stream, made by f, at the
// current offset; on a v2-based build, errReplay.
func (dec *Decoder) syntaxV1(f func() error) error {
	if v2Based {
		return errReplay
	}
	return offsetError(f(), dec.InputOffset())
}

// The replayed operations.
const (
	replayToken = iota
	replayDecode
	replayMore
)

// tokenV2 is Token on a v2-based build.
func (dec *Decoder) tokenV2() (Token, error) {
	if dec.err != nil {
		return nil, dec.err
	}
	mark, state := dec.begin()
	tok, err := dec.nextToken()
	if err == nil {
		return tok, nil
	}
	if te, ok := err.(*UnmarshalTypeError); ok && dec.err == nil {
		// A number a float64 cannot hold (1e999): read and passed, as by encoding/json, whose
		// error places it after the number. Not replayed: the buffer may have let go of a long
		// number by now.
		c := *te
		c.Offset = dec.InputOffset()
		return nil, &c
	}
	sticky := dec.err != nil
	err = dec.replay(mark, state, replayToken, err)
	if sticky {
		dec.err = err
	}
	return nil, err
}

// decodeV2 is Decode on a v2-based build: where a member name comes next, the name is the value.
func (dec *Decoder) decodeV2(v any) error {
	if dec.err != nil {
		return dec.err
	}
	mark, state := dec.begin()
	dec.st.dropped = false
	var err error
	switch state {
	case tokenObjectStart, tokenObjectKey, tokenObjectComma:
		err = dec.decodeName(v)
	default:
		err = dec.decodeNext(v)
	}
	if err == nil || err != errReplay && dec.err == nil {
		return err // decoded, or a value of the wrong type (already encoding/json's error)
	}
	if dec.st.dropped {
		// Decoded as it arrived, and what was decoded is gone: the error is encoding/json's
		// from the state at the start of what is left (see streamError), and Decode's
		// word for a value cut short.
		if se, ok := err.(*SyntaxError); ok && se.Error() == "unexpected end of JSON input" {
			dec.err = io.ErrUnexpectedEOF
		}
		dec.tokenState = state // undone, as a replayed call is
		dec.setOffset(mark)
		return dec.err
	}
	dec.err = dec.replay(mark, state, replayDecode, err)
	return dec.err
}

// decodeName decodes the member name that comes next into v, after the comma before it.
func (dec *Decoder) decodeName(v any) error {
	c, err := dec.peek()
	if err != nil {
		dec.err = err
		return err
	}
	if dec.tokenState == tokenObjectComma {
		if c != ',' {
			return errReplay
		}
		dec.sepAt = dec.in.Scanned + int64(dec.in.Scanp)
		dec.in.Scanp++
		dec.tokenState = tokenObjectKey
		if c, err = dec.peek(); err != nil {
			dec.err = err
			return err
		}
	}
	dec.tokAt = dec.in.Scanned + int64(dec.in.Scanp)
	if c != '"' {
		return errReplay
	}
	saved := dec.tokenState
	dec.tokenState = tokenTopValue
	err = dec.decodeNext(v)
	dec.tokenState = saved
	if dec.err == nil {
		dec.tokenState = tokenObjectColon
	}
	return err
}

// moreV2 is More on a v2-based build, which peeks at the next token as jsontext does: false
// before a ']' or '}' (wherever it is), else true, and the error of a missing or misplaced comma
// or colon, or of the input ending inside a value, is sticky then; the token itself is checked
// by the next call.
func (dec *Decoder) moreV2() bool {
	if dec.err != nil {
		return dec.err != io.EOF
	}
	mark, state := dec.begin()
	c, err := dec.peek()
	if err == nil {
		var delim byte
		if c == ',' || c == ':' {
			delim = c
			c, err = dec.peekAfter()
		}
		if err == nil && needDelim(state, c) == delim {
			return c != ']' && c != '}'
		}
	}
	dec.err = dec.replay(mark, state, replayMore, err)
	return dec.err != io.EOF
}

// peekAfter returns the first byte after white space past the comma or colon at scanp, reading
// as needed, without moving scanp.
func (dec *Decoder) peekAfter() (byte, error) {
	for i := dec.in.Scanp + 1; ; i++ {
		for i == len(dec.in.Buf) {
			if dec.in.Rerr != nil {
				return 0, dec.in.Rerr
			}
			dec.in.Refill()
		}
		if !jsonread.IsSpace(dec.in.Buf[i]) {
			return dec.in.Buf[i], nil
		}
	}
}

// needDelim returns the comma or colon jsontext wants before a token that begins with c in
// state, or 0.
func needDelim(state int, c byte) byte {
	switch state {
	case tokenObjectColon:
		return ':'
	case tokenArrayComma, tokenObjectComma:
		if c != ']' && c != '}' {
			return ','
		}
	}
	return 0
}

// begin notes where a call starts: the input offset and the token state.
func (dec *Decoder) begin() (int64, int) {
	dec.tokAt, dec.sepAt = -1, -1
	return dec.in.Scanned + int64(dec.in.Scanp), dec.tokenState
}

// replay returns encoding/json's error for the call (op) that began at input offset mark in
// state and failed (with err, returned if encoding/json does not fail the same way), and puts
// the Decoder back where encoding/json's Decoder stands after it. encoding/json reads a prefix
// that brings it to state, then the input from mark on: the buffer, with the white space and the
// comma or colon the call consumed rebuilt where the buffer no longer holds them. It runs on the
// error path only.
func (dec *Decoder) replay(mark int64, state int, op int, err error) error {
	// A character shown in the message may be cut by the end of what was read so far.
	for want := len(dec.in.Buf) + utf8.UTFMax; len(dec.in.Buf) < want && dec.in.Rerr == nil; {
		dec.in.Refill()
	}
	for {
		d, shift, std := dec.replayOnce(mark, state, op, err)
		if std == io.ErrUnexpectedEOF && dec.in.Rerr == nil && dec.opt == nil {
			// encoding/json reads on where the input so far ends inside the value: so does
			// the replay, with twice the input each time (linear in all). (Under
			// UnmarshalOptions, whose limits end reading, the value was read whole first.)
			for want := 2 * len(dec.in.Buf); len(dec.in.Buf) < want && dec.in.Rerr == nil; {
				dec.in.Refill()
			}
			continue
		}
		dec.tokenState = state
		if !dec.setOffset(d.InputOffset() + shift) {
			dec.err = std // only after a compaction, which ends the stream: the error is sticky
		}
		return std
	}
}

// replayOnce is one replay on the input read so far: encoding/json's Decoder after it, the shift
// from its offsets to the Decoder's, and its error.
func (dec *Decoder) replayOnce(mark int64, state int, op int, err error) (*json.Decoder, int64, error) {
	prefix, tokens := replayPrefix(state)
	in := []byte(prefix)
	if from := mark - dec.in.Scanned; from >= 0 {
		in = append(in, dec.in.Buf[from:]...)
	} else {
		// Compacted away: only white space, at most one comma or colon (at sepAt), then the
		// token (at tokAt), which the buffer still holds.
		tok := max(dec.tokAt, dec.in.Scanned)
		if dec.sepAt >= mark {
			in = append(in, strings.Repeat(" ", int(dec.sepAt-mark))...)
			sep := byte(',') // after an element or a member's value
			if state == tokenObjectColon {
				sep = ':'
			}
			in = append(in, sep)
			in = append(in, strings.Repeat(" ", int(tok-dec.sepAt-1))...)
		} else {
			in = append(in, strings.Repeat(" ", int(tok-mark))...)
		}
		in = append(in, dec.in.Buf[tok-dec.in.Scanned:]...)
	}
	// A read error comes after the bytes read before it, as encoding/json's Decoder reports it.
	var src io.Reader = bytes.NewReader(in)
	if dec.in.Rerr != nil && dec.in.Rerr != io.EOF {
		src = io.MultiReader(src, failingReader{dec.in.Rerr})
	}
	d := json.NewDecoder(src)
	if dec.d.UseNumber {
		d.UseNumber()
	}
	var std error
	shift := mark - int64(len(prefix))
	for range tokens {
		if _, std = d.Token(); std != nil {
			return d, shift, err // unreachable: the prefixes are valid
		}
	}
	switch op {
	case replayToken:
		_, std = d.Token()
	case replayDecode:
		std = d.Decode(new(RawMessage))
	case replayMore:
		d.More()
		_, std = d.Token()
	}
	if std == nil {
		std = err // unreachable while nextToken and encoding/json agree
	}
	switch e := std.(type) {
	case *SyntaxError:
		std = offsetError(e, e.Offset+shift)
	case *UnmarshalTypeError:
		// A number Token cannot hold (1e999 as a float64): its offset is in the replayed input too.
		c := *e
		c.Offset += shift
		std = &c
	}
	return d, shift, std
}

// setOffset puts the Decoder at input offset off, and reports whether its buffer still holds
// it; if not (what was before it has been dropped), the stream cannot go on from there, and
// only InputOffset reports off.
func (dec *Decoder) setOffset(off int64) bool {
	if at := off - dec.in.Scanned; at >= 0 && at <= int64(len(dec.in.Buf)) {
		dec.in.Scanp = int(at)
		return true
	}
	dec.in.Scanned, dec.in.Scanp = off, 0
	dec.in.Buf = dec.in.Buf[:0]
	return false
}

// replayPrefix returns JSON text that brings a Decoder to state, and the tokens it holds. The
// states a v2-based Decoder stops in are those after a token; the others (after a comma or colon
// read alone) only occur inside a call.
func replayPrefix(state int) (string, int) {
	switch state {
	case tokenArrayStart:
		return "[", 1
	case tokenArrayComma, tokenArrayValue:
		return `[""`, 2 // a string: no byte after it continues it, as one would a number
	case tokenObjectStart:
		return "{", 1
	case tokenObjectColon, tokenObjectKey:
		return `{"a"`, 2
	case tokenObjectComma, tokenObjectValue:
		return `{"a":""`, 3
	}
	return "", 0
}

// A failingReader fails every Read with err.
type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) { return 0, r.err }
