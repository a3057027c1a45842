package lib

import (
	"github.com/mailru/easyjson/jlexer"
	"github.com/mailru/easyjson/jwriter"

	"github.com/stridejson/stride/bench/internal/tokens"
)

// easyjson is the runtime of github.com/mailru/easyjson: jwriter and jlexer, the packages its
// generated code calls. Documents would need generated code, so it has no document rows.
type easyjson struct{}

func init() { register(easyjson{}) }

func (easyjson) Info() Info {
	return Info{Name: "easyjson", Module: "github.com/mailru/easyjson",
		Note: "jwriter.Writer (NoEscapeHTML toggled) with BuildBytes into a reused buffer; jlexer.Lexer String, UnsafeString for tokens"}
}

func (easyjson) NewStringWriter(html bool) (func(string) ([]byte, error), bool) {
	var buf []byte
	return func(s string) (out []byte, err error) {
		w := jwriter.Writer{NoEscapeHTML: !html}
		w.String(s)
		buf, err = w.BuildBytes(buf)
		return buf, err
	}, true
}

func (easyjson) NewStringReader() func([]byte) (string, error) {
	return func(lit []byte) (string, error) {
		l := jlexer.Lexer{Data: lit}
		s := l.String()
		l.Consumed()
		return s, l.Error()
	}
}

func (easyjson) NewTokenWriter() func([]tokens.Token) ([]byte, error) {
	var buf []byte
	return func(toks []tokens.Token) (out []byte, err error) {
		w := jwriter.Writer{NoEscapeHTML: true}
		var c tokens.Comma
		for i := range toks {
			t := &toks[i]
			if c.Before(t.Kind) {
				w.RawByte(',')
			}
			switch t.Kind {
			case tokens.BeginObject, tokens.EndObject, tokens.BeginArray, tokens.EndArray:
				w.RawByte(byte(t.Kind))
			case tokens.Name:
				w.String(t.Str)
				w.RawByte(':')
			case tokens.String:
				w.String(t.Str)
			case tokens.Number:
				w.Raw(t.Num, nil)
			case tokens.True:
				w.Bool(true)
			case tokens.False:
				w.Bool(false)
			case tokens.Null:
				w.RawString("null")
			}
		}
		buf, err = w.BuildBytes(buf)
		return buf, err
	}
}

func (easyjson) NewTokenReader() func([]byte, *tokens.Hash) error {
	return func(data []byte, h *tokens.Hash) error {
		l := jlexer.Lexer{Data: data}
		easyjsonRead(&l, h)
		l.Consumed()
		return l.Error()
	}
}

func easyjsonRead(l *jlexer.Lexer, h *tokens.Hash) {
	switch l.CurrentToken() {
	case jlexer.TokenString:
		h.Str(l.UnsafeString())
	case jlexer.TokenNumber:
		h.Float(l.Float64())
	case jlexer.TokenBool:
		h.Bool(l.Bool())
	case jlexer.TokenNull:
		l.Null()
		h.Null()
	case jlexer.TokenDelim:
		if l.IsDelim('{') {
			l.Delim('{')
			h.Delim('{')
			for !l.IsDelim('}') {
				h.Str(l.UnsafeFieldName(false))
				l.WantColon()
				easyjsonRead(l, h)
				l.WantComma()
			}
			l.Delim('}')
			h.Delim('}')
		} else {
			l.Delim('[')
			h.Delim('[')
			for !l.IsDelim(']') {
				easyjsonRead(l, h)
				l.WantComma()
			}
			l.Delim(']')
			h.Delim(']')
		}
	}
}
