package lib

import (
	"encoding/json"

	"github.com/launchdarkly/go-jsonstream/v3/jreader"
	"github.com/launchdarkly/go-jsonstream/v3/jwriter"

	"github.com/stridejson/stride/bench/internal/tokens"
)

// jsonstream is github.com/launchdarkly/go-jsonstream/v3 (jwriter and jreader), built without the
// launchdarkly_easyjson tag. It never escapes HTML, so it has no HTML-on string rows.
type jsonstream struct{}

func init() { register(jsonstream{}) }

func (jsonstream) Info() Info {
	return Info{Name: "go-jsonstream", Module: "github.com/launchdarkly/go-jsonstream/v3",
		Note: "a new jwriter.Writer per value (it has no Reset), numbers written with Raw; jreader.Reader String for strings, Any for tokens"}
}

func (jsonstream) NewStringWriter(html bool) (func(string) ([]byte, error), bool) {
	if html {
		return nil, false
	}
	return func(s string) ([]byte, error) {
		w := jwriter.NewWriter()
		w.String(s)
		return w.Bytes(), w.Error()
	}, true
}

func (jsonstream) NewStringReader() func([]byte) (string, error) {
	return func(lit []byte) (string, error) {
		r := jreader.NewReader(lit)
		s := r.String()
		return s, r.Error()
	}
}

func (jsonstream) NewTokenWriter() func([]tokens.Token) ([]byte, error) {
	return func(toks []tokens.Token) ([]byte, error) {
		w := jwriter.NewWriter()
		jsonstreamWrite(&w, toks, 0)
		return w.Bytes(), w.Error()
	}
}

// jsonstreamWrite writes the value starting at toks[i] and returns the index after it.
func jsonstreamWrite(w *jwriter.Writer, toks []tokens.Token, i int) int {
	t := &toks[i]
	switch t.Kind {
	case tokens.BeginObject:
		obj := w.Object()
		i++
		for toks[i].Kind != tokens.EndObject {
			i = jsonstreamWrite(obj.Name(toks[i].Str), toks, i+1)
		}
		obj.End()
	case tokens.BeginArray:
		arr := w.Array()
		i++
		for toks[i].Kind != tokens.EndArray {
			i = jsonstreamWrite(w, toks, i)
		}
		arr.End()
	case tokens.String:
		w.String(t.Str)
	case tokens.Number:
		w.Raw(json.RawMessage(t.Num))
	case tokens.True:
		w.Bool(true)
	case tokens.False:
		w.Bool(false)
	case tokens.Null:
		w.Null()
	}
	return i + 1
}

func (jsonstream) NewTokenReader() func([]byte, *tokens.Hash) error {
	return func(data []byte, h *tokens.Hash) error {
		r := jreader.NewReader(data)
		jsonstreamRead(&r, h)
		if err := r.Error(); err != nil {
			return err
		}
		return r.RequireEOF()
	}
}

func jsonstreamRead(r *jreader.Reader, h *tokens.Hash) {
	v := r.Any()
	switch v.Kind {
	case jreader.NullValue:
		h.Null()
	case jreader.BoolValue:
		h.Bool(v.Bool)
	case jreader.NumberValue:
		h.Float(v.Number)
	case jreader.StringValue:
		h.Str(v.String)
	case jreader.ArrayValue:
		h.Delim('[')
		for arr := v.Array; arr.Next(); {
			jsonstreamRead(r, h)
		}
		h.Delim(']')
	case jreader.ObjectValue:
		h.Delim('{')
		for obj := v.Object; obj.Next(); {
			h.Bytes(obj.Name())
			jsonstreamRead(r, h)
		}
		h.Delim('}')
	}
}
