// Package tokens is the neutral form of a document for the token-level workloads: a flat list of
// tokens that token writers replay, and a hash that token readers feed, so that every library's
// output can be checked against encoding/json's.
package tokens

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/bits"
	"strconv"
)

// Kind is a token's kind.
type Kind byte

// The token kinds. Name is an object member name; String is a string value.
const (
	BeginObject Kind = '{'
	EndObject   Kind = '}'
	BeginArray  Kind = '['
	EndArray    Kind = ']'
	Name        Kind = 'k'
	String      Kind = 's'
	Number      Kind = 'n'
	True        Kind = 't'
	False       Kind = 'f'
	Null        Kind = '0'
)

// A Token is one JSON token. Str holds the value of a Name or String; Num holds a Number's text as
// it appeared in the document.
type Token struct {
	Kind Kind
	Str  string
	Num  []byte
}

// Parse splits one JSON document into tokens, using encoding/json's Decoder.
func Parse(doc []byte) ([]Token, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var out []Token
	// stack holds, for each open container, whether it is an object whose next string is a name.
	type frame struct{ object, wantName bool }
	var stack []frame
	for {
		t, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		isName := len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantName
		if len(stack) > 0 && stack[len(stack)-1].object {
			// After a name comes a value, after a value a name. A container value toggles its
			// parent here, at its opening delimiter; its closing one only pops it.
			stack[len(stack)-1].wantName = !stack[len(stack)-1].wantName
		}
		switch v := t.(type) {
		case json.Delim:
			switch v {
			case '{':
				stack = append(stack, frame{object: true, wantName: true})
			case '[':
				stack = append(stack, frame{})
			case '}', ']':
				stack = stack[:len(stack)-1]
			}
			out = append(out, Token{Kind: Kind(v)})
		case string:
			if isName {
				out = append(out, Token{Kind: Name, Str: v})
			} else {
				out = append(out, Token{Kind: String, Str: v})
			}
		case json.Number:
			out = append(out, Token{Kind: Number, Num: []byte(v)})
		case bool:
			if v {
				out = append(out, Token{Kind: True})
			} else {
				out = append(out, Token{Kind: False})
			}
		case nil:
			out = append(out, Token{Kind: Null})
		default:
			return nil, errors.New("tokens: unexpected token type")
		}
	}
	return out, nil
}

// A Hash digests a token sequence: delimiters, strings (names and values alike), numbers as float64
// values, booleans and nulls, in order. Two readers that see the same document the same way end with
// the same Sum.
//
// The digest is cheap next to reading, so that it does not hide the differences between readers:
// every token is one word (its kind, and a string's length) mixed into the state, and a string's
// bytes follow 8 at a time. (Hashing a byte at a time, as FNV-1a does, took about three quarters of
// the token-reading time of every library.) Each mix is an xor, a multiply and a rotate: every bit of
// a word reaches the state, the rotate carries the high product bits back down, and the kind and
// length words keep the encoding unambiguous. It is a checksum for the benchmarks, not a hash for
// hostile input.
type Hash struct {
	h uint64
	// Trace, when not nil, receives every token as text, to find where two readers part.
	Trace *[]string
}

const (
	seed = 14695981039346656037
	mulK = 0x9E3779B97F4A7C15 // 2^64 / the golden ratio, odd: a multiply by it is a bijection
)

// Reset starts a new digest.
func (h *Hash) Reset() { h.h = seed }

// Sum returns the digest.
func (h *Hash) Sum() uint64 { return h.h }

// mix folds the word w into the state.
func (h *Hash) mix(w uint64) { h.h = mix(h.h, w) }

// mix returns the state x with the word w folded in.
func mix(x, w uint64) uint64 { return bits.RotateLeft64((x^w)*mulK, 29) }

func (h *Hash) trace(s string) {
	if len(*h.Trace) < 1<<22 {
		*h.Trace = append(*h.Trace, s)
	}
}

// Delim records '{', '}', '[' or ']'.
func (h *Hash) Delim(c byte) {
	h.mix(uint64(c))
	if h.Trace != nil {
		h.trace(string(c))
	}
}

// Str records a name or string value.
func (h *Hash) Str(s string) {
	h.h = foldString(h.h, s)
	if h.Trace != nil {
		h.trace(strconv.Quote(s))
	}
}

// Bytes records a name or string value held in a byte slice, as Str records the same text.
func (h *Hash) Bytes(s []byte) {
	h.h = foldString(h.h, s)
	if h.Trace != nil {
		h.trace(strconv.Quote(string(s)))
	}
}

// foldString mixes the word '"' | len(s)<<8 and then s, as little-endian words, into the state x.
// The last word is zero-padded; with the length in front, no two strings give the same words. Runs
// of 4 words go to 4 lanes, mixed in parallel and then into x in order, since one chain of
// multiplies alone ran at about 1.5 bytes per cycle, and long strings would spend more time in the
// digest than the fastest readers spend reading them.
func foldString[S ~string | ~[]byte](x uint64, s S) uint64 {
	x = mix(x, '"'|uint64(len(s))<<8)
	i := 0
	if len(s) >= 32 {
		a, b, c, d := x, x^lane1, x^lane2, x^lane3
		for ; i+32 <= len(s); i += 32 {
			a = mix(a, word(s, i))
			b = mix(b, word(s, i+8))
			c = mix(c, word(s, i+16))
			d = mix(d, word(s, i+24))
		}
		x = mix(mix(mix(mix(x, a), b), c), d) // not mix(a, b): a's and b's differences would add
	}
	for ; i+8 <= len(s); i += 8 {
		x = mix(x, word(s, i))
	}
	if r := len(s) - i; r > 0 {
		var w uint64
		if len(s) >= 8 {
			w = word(s, len(s)-8) >> (64 - 8*r) // the last r bytes, zero-padded
		} else {
			for k := 0; k < r; k++ {
				w |= uint64(s[i+k]) << (8 * k)
			}
		}
		x = mix(x, w)
	}
	return x
}

// The starting offsets of lanes 1 to 3 from lane 0 (digits of pi), so that words swapped between
// lanes change the digest.
const (
	lane1 = 0x243F6A8885A308D3
	lane2 = 0x13198A2E03707344
	lane3 = 0xA4093822299F31D0
)

// word returns s[i:i+8] as a little-endian word.
func word[S ~string | ~[]byte](s S, i int) uint64 {
	b := s[i : i+8] // one bounds check, and one load
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// Float records a number.
func (h *Hash) Float(f float64) {
	h.mix('n')
	h.mix(math.Float64bits(f))
	if h.Trace != nil {
		h.trace(strconv.FormatFloat(f, 'g', -1, 64))
	}
}

// Bool records true or false.
func (h *Hash) Bool(v bool) {
	if v {
		h.mix('t')
	} else {
		h.mix('f')
	}
	if h.Trace != nil {
		h.trace(strconv.FormatBool(v))
	}
}

// Null records null.
func (h *Hash) Null() {
	h.mix('0')
	if h.Trace != nil {
		h.trace("null")
	}
}

// Sum digests toks as a correct reader would see them.
func Sum(toks []Token) (uint64, error) {
	var h Hash
	return h.Replay(toks)
}

// Replay resets h and feeds it toks as a correct reader would, returning the digest.
func (h *Hash) Replay(toks []Token) (uint64, error) {
	h.Reset()
	for _, t := range toks {
		switch t.Kind {
		case BeginObject, EndObject, BeginArray, EndArray:
			h.Delim(byte(t.Kind))
		case Name, String:
			h.Str(t.Str)
		case Number:
			f, err := strconv.ParseFloat(string(t.Num), 64)
			if err != nil {
				return 0, err
			}
			h.Float(f)
		case True:
			h.Bool(true)
		case False:
			h.Bool(false)
		case Null:
			h.Null()
		}
	}
	return h.Sum(), nil
}

// Encode writes toks as one compact document, each string escaped as an encoding/json Encoder
// with SetEscapeHTML(false) escapes it, numbers as they are: the reference output of the token
// writers.
func Encode(toks []Token) ([]byte, error) {
	var out, buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	var c Comma
	for _, t := range toks {
		if c.Before(t.Kind) {
			out.WriteByte(',')
		}
		switch t.Kind {
		case BeginObject, EndObject, BeginArray, EndArray:
			out.WriteByte(byte(t.Kind))
		case Name, String:
			buf.Reset()
			if err := enc.Encode(t.Str); err != nil {
				return nil, err
			}
			out.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
			if t.Kind == Name {
				out.WriteByte(':')
			}
		case Number:
			out.Write(t.Num)
		case True:
			out.WriteString("true")
		case False:
			out.WriteString("false")
		case Null:
			out.WriteString("null")
		}
	}
	return out.Bytes(), nil
}

// Comma tracks where separators go when tokens are written one by one with a writer that leaves
// them to the caller: call Before before writing any token and After after a name.
type Comma struct{ need bool }

// Before reports whether a ',' must precede token kind k, and updates the state.
func (c *Comma) Before(k Kind) (comma bool) {
	switch k {
	case EndObject, EndArray:
		c.need = true
		return false
	case BeginObject, BeginArray:
		comma = c.need
		c.need = false
		return comma
	case Name:
		comma = c.need
		c.need = false
		return comma
	default:
		comma = c.need
		c.need = true
		return comma
	}
}
