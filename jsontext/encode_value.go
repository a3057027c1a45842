package jsontext

import (
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/jsonstr"
	"github.com/stridejson/stride/stream"
)

// WriteValue writes the value v, after the comma or colon and the white space it needs. It checks
// v whole first (one value, with only white space around it) and then writes it reformatted as
// the Encoder's options say: its white space replaced by the Encoder's, its strings escaped as
// the Encoder escapes them (unless PreserveRawStrings), invalid UTF-8 (under AllowInvalidUTF8)
// written as U+FFFD, numbers as they are unless CanonicalizeRawInts or CanonicalizeRawFloats.
// An invalid v is a *SyntacticError at its offset in the output, and nothing is written.
func (e *Encoder) WriteValue(v Value) error {
	e.maxValue |= len(v)
	if f := e.last(); f != nil && !f.needName() && len(v) > 0 && (v[0] == '-' || v[0]-'0' < 10) &&
		!e.f.canonInts && !e.f.canonFloats {
		// The common case of a pass-through: a number in an array or as a member's value,
		// written as it is, with WriteToken's effect (a token counted in its container).
		if end, ok := jsonnum.Prefix(v, 0); ok && end == len(v) {
			if e.w.RawUnchecked(v) != nil {
				return e.ioError()
			}
			f.length++
			return nil
		}
	}
	if ok, plain := scalar(v, !e.f.badUTF8); ok {
		return e.writeText(v, plain)
	}
	if err := e.checkValue(v); err != nil {
		return err
	}
	if k := v.Kind(); k != KindString { // a string's checks (a name's too) are WriteToken's
		if err := e.grammar(k); err != nil {
			return e.fail(k, err, 0, "")
		}
	}
	if k := v.Kind(); e.f.reorder && (k == KindBeginObject || k == KindBeginArray) {
		return e.writeReordered(v)
	}
	return e.reformat(v)
}

// scalar reports whether v is one valid number, string or literal and nothing else (no white
// space), which WriteValue writes as WriteToken writes that token, with the same checks and
// errors. Anything else, valid or not, takes the Reader's checks.
//
// NOTE: a pass-through writes numbers and strings one by one; the Reader's two passes (check,
// then tokens) made the token-write rows of bench/ 3x slower than the standard Encoder's on
// number-heavy documents.
// It also reports whether a string is plain: without escapes and invalid UTF-8.
func scalar(v Value, strict bool) (ok, plain bool) {
	if len(v) == 0 {
		return false, false
	}
	switch c := v[0]; {
	case c == '-' || '0' <= c && c <= '9':
		end, ok := jsonnum.Prefix(v, 0)
		return ok && end == len(v), false
	case c == '"':
		end, plain, err := jsonstr.ScanString(v, 0, strict)
		return err == nil && end == len(v), plain
	}
	switch string(v) {
	case "true", "false", "null":
		return true, false
	}
	return false, false
}

// checkValue returns the error of v as jsontext reports it for WriteValue, or nil.
func (e *Encoder) checkValue(v Value) error {
	ws := int64(jsonstr.SpaceEnd(v, 0))
	k := v.Kind()
	switch {
	case ws == int64(len(v)):
		return e.fail(k, io.ErrUnexpectedEOF, ws, "")
	case (k == KindBeginObject || k == KindBeginArray) && len(e.stack) == maxDepth:
		return e.fail(k, errMaxDepth, ws, "")
	}
	r := e.reader(maxDepth - len(e.stack))
	r.Reset(v)
	r.ReadValue()
	if err := r.Err(); err != nil {
		se, _ := err.(*stream.SyntaxError)
		r.Reset(nil)
		if se == nil {
			return err
		}
		cause := se.Err
		if cause == nil {
			cause = errorString(se.Msg)
		}
		if te, ok := cause.(*jsonread.TextError); ok && te.Where == "after array element (expecting ',' or ']')" {
			// NOTE: the standard Encoder says "value" where its Decoder says "element".
			cause = &jsonread.TextError{Label: te.Label, What: te.What, Where: "after array value (expecting ',' or ']')"}
		}
		at := se.Offset
		if cause == io.ErrUnexpectedEOF && at < int64(len(v)) && (v[at] == '-' || '0' <= v[at] && v[at] <= '9') {
			// NOTE: the standard Encoder reports a number cut short after its longest complete
			// prefix, where its Decoder reports it at its start.
			at += int64(numberPrefix(v[at:]))
		}
		ptr := append(e.pointer(nil, +1), se.Pointer...)
		return &SyntacticError{ByteOffset: e.OutputOffset() + e.delimSpace(k) + at, JSONPointer: Pointer(ptr), Err: cause}
	}
	end := int(r.InputOffset())
	r.Reset(nil)
	if i := jsonstr.SpaceEnd(v, end); i < len(v) {
		rest, at := v[i:], int64(i)
		ptr := e.pointer(nil, 0)
		return &SyntacticError{ByteOffset: e.OutputOffset() + e.delimSpace(k) + at, JSONPointer: Pointer(ptr),
			Err: badChar(string(rest), "after top-level value")}
	}
	return nil
}

// reader returns the Encoder's Reader for checking values, with nesting up to depth levels.
func (e *Encoder) reader(depth int) *stream.Reader {
	if e.check == nil {
		e.check = new(stream.Reader)
	}
	e.check.SetOptions(stream.ReaderOptions{RejectDuplicateNames: !e.f.dups, StrictStrings: !e.f.badUTF8, MaxDepth: depth})
	return e.check
}

// writeText writes the token whose checked JSON text is text (a plain string literal if plain).
func (e *Encoder) writeText(text []byte, plain bool) error {
	e.text.text, e.text.plain = text, plain
	err := e.WriteToken(Token{raw: &e.text})
	e.text.text = nil
	return err
}

// reformat writes the checked value v token by token.
func (e *Encoder) reformat(v Value) error {
	r := e.check
	r.Reset(v)
	defer r.Reset(nil)
	depth := len(e.stack)
	for {
		k, text := r.ReadToken()
		if err := e.writeText(text, k == '"' && r.TokenPlain()); err != nil {
			return err
		}
		if len(e.stack) == depth {
			return nil
		}
	}
}

// numberPrefix returns the length of the longest prefix of b that is a whole JSON number: b begins
// a number and ends before it is complete.
func numberPrefix(b []byte) int {
	digits := func(i int) int {
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i
	}
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case digits(i) > i:
		i = digits(i)
	default:
		return 0
	}
	whole := i
	if i < len(b) && b[i] == '.' {
		if j := digits(i + 1); j > i+1 {
			whole, i = j, j
		} else {
			return whole
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if j := digits(i); j > i {
			whole = j
		}
	}
	return whole
}

// errorString is an error with a fixed text.
type errorString string

func (e errorString) Error() string { return string(e) }

// appendCanonNumber appends the number text b, canonicalized as jsontext does under
// CanonicalizeRawInts (integers from 2^53 up, as float64s) and CanonicalizeRawFloats (numbers with
// a fraction or exponent); -0 is 0 under either.
func appendCanonNumber(dst, b []byte, ints, floats bool) []byte {
	if !ints && !floats {
		return append(dst, b...)
	}
	float := false
	for _, c := range b {
		if c == '.' || c == 'e' || c == 'E' {
			float = true
			break
		}
	}
	switch {
	case string(b) == "-0":
	case float && !floats, !float && (!ints || len(b) < 16):
		return append(dst, b...)
	}
	f, _ := strconv.ParseFloat(string(b), 64)
	switch {
	case f == 0:
		f = 0
	case math.IsInf(f, 1):
		f = math.MaxFloat64
	case math.IsInf(f, -1):
		f = -math.MaxFloat64
	}
	return AppendFloat(dst, f, 64)
}

// appendPreserved appends the string literal b as it is but for the escapes EscapeForHTML ('<',
// '>' and '&') and EscapeForJS (U+2028 and U+2029) ask for.
func appendPreserved(dst, b []byte, html, js bool) []byte {
	last := 0
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if html && (c == '<' || c == '>' || c == '&') {
				dst = append(append(dst, b[last:i]...), `\u00`...)
				dst = append(dst, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
				last = i + 1
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if js && (r == '\u2028' || r == '\u2029') {
			dst = append(append(dst, b[last:i]...), `\u202`...)
			dst = append(dst, "89"[r-'\u2028'])
			last = i + n
		}
		i += n
	}
	return append(dst, b[last:]...)
}
