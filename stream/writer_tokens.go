package stream

import (
	"math"
	"strconv"

	"github.com/stridejson/stride/internal/jsonnum"
)

// Each token method is a small fast path (the grammar check, room check and append) with its cold
// path in writer_grammar.go or writer_string.go.

// Null writes null.
func (w *Writer) Null() error {
	if !w.valueFast(4) && !w.valueSlow(4) {
		return w.err
	}
	w.buf = append(w.buf, "null"...)
	return nil
}

// Bool writes true or false.
func (w *Writer) Bool(v bool) error {
	if !w.valueFast(5) && !w.valueSlow(5) {
		return w.err
	}
	if v {
		w.buf = append(w.buf, "true"...)
	} else {
		w.buf = append(w.buf, "false"...)
	}
	return nil
}

// Int64 writes v in decimal.
func (w *Writer) Int64(v int64) error {
	if !w.valueFast(20) && !w.valueSlow(20) {
		return w.err
	}
	w.buf = jsonnum.AppendInt(w.buf, v)
	return nil
}

// Int writes v in decimal.
func (w *Writer) Int(v int) error { return w.Int64(int64(v)) }

// Uint64 writes v in decimal.
func (w *Writer) Uint64(v uint64) error {
	if !w.valueFast(20) && !w.valueSlow(20) {
		return w.err
	}
	w.buf = jsonnum.AppendUint(w.buf, v)
	return nil
}

// Float64 writes v as encoding/json writes a float64: the shortest decimal that reads back as v,
// with an exponent only below 1e-6 or from 1e21 up. NaN and the infinities are a *TokenError.
func (w *Writer) Float64(v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return w.nonFinite(v)
	}
	if !w.valueFast(32) && !w.valueSlow(32) {
		return w.err
	}
	w.buf = jsonnum.AppendFloat64(w.buf, v)
	return nil
}

// Float32 writes v as encoding/json writes a float32: the shortest decimal that reads back as the
// same float32. NaN and the infinities are a *TokenError.
func (w *Writer) Float32(v float32) error {
	if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
		return w.nonFinite(float64(v))
	}
	if !w.valueFast(32) && !w.valueSlow(32) {
		return w.err
	}
	w.buf = jsonnum.AppendFloat32(w.buf, v)
	return nil
}

func (w *Writer) nonFinite(v float64) error {
	return w.fail(w.OutputOffset(), "unsupported value: "+strconv.FormatFloat(v, 'g', -1, 64), nil)
}

// Number writes s, the text of a JSON number such as a json.Number holds, as it is. Text that is
// not exactly one JSON number is a *TokenError whose cause, a *SyntaxError, has the offset in s of
// the first byte that cannot continue or end the number (len(s) for a number cut short).
func (w *Writer) Number(s string) error {
	// NOTE: the conversion copies nothing (the compiler's zero-copy conversion: jsonnum.Scan
	// neither keeps nor changes its argument); TestZeroAllocs writes a number longer than the
	// 32-byte stack buffer that would otherwise hide a copy.
	if end, code := jsonnum.Scan([]byte(s), 0); code != jsonnum.OK || end != len(s) {
		if w.misplaced() { // the error of a misplaced value comes first, as for a valid s
			return w.err
		}
		return w.fail(w.OutputOffset(), "Number: invalid number "+strconv.Quote(s), numberError(s, end))
	}
	if len(s) <= 64 {
		if !w.value(len(s)) {
			return w.err
		}
		w.buf = append(w.buf, s...)
		return nil
	}
	if !w.value(0) || !appendLong(w, s) {
		return w.err
	}
	return nil
}

// numberError describes the byte at s[i] that stops the number s, or its end.
func numberError(s string, i int) error {
	if i >= len(s) {
		return &SyntaxError{Offset: int64(i), Msg: "unexpected end of number"}
	}
	return &SyntaxError{Offset: int64(i), Msg: "invalid character " + quoteChar(s[i]) + " in number"}
}

// Raw writes b, pre-encoded JSON, after checking that it is exactly one JSON value (white space
// around it is allowed and left out; white space inside it is kept). Strings must be valid UTF-8;
// their escapes may spell unpaired surrogates, which JSON's grammar allows. Nesting may go to any
// depth. Text that is not one valid value is a *TokenError whose cause is the *SyntaxError a Reader
// of b reports (offset, line and column in b).
func (w *Writer) Raw(b []byte) error {
	v, err := w.rawValue(b)
	if err != nil {
		if w.misplaced() { // the error of a misplaced value comes first, as for a valid b
			return w.err
		}
		return w.fail(w.OutputOffset(), "Raw: invalid JSON value", err)
	}
	return w.RawUnchecked(v)
}

// rawValue reads b with the Writer's own Reader, as Reader.Raw and Reader.End do, and returns the
// value in it without the white space around it.
//
// NOTE: the package's one reader checks the grammar, so Raw accepts what a Reader accepts, under
// the rawUTF8 mode (invalid UTF-8 rejected, any \uXXXX escape accepted) and without a depth limit:
// the skip keeps one bit per level, not a stack frame. The Reader is kept, so that Raw allocates
// nothing once warm (TestZeroAllocs), and made only when Raw is first called.
func (w *Writer) rawValue(b []byte) ([]byte, error) {
	r := w.check
	if r == nil {
		r = NewReader(nil, ReaderOptions{MaxDepth: math.MaxInt})
		r.rawUTF8 = true
		w.check = r
	}
	r.Reset(b)
	v := r.Raw()
	err := r.End()
	r.Reset(nil) // let go of b
	return v, err
}

// RawUnchecked writes b as it is, trusting it to be exactly one valid JSON value. It is Raw for
// text the caller has already checked; if b is not valid JSON, neither is the output.
func (w *Writer) RawUnchecked(b []byte) error {
	if len(b) <= 64 {
		if !w.value(len(b)) {
			return w.err
		}
		w.buf = append(w.buf, b...)
		return nil
	}
	if !w.value(0) || !appendLong(w, b) {
		return w.err
	}
	return nil
}

// BeginObject writes '{'.
func (w *Writer) BeginObject() error {
	if !w.valueFast(1) && !w.valueSlow(1) {
		return w.err
	}
	w.buf = append(w.buf, '{')
	w.push('{')
	return nil
}

// EndObject writes '}'. Without an open object, or right after a member name, it is a *TokenError.
func (w *Writer) EndObject() error {
	if (w.state == stObjFirst || w.state == stObjNext) && !w.pretty && len(w.buf) < w.limit {
		w.buf = append(w.buf, '}')
		w.pop()
		return nil
	}
	return w.end('}')
}

// BeginArray writes '['.
func (w *Writer) BeginArray() error {
	if !w.valueFast(1) && !w.valueSlow(1) {
		return w.err
	}
	w.buf = append(w.buf, '[')
	w.push('[')
	return nil
}

// EndArray writes ']'. Without an open array it is a *TokenError.
func (w *Writer) EndArray() error {
	// stNone and stComma occur inside a compact array, after a name (inside an object) and at the
	// top; the stack test keeps the last two out.
	if w.state <= stComma && len(w.stack) > 0 && w.stack[len(w.stack)-1] == '[' && len(w.buf) < w.limit {
		w.buf = append(w.buf, ']')
		w.pop()
		return nil
	}
	return w.end(']')
}

// Newline ends a complete top-level value with '\n', after which another top-level value may be
// written: the separator of newline-delimited JSON (and what json.Encoder writes after each value).
// Anywhere else it is a *TokenError.
func (w *Writer) Newline() error {
	if w.state != stTopDone {
		if w.state == stErr {
			return w.err
		}
		if w.state == stClosed {
			return w.failClosed()
		}
		return w.fail(w.OutputOffset(), "Newline outside a complete top-level value", nil)
	}
	if !w.need(1) {
		return w.err
	}
	w.buf = append(w.buf, '\n')
	w.state = stNone
	return nil
}
