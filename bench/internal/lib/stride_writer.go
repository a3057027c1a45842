package lib

import (
	"github.com/stridejson/stride/bench/internal/tokens"
	"github.com/stridejson/stride/stream"
)

// NewTokenWriter replays the tokens on one stream.Writer, Reset before each document and writing
// in memory, with encoding/json's escaping minus HTML (the reference for token writers). Numbers go
// through Writer.RawUnchecked, copied as they are, as easyjson's Raw and jx's Num copy them
// (Writer.Number would also check their syntax, as jsontext does). Errors are sticky, so one check
// at the end covers every call.
func (stride) NewTokenWriter() func([]tokens.Token) ([]byte, error) {
	w := stream.NewWriter(nil)
	w.SetEscaper(stream.EncodingJSONNoHTML)
	return func(toks []tokens.Token) ([]byte, error) {
		w.Reset(nil)
		for i := range toks {
			t := &toks[i]
			switch t.Kind {
			case tokens.BeginObject:
				w.BeginObject()
			case tokens.EndObject:
				w.EndObject()
			case tokens.BeginArray:
				w.BeginArray()
			case tokens.EndArray:
				w.EndArray()
			case tokens.Name:
				w.Name(t.Str)
			case tokens.String:
				w.String(t.Str)
			case tokens.Number:
				w.RawUnchecked(t.Num)
			case tokens.True:
				w.Bool(true)
			case tokens.False:
				w.Bool(false)
			case tokens.Null:
				w.Null()
			}
		}
		return w.Bytes(), w.Err()
	}
}
