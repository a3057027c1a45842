package codec

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/stridejson/stride/stream"
)

// RejectDuplicateNames: the fields a struct's object has set, and the error of a name that sets
// one twice.

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
// in d.Data.
func (d *DecodeState) duplicateError(off int64, name, what string) error {
	err := &stream.SyntaxError{Offset: off, Msg: "duplicate object key " + strconv.Quote(name) + " " + what,
		Err: errDuplicate}
	if off <= int64(len(d.Data)) {
		before := d.Data[:off]
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

// Rebase moves an error of duplicateError from a Decoder's value to the input, which holds base
// bytes before the value.
func Rebase(err error, base int64) error {
	se, ok := err.(*stream.SyntaxError)
	if !ok || se.Err != errDuplicate || base == 0 {
		return err
	}
	c := *se
	c.Offset += base
	c.Line, c.Column = 0, 0 // counted from the value's start: unknown
	return &c
}
