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
type Hash struct {
	h uint64
	// Trace, when not nil, receives every token as text, to find where two readers part.
	Trace *[]string
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// Reset starts a new digest.
func (h *Hash) Reset() { h.h = fnvOffset }

// Sum returns the digest.
func (h *Hash) Sum() uint64 { return h.h }

func (h *Hash) b(c byte) { h.h = (h.h ^ uint64(c)) * fnvPrime }

func (h *Hash) trace(s string) {
	if len(*h.Trace) < 1<<22 {
		*h.Trace = append(*h.Trace, s)
	}
}

// Delim records '{', '}', '[' or ']'.
func (h *Hash) Delim(c byte) {
	h.b(c)
	if h.Trace != nil {
		h.trace(string(c))
	}
}

// Str records a name or string value.
func (h *Hash) Str(s string) {
	h.b('"')
	for i := 0; i < len(s); i++ {
		h.b(s[i])
	}
	h.b('"')
	if h.Trace != nil {
		h.trace(strconv.Quote(s))
	}
}

// Bytes records a name or string value held in a byte slice.
func (h *Hash) Bytes(s []byte) {
	h.b('"')
	for _, c := range s {
		h.b(c)
	}
	h.b('"')
	if h.Trace != nil {
		h.trace(strconv.Quote(string(s)))
	}
}

// Float records a number.
func (h *Hash) Float(f float64) {
	h.b('n')
	u := math.Float64bits(f)
	for i := 0; i < 8; i++ {
		h.b(byte(u >> (8 * i)))
	}
	if h.Trace != nil {
		h.trace(strconv.FormatFloat(f, 'g', -1, 64))
	}
}

// Bool records true or false.
func (h *Hash) Bool(v bool) {
	if v {
		h.b('t')
	} else {
		h.b('f')
	}
	if h.Trace != nil {
		h.trace(strconv.FormatBool(v))
	}
}

// Null records null.
func (h *Hash) Null() {
	h.b('0')
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
