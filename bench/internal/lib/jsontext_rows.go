package lib

import (
	"bytes"
	"io"

	"github.com/stridejson/stride/bench/internal/tokens"
)

// A textAPI is what the token rows need of one implementation of the jsontext API (the
// go-json-experiment module's, the standard library's on Go 1.27, Stride's): its tokens, and an
// Encoder's and a Decoder's methods, as functions. T is its Token type.
type textAPI[T any] struct {
	beginObject, endObject, beginArray, endArray, true_, false_, null T
	str                                                               func(string) T

	writeToken func(T) error
	writeValue func([]byte) error // a number's literal, written as it is

	readToken func() (T, error)
	kind      func(T) byte
	text      func(T) string // a string token's value
	float     func(T) (float64, error)
	boolean   func(T) bool
}

// writeTextTokens writes toks with api's Encoder, which the caller has reset.
func writeTextTokens[T any](api *textAPI[T], toks []tokens.Token) error {
	for _, t := range toks {
		var err error
		switch t.Kind {
		case tokens.BeginObject:
			err = api.writeToken(api.beginObject)
		case tokens.EndObject:
			err = api.writeToken(api.endObject)
		case tokens.BeginArray:
			err = api.writeToken(api.beginArray)
		case tokens.EndArray:
			err = api.writeToken(api.endArray)
		case tokens.Name, tokens.String:
			err = api.writeToken(api.str(t.Str))
		case tokens.Number:
			err = api.writeValue(t.Num)
		case tokens.True:
			err = api.writeToken(api.true_)
		case tokens.False:
			err = api.writeToken(api.false_)
		case tokens.Null:
			err = api.writeToken(api.null)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// readTextTokens reads every token with api's Decoder, which the caller has reset, into h.
func readTextTokens[T any](api *textAPI[T], h *tokens.Hash) error {
	for {
		t, err := api.readToken()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch k := api.kind(t); k {
		case '{', '}', '[', ']':
			h.Delim(k)
		case '"':
			h.Str(api.text(t))
		case '0':
			f, err := api.float(t)
			if err != nil {
				return err
			}
			h.Float(f)
		case 't', 'f':
			h.Bool(api.boolean(t))
		case 'n':
			h.Null()
		}
	}
}

// newTokenWriter is a token-write row's writer: open makes the API over an Encoder writing to w,
// and the function that resets that Encoder for the next document.
func newTokenWriter[T any](open func(w io.Writer) (*textAPI[T], func(io.Writer))) func([]tokens.Token) ([]byte, error) {
	var buf bytes.Buffer
	api, reset := open(&buf)
	return func(toks []tokens.Token) ([]byte, error) {
		buf.Reset()
		reset(&buf)
		if err := writeTextTokens(api, toks); err != nil {
			return nil, err
		}
		return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
	}
}

// newTokenReader is a token-read row's reader: open makes the API over a Decoder reading r, and
// the function that resets that Decoder for the next document.
func newTokenReader[T any](open func(r io.Reader) (*textAPI[T], func(io.Reader))) func([]byte, *tokens.Hash) error {
	var r bytes.Reader
	api, reset := open(&r)
	return func(data []byte, h *tokens.Hash) error {
		r.Reset(data)
		reset(&r)
		return readTextTokens(api, h)
	}
}
