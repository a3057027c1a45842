package jsontext

import (
	"bytes"
	"math"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonnum"
)

// A Token is a JSON token: null, true, false, a string, a number, or one of the delimiters '{',
// '}', '[' and ']'. The ':' and ',' between tokens are not tokens: an Encoder writes them and a
// Decoder reads them itself. The zero Token is invalid.
//
// A string or number Token read by a Decoder refers to the token's text in the Decoder's buffer,
// which the next call on the Decoder reads past: use it before then, or keep a Clone. Its methods
// panic once the Decoder has read on, as the standard package's do. A Token made by a
// constructor holds its value.
type Token struct {
	_ [0]func() // not comparable

	// raw holds the token's JSON text when it has one (literals, delimiters, tokens read); it
	// takes precedence over str and num. A Token read by a Decoder is valid while num is its
	// raw.seq (see text).
	raw *tokenText
	// str is a string's value when raw is nil and num is 0; otherwise "F", "f", "i" or "u": num
	// holds a float32, a float64 (their bits), an int64 or a uint64. Zero numbers and empty
	// strings are raw.
	str string
	num uint64
}

// NOTE: a Token is four words, no more: a larger struct is not kept in registers by the compiler
// (it is moved through memory at each call and return), which made reading a document's tokens
// and their values (bench/, token-read) some 15% slower.

// A tokenText is the JSON text of raw tokens: a constant's or a clone's (seq 0), or the token a
// Decoder read last (a view of its buffer), which the Decoder numbers in seq.
type tokenText struct {
	text  []byte
	seq   uint64
	plain bool      // a string literal without escapes and invalid UTF-8: its value is between its quotes
	in    *interner // the Decoder's short strings, for String (nil but in a Decoder's)
}

// text returns the JSON text of a token in raw form, or nil. It panics for a token read by a
// Decoder that has read on since.
func (t Token) text() []byte {
	if t.raw == nil {
		return nil
	}
	if t.raw.seq != t.num {
		panic("invalid jsontext.Token; it has been voided by a subsequent json.Decoder call")
	}
	return t.raw.text
}

// unquoteBufs are the buffers String decodes a string with escapes into; one grown past
// maxPooledUnquote bytes is let go rather than kept.
var unquoteBufs = sync.Pool{New: func() any { return new([]byte) }}

const maxPooledUnquote = 64 << 10

// plain reports whether t is a string literal read without escapes and invalid UTF-8.
func (t Token) plain() bool { return t.raw != nil && t.raw.plain }

// The tokens that are always the same.
var (
	Null  = rawToken("null")
	False = rawToken("false")
	True  = rawToken("true")

	BeginObject = rawToken("{")
	EndObject   = rawToken("}")
	BeginArray  = rawToken("[")
	EndArray    = rawToken("]")

	zeroString = rawToken(`""`)
	zeroNumber = rawToken("0")
)

// rawToken returns the token whose JSON text is s, which must be a valid token.
func rawToken[S ~string | ~[]byte](s S) Token { return Token{raw: &tokenText{text: []byte(s)}} }

// Bool returns the token true or false.
func Bool(b bool) Token {
	if b {
		return True
	}
	return False
}

// String returns a string token of s. Invalid UTF-8 in s is an error when the token is written.
func String(s string) Token {
	if s == "" {
		return zeroString
	}
	return Token{str: s}
}

// Float returns a number token of n. NaN and the infinities, which JSON cannot hold, become the
// strings "NaN", "Infinity" and "-Infinity".
func Float(n float64) Token {
	switch {
	case math.Float64bits(n) == 0:
		return zeroNumber
	case n != n:
		return String("NaN")
	case math.IsInf(n, 1):
		return String("Infinity")
	case math.IsInf(n, -1):
		return String("-Infinity")
	}
	return Token{str: "f", num: math.Float64bits(n)}
}

// Float32 is Float for a float32, written with 32-bit precision.
func Float32(n float32) Token {
	if f := float64(n); f == 0 || f != f || math.IsInf(f, 0) {
		return Float(f)
	}
	return Token{str: "F", num: uint64(math.Float32bits(n))}
}

// Int returns a number token of n.
func Int(n int64) Token {
	if n == 0 {
		return zeroNumber
	}
	return Token{str: "i", num: uint64(n)}
}

// Uint returns a number token of n.
func Uint(n uint64) Token {
	if n == 0 {
		return zeroNumber
	}
	return Token{str: "u", num: n}
}

// Clone returns a Token that holds its own copy of a token read by a Decoder, valid after the
// Decoder's next call.
func (t Token) Clone() Token {
	text := t.text()
	if text == nil || t.raw.seq == 0 {
		return t // made by a constructor, a constant, or a clone
	}
	switch kindOf[text[0]] {
	case KindNull:
		return Null
	case KindFalse:
		return False
	case KindTrue:
		return True
	case KindBeginObject:
		return BeginObject
	case KindEndObject:
		return EndObject
	case KindBeginArray:
		return BeginArray
	case KindEndArray:
		return EndArray
	}
	return Token{raw: &tokenText{text: bytes.Clone(text), plain: t.raw.plain}}
}

// Kind returns the kind of the token.
func (t Token) Kind() Kind {
	switch {
	case t.raw != nil:
		return kindOf[t.text()[0]]
	case t.num != 0:
		return KindNumber
	case t.str != "":
		return KindString
	}
	return KindInvalid
}

// Bool returns the value of true or false; it panics for any other token.
func (t Token) Bool() bool {
	switch t.Kind() {
	case KindTrue:
		return true
	case KindFalse:
		return false
	}
	panic("invalid JSON token kind: " + t.Kind().String())
}

// String returns the value of a string token, decoded, and the JSON text of any other token
// (for a number made by a constructor, as an Encoder would write it).
//
// It inlines, as the standard package's does, converting in its caller the bytes stringParts
// gives: a caller that only compares the string or looks it up in a map (and keeps it nowhere)
// pays no allocation for a short one (up to 32 bytes, the compiler's buffer on the stack).
func (t Token) String() string {
	s, b := t.stringParts()
	if len(b) > 0 {
		return string(b)
	}
	return s
}

// stringParts is String's work: the value as a string, or as bytes of the Decoder's buffer, for
// String to copy.
func (t Token) stringParts() (string, []byte) {
	if raw := t.text(); raw != nil {
		if raw[0] == '"' {
			// A literal without escapes (and valid) is its value: the bytes between its quotes,
			// unless the Decoder has it interned. (It interns here, not as it reads: a token whose
			// value is not asked for costs no lookup.)
			if v := raw[1 : len(raw)-1]; t.raw.plain || bytes.IndexByte(v, '\\') < 0 && utf8.Valid(v) {
				if t.raw.in != nil && t.raw.plain {
					if s := t.raw.in.intern(v); s != "" {
						return s, nil
					}
				}
				return "", v
			}
			// Decoded into a pooled buffer, then copied out: one allocation, the string's.
			bp := unquoteBufs.Get().(*[]byte)
			v, _ := AppendUnquote((*bp)[:0], raw)
			str := string(v)
			if cap(v) <= maxPooledUnquote {
				*bp = v
				unquoteBufs.Put(bp)
			}
			return str, nil
		}
		return "", raw
	}
	if t.num == 0 {
		if t.str != "" {
			return t.str, nil
		}
		return "<invalid jsontext.Token>", nil
	}
	return "", t.appendNumber(nil)
}

// appendNumber appends the JSON text of a number made by a constructor.
func (t Token) appendNumber(b []byte) []byte {
	switch t.str {
	case "F":
		return AppendFloat(b, float64(math.Float32frombits(uint32(t.num))), 32)
	case "f":
		return AppendFloat(b, math.Float64frombits(t.num), 64)
	case "i":
		return strconv.AppendInt(b, int64(t.num), 10)
	}
	return strconv.AppendUint(b, t.num, 10)
}

// A numError is the error of a number token that its accessor cannot return exactly.
type numError struct {
	accessor string // "Int", "Uint" or "Float"
	value    string // the token's text
	err      error  // strconv.ErrSyntax or strconv.ErrRange
}

func (e *numError) Error() string {
	return "jsontext.Token(" + e.value + ")." + e.accessor + " error: " + e.err.Error()
}

func (e *numError) Unwrap() error { return e.err }

// Float returns the value of a number token as the nearest float64 (with an error beyond the
// float64 range), and of the strings "NaN", "Infinity" and "-Infinity" as those values; it
// panics for any other token.
func (t Token) Float() (float64, error) { return t.float(64) }

// Float32 is Float for a float32.
func (t Token) Float32() (float32, error) {
	f, err := t.float(32)
	return float32(f), err
}

func (t Token) float(bits int) (float64, error) {
	switch {
	case t.raw != nil && t.Kind() == KindNumber:
		raw := t.raw.text
		if bits == 64 {
			if end, f, ok := jsonnum.QuickFloat(raw, 0); ok && end == len(raw) {
				return f, nil // nearly every literal (see jsonnum.ParseFloat64)
			}
		}
		f, err := strconv.ParseFloat(string(raw), bits)
		if err != nil {
			err = &numError{"Float", t.String(), strconv.ErrRange} // the grammar is checked
		}
		return f, err
	case t.raw == nil && t.num != 0:
		switch t.str {
		case "F":
			return float64(math.Float32frombits(uint32(t.num))), nil
		case "f":
			f := math.Float64frombits(t.num)
			if bits == 32 && math.IsInf(float64(float32(f)), 0) {
				return f, &numError{"Float", t.String(), strconv.ErrRange}
			}
			return f, nil
		case "i":
			return float64(int64(t.num)), nil
		}
		return float64(t.num), nil
	case t.Kind() == KindString:
		switch t.String() {
		case "NaN":
			return math.NaN(), nil
		case "Infinity":
			return math.Inf(1), nil
		case "-Infinity":
			return math.Inf(-1), nil
		}
	}
	panic("invalid JSON token kind: " + t.Kind().String())
}

// Int returns the value of a number token as an int64: an error for a number that is not an
// integer (with the value truncated) or beyond the int64 range (with the nearest int64). It
// panics for any other token.
func (t Token) Int() (int64, error) {
	if t.raw != nil && t.Kind() == KindNumber {
		lit := t.raw.text
		if lit[0] == '-' {
			switch u, ok := parseUint(lit[1:]); {
			case u > 1<<63:
				return math.MinInt64, &numError{"Int", t.String(), strconv.ErrRange}
			case ok:
				return -int64(u), nil
			}
		} else {
			switch u, ok := parseUint(lit); {
			case u > math.MaxInt64:
				return math.MaxInt64, &numError{"Int", t.String(), strconv.ErrRange}
			case ok:
				return int64(u), nil
			}
		}
		f, _ := strconv.ParseFloat(string(lit), 64)
		return floatToInt(f), &numError{"Int", t.String(), strconv.ErrSyntax}
	}
	if t.raw == nil && t.num != 0 {
		switch t.str {
		case "i":
			return int64(t.num), nil
		case "u":
			if t.num > math.MaxInt64 {
				return math.MaxInt64, &numError{"Int", t.String(), strconv.ErrRange}
			}
			return int64(t.num), nil
		}
		f := t.floatValue()
		switch i := floatToInt(f); {
		case f != f || math.Trunc(f) != f:
			return i, &numError{"Int", t.String(), strconv.ErrSyntax}
		case i == math.MinInt64 && f < math.MinInt64 || i == math.MaxInt64 && f > math.MaxInt64:
			return i, &numError{"Int", t.String(), strconv.ErrRange}
		default:
			return i, nil
		}
	}
	panic("invalid JSON token kind: " + t.Kind().String())
}

// Uint returns the value of a number token as a uint64: an error for a number that is not an
// integer or is negative (with the value truncated, or 0) or beyond the uint64 range (with the
// largest). It panics for any other token.
func (t Token) Uint() (uint64, error) {
	if t.raw != nil && t.Kind() == KindNumber {
		switch u, ok := parseUint(t.raw.text); {
		case ok:
			return u, nil
		case u == math.MaxUint64:
			return u, &numError{"Uint", t.String(), strconv.ErrRange}
		}
		f, _ := strconv.ParseFloat(string(t.raw.text), 64)
		return floatToUint(f), &numError{"Uint", t.String(), strconv.ErrSyntax}
	}
	if t.raw == nil && t.num != 0 {
		switch t.str {
		case "u":
			return t.num, nil
		case "i":
			if int64(t.num) < 0 {
				return 0, &numError{"Uint", t.String(), strconv.ErrSyntax}
			}
			return t.num, nil
		}
		f := t.floatValue()
		switch u := floatToUint(f); {
		case f != f || math.Trunc(f) != f || math.Signbit(f):
			return u, &numError{"Uint", t.String(), strconv.ErrSyntax}
		case u == 0 && f < 0 || u == math.MaxUint64 && f > math.MaxUint64:
			return u, &numError{"Uint", t.String(), strconv.ErrRange}
		default:
			return u, nil
		}
	}
	panic("invalid JSON token kind: " + t.Kind().String())
}

// floatValue is the value of a float token made by a constructor.
func (t Token) floatValue() float64 {
	if t.str == "F" {
		return float64(math.Float32frombits(uint32(t.num)))
	}
	return math.Float64frombits(t.num)
}

// parseUint reads lit as a JSON integer of digits alone: ok is false when it is not one (with 0)
// or it overflows a uint64 (with math.MaxUint64).
func parseUint(lit []byte) (u uint64, ok bool) {
	if len(lit) == 0 || lit[0] == '0' && len(lit) > 1 {
		return 0, false
	}
	for _, c := range lit {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	u, err := strconv.ParseUint(string(lit), 10, 64)
	if err != nil {
		return math.MaxUint64, false
	}
	return u, true
}

// floatToInt converts f to the nearest int64 toward zero, held to the int64 range (0 for NaN).
func floatToInt(f float64) int64 {
	switch {
	case f != f:
		return 0
	case f >= 1<<63:
		return math.MaxInt64
	case f < -1<<63:
		return math.MinInt64
	}
	return int64(f)
}

// floatToUint converts f to the nearest uint64 toward zero, held to the uint64 range (0 for NaN).
func floatToUint(f float64) uint64 {
	switch {
	case f != f, f < 0:
		return 0
	case f >= 1<<64:
		return math.MaxUint64
	}
	return uint64(f)
}
