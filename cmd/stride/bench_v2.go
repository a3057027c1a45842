//go:build go1.27 && goexperiment.jsonv2

package main

import (
	"bytes"
	stdtext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"io"

	"github.com/stridejson/stride/jsontext"
	json "github.com/stridejson/stride/jsonv2"
)

// v2Note says what the v2 rows compare, printed under the table.
const v2Note = "(rows marked v2: Stride's jsonv2 and jsontext beside the standard library's encoding/json/v2 and\nencoding/json/jsontext, with their default options)"

// v2Rows are the operations of Stride's encoding/json/v2 API on s beside the standard library's,
// on a toolchain that has it.
func v2Rows(s sample, typed, untyped any, toks []token) []benchRow {
	var rd bytes.Reader
	ourDec, stdDec := jsontext.NewDecoder(&rd), stdtext.NewDecoder(&rd)
	var buf bytes.Buffer
	ourEnc, stdEnc := jsontext.NewEncoder(&buf), stdtext.NewEncoder(&buf)
	return []benchRow{
		{op: "v2 Marshal, Go types",
			stride: func() error { _, err := json.Marshal(typed); return err },
			json:   func() error { _, err := stdjson.Marshal(typed); return err }},
		{op: "v2 Unmarshal, Go types",
			stride: func() error { return json.Unmarshal(s.data, s.typed()) },
			json:   func() error { return stdjson.Unmarshal(s.data, s.typed()) }},
		{op: "v2 Marshal, any",
			stride: func() error { _, err := json.Marshal(untyped); return err },
			json:   func() error { _, err := stdjson.Marshal(untyped); return err }},
		{op: "v2 Unmarshal, any",
			stride: func() error { var v any; return json.Unmarshal(s.data, &v) },
			json:   func() error { var v any; return stdjson.Unmarshal(s.data, &v) }},
		{op: "v2 read tokens",
			stride: func() error {
				rd.Reset(s.data)
				ourDec.Reset(&rd)
				return walkTokensV2(ourDec.ReadToken)
			},
			json: func() error {
				rd.Reset(s.data)
				stdDec.Reset(&rd)
				return walkTokensV2(stdDec.ReadToken)
			}},
		{op: "v2 write tokens",
			stride: func() error {
				buf.Reset()
				ourEnc.Reset(&buf)
				return writeTokensV2(toks, ourEnc.WriteToken, tokenSet[jsontext.Token]{jsontext.BeginObject, jsontext.EndObject,
					jsontext.BeginArray, jsontext.EndArray, jsontext.Null, jsontext.String, jsontext.Float, jsontext.Bool})
			},
			json: func() error {
				buf.Reset()
				stdEnc.Reset(&buf)
				return writeTokensV2(toks, stdEnc.WriteToken, tokenSet[stdtext.Token]{stdtext.BeginObject, stdtext.EndObject,
					stdtext.BeginArray, stdtext.EndArray, stdtext.Null, stdtext.String, stdtext.Float, stdtext.Bool})
			}},
	}
}

// walkTokensV2 reads every token with next, decoding strings and numbers, as a hand-written
// decoder would.
func walkTokensV2[K ~byte, T interface {
	Kind() K
	String() string
	Float() (float64, error)
}](next func() (T, error)) error {
	for {
		t, err := next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch t.Kind() {
		case '"':
			_ = t.String()
		case '0':
			if _, err := t.Float(); err != nil {
				return err
			}
		}
	}
}

// A tokenSet is one jsontext package's tokens and token constructors.
type tokenSet[T any] struct {
	beginObject, endObject, beginArray, endArray, null T
	str                                                func(string) T
	num                                                func(float64) T
	boolean                                            func(bool) T
}

// writeTokensV2 writes toks with write, numbers from their float64 values.
func writeTokensV2[T any](toks []token, write func(T) error, s tokenSet[T]) error {
	for i := range toks {
		t := &toks[i]
		var tok T
		switch t.kind {
		case '{':
			tok = s.beginObject
		case '}':
			tok = s.endObject
		case '[':
			tok = s.beginArray
		case ']':
			tok = s.endArray
		case 'k', 's':
			tok = s.str(t.text)
		case 'n':
			tok = s.num(t.value)
		case 't', 'f':
			tok = s.boolean(t.kind == 't')
		case 'z':
			tok = s.null
		}
		if err := write(tok); err != nil {
			return err
		}
	}
	return nil
}
