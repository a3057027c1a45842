package stride

import (
	"encoding/json"
	"math"
	"strings"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonstr"
)

// A Token holds a value of one of these types: Delim, for the four JSON delimiters [ ] { };
// bool, for JSON booleans; float64, for JSON numbers; Number, for JSON numbers (with UseNumber);
// string, for JSON string literals; nil, for JSON null.
type Token = json.Token

// A Delim is a JSON array or object delimiter, one of [ ] { or }.
type Delim = json.Delim

// Where the token stream stands: what Token, Decode and More may see next.
const (
	tokenTopValue = iota
	tokenArrayStart
	tokenArrayValue
	tokenArrayComma
	tokenObjectStart
	tokenObjectKey
	tokenObjectColon
	tokenObjectValue
	tokenObjectComma
)

// peek returns the next non-space byte, reading more input as needed.
func (dec *Decoder) peek() (byte, error) {
	for {
		if i := jsonstr.SpaceEnd(dec.in.Buf, dec.in.Scanp); i < len(dec.in.Buf) {
			dec.in.Scanp = i
			return dec.in.Buf[i], nil
		}
		if dec.in.Rerr != nil {
			return 0, dec.in.Rerr
		}
		dec.in.Refill()
	}
}

// tokenPrepareForDecode steps over the comma or colon a value read by Decode follows.
func (dec *Decoder) tokenPrepareForDecode() error {
	switch dec.tokenState {
	case tokenArrayComma, tokenObjectColon:
		c, err := dec.peek()
		if err != nil {
			return err
		}
		if dec.tokenState == tokenArrayComma {
			if c != ',' {
				return dec.syntaxV1(expectedComma)
			}
			dec.tokenState = tokenArrayValue
		} else {
			if c != ':' {
				return dec.syntaxV1(expectedColon)
			}
			dec.tokenState = tokenObjectValue
		}
		dec.sepAt = dec.in.Scanned + int64(dec.in.Scanp)
		dec.in.Scanp++
	}
	return nil
}

func (dec *Decoder) tokenValueAllowed() bool {
	switch dec.tokenState {
	case tokenTopValue, tokenArrayStart, tokenArrayValue, tokenObjectValue:
		return true
	}
	return false
}

func (dec *Decoder) tokenValueEnd() {
	switch dec.tokenState {
	case tokenArrayStart, tokenArrayValue:
		dec.tokenState = tokenArrayComma
	case tokenObjectValue:
		dec.tokenState = tokenObjectComma
	}
}

// Token returns the next JSON token in the input stream. At the end of the input stream, Token
// returns nil, io.EOF.
//
// Token guarantees that the delimiters [ ] { } it returns are properly nested and matched: if
// Token encounters an unexpected delimiter in the input, it will return an error.
//
// The input stream consists of basic JSON values—bool, string, number, and null—along with
// delimiters [ ] { } of type Delim to mark the start and end of arrays and objects. Commas and
// colons are elided.
func (dec *Decoder) Token() (Token, error) {
	if v2Based {
		return dec.tokenV2()
	}
	return dec.nextToken()
}

// nextToken is Token as Go 1.26's encoding/json reads tokens; tokenV2 builds the v2-based
// encoding/json's Token on it. It records where the token starts (tokAt) and where it consumed a
// comma or colon (sepAt), for tokenV2's errors.
func (dec *Decoder) nextToken() (Token, error) {
	for {
		c, err := dec.peek()
		if err != nil {
			return nil, err
		}
		dec.tokAt = dec.in.Scanned + int64(dec.in.Scanp)
		switch c {
		case '[', '{':
			if !dec.tokenValueAllowed() {
				return dec.tokenError(c)
			}
			dec.in.Scanp++
			dec.tokenStack = append(dec.tokenStack, dec.tokenState)
			dec.tokenState = tokenArrayStart
			if c == '{' {
				dec.tokenState = tokenObjectStart
			}
			return Delim(c), nil
		case ']', '}':
			open, next := tokenArrayStart, tokenArrayComma
			if c == '}' {
				open, next = tokenObjectStart, tokenObjectComma
			}
			if dec.tokenState != open && dec.tokenState != next || len(dec.tokenStack) == 0 {
				return dec.tokenError(c)
			}
			dec.in.Scanp++
			dec.tokenState = dec.tokenStack[len(dec.tokenStack)-1]
			dec.tokenStack = dec.tokenStack[:len(dec.tokenStack)-1]
			dec.tokenValueEnd()
			return Delim(c), nil
		case ':':
			if dec.tokenState != tokenObjectColon {
				return dec.tokenError(c)
			}
			dec.sepAt = dec.tokAt
			dec.in.Scanp++
			dec.tokenState = tokenObjectValue
			continue
		case ',':
			switch dec.tokenState {
			case tokenArrayComma:
				dec.tokenState = tokenArrayValue
			case tokenObjectComma:
				dec.tokenState = tokenObjectKey
			default:
				return dec.tokenError(c)
			}
			dec.sepAt = dec.tokAt
			dec.in.Scanp++
			continue
		case '"':
			if dec.tokenState == tokenObjectStart || dec.tokenState == tokenObjectKey {
				var name string
				saved := dec.tokenState
				dec.tokenState = tokenTopValue
				err := dec.decodeNext(&name)
				dec.tokenState = saved
				if err != nil {
					return nil, err
				}
				dec.tokenState = tokenObjectColon
				return name, nil
			}
		}
		if !dec.tokenValueAllowed() {
			return dec.tokenError(c)
		}
		var x any
		if err := dec.decodeNext(&x); err != nil {
			if te, ok := err.(*UnmarshalTypeError); ok && codec.TokenClampsOverflow && strings.HasPrefix(te.Value, "number ") {
				// Go 1.26's v2-based encoding/json gives a number out of float64's range as
				// the largest float64 of its sign, and no error.
				if strings.HasPrefix(te.Value, "number -") {
					return -math.MaxFloat64, nil
				}
				return math.MaxFloat64, nil
			}
			return nil, err
		}
		return x, nil
	}
}

// tokenError reports c where the token stream does not allow it, in encoding/json's words: the
// error comes from an encoding/json Decoder brought to the same state and shown the same byte.
func (dec *Decoder) tokenError(c byte) (Token, error) {
	if v2Based {
		return nil, errReplay // see tokenV2
	}
	prefix := [...]string{
		tokenTopValue:    "",
		tokenArrayStart:  "[",
		tokenArrayValue:  "[1,",
		tokenArrayComma:  "[1 ",
		tokenObjectStart: "{",
		tokenObjectKey:   `{"a":1,`,
		tokenObjectColon: `{"a" `,
		tokenObjectValue: `{"a":`,
		tokenObjectComma: `{"a":1 `,
	}[dec.tokenState]
	d := json.NewDecoder(strings.NewReader(prefix + string([]byte{c})))
	for range 8 { // the prefix holds at most 5 tokens
		if _, err := d.Token(); err != nil {
			return nil, offsetError(err, dec.InputOffset())
		}
	}
	panic("stride: token state out of step with encoding/json") // unreachable
}

// More reports whether there is another element in the current array or object being parsed.
func (dec *Decoder) More() bool {
	if v2Based {
		return dec.moreV2()
	}
	c, err := dec.peek()
	return err == nil && c != ']' && c != '}'
}

// offsetError returns a copy of err, a *SyntaxError, at offset off, or moved by base.
func offsetError(err error, off int64) error {
	se, ok := err.(*SyntaxError)
	if !ok {
		return err
	}
	c := *se
	c.Offset = off
	return &c
}

// The errors of a Decode call out of place in a token stream, from encoding/json itself.
func notAtValue() error    { return decoderError(`{ 1`, 1) }
func expectedComma() error { return decoderError(`[1 2`, 2) }
func expectedColon() error { return decoderError(`{"a" 1`, 2) }

// decoderError returns the error of encoding/json's Decoder calling Decode after tokens Token
// calls on in.
func decoderError(in string, tokens int) error {
	d := json.NewDecoder(strings.NewReader(in))
	for range tokens {
		d.Token()
	}
	return d.Decode(new(any))
}
