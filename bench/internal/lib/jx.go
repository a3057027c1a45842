package lib

import (
	"github.com/go-faster/jx"

	"github.com/stridejson/stride/bench/internal/tokens"
)

// jxLib is github.com/go-faster/jx.
type jxLib struct{}

func init() { register(jxLib{}) }

func (jxLib) Info() Info {
	return Info{Name: "jx", Module: "github.com/go-faster/jx",
		Note: "Encoder.Str (HTML off) or StrEscape (HTML on) after Reset; Decoder.StrAppend into a reused buffer; Decoder Arr/ObjBytes callbacks with StrBytes and Float64 for tokens"}
}

func (jxLib) NewStringWriter(html bool) (func(string) ([]byte, error), bool) {
	var e jx.Encoder
	return func(s string) ([]byte, error) {
		e.Reset()
		if html {
			e.StrEscape(s)
		} else {
			e.Str(s)
		}
		return e.Bytes(), nil
	}, true
}

func (jxLib) NewStringReader() func([]byte) (string, error) {
	var d jx.Decoder
	var buf []byte
	return func(lit []byte) (s string, err error) {
		d.ResetBytes(lit)
		buf, err = d.StrAppend(buf[:0])
		return view(buf), err
	}
}

func (jxLib) NewTokenWriter() func([]tokens.Token) ([]byte, error) {
	var e jx.Encoder
	return func(toks []tokens.Token) ([]byte, error) {
		e.Reset()
		for i := range toks {
			t := &toks[i]
			switch t.Kind {
			case tokens.BeginObject:
				e.ObjStart()
			case tokens.EndObject:
				e.ObjEnd()
			case tokens.BeginArray:
				e.ArrStart()
			case tokens.EndArray:
				e.ArrEnd()
			case tokens.Name:
				e.FieldStart(t.Str)
			case tokens.String:
				e.Str(t.Str)
			case tokens.Number:
				e.Num(jx.Num(t.Num))
			case tokens.True:
				e.Bool(true)
			case tokens.False:
				e.Bool(false)
			case tokens.Null:
				e.Null()
			}
		}
		return e.Bytes(), nil
	}
}

func (jxLib) NewTokenReader() func([]byte, *tokens.Hash) error {
	var d jx.Decoder
	return func(data []byte, h *tokens.Hash) error {
		d.ResetBytes(data)
		return jxRead(&d, h)
	}
}

func jxRead(d *jx.Decoder, h *tokens.Hash) error {
	switch d.Next() {
	case jx.String:
		b, err := d.StrBytes()
		if err != nil {
			return err
		}
		h.Bytes(b)
	case jx.Number:
		f, err := d.Float64()
		if err != nil {
			return err
		}
		h.Float(f)
	case jx.Bool:
		v, err := d.Bool()
		if err != nil {
			return err
		}
		h.Bool(v)
	case jx.Null:
		if err := d.Null(); err != nil {
			return err
		}
		h.Null()
	case jx.Array:
		h.Delim('[')
		if err := d.Arr(func(d *jx.Decoder) error { return jxRead(d, h) }); err != nil {
			return err
		}
		h.Delim(']')
	case jx.Object:
		h.Delim('{')
		if err := d.ObjBytes(func(d *jx.Decoder, key []byte) error {
			h.Bytes(key)
			return jxRead(d, h)
		}); err != nil {
			return err
		}
		h.Delim('}')
	default:
		return d.Skip() // reports the syntax error
	}
	return nil
}
