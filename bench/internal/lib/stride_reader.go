package lib

import (
	"github.com/stridejson/stride/bench/internal/tokens"
	"github.com/stridejson/stride/stream"
)

// NewTokenReader reads with one stream.Reader reused from document to document (Reset keeps its
// buffers): Kind picks the method, StringBytes gives names and strings (views of the input unless
// escaped), Float64 gives numbers, and End checks that nothing follows the document.
func (stride) NewTokenReader() func([]byte, *tokens.Hash) error {
	r := stream.NewReader(nil)
	return func(data []byte, h *tokens.Hash) error {
		r.Reset(data)
		strideRead(r, h)
		return r.End()
	}
}

func strideRead(r *stream.Reader, h *tokens.Hash) {
	switch r.Kind() {
	case stream.KindObject:
		h.Delim('{')
		for obj := r.Object(); obj.Next(); {
			h.Bytes(obj.Name())
			strideRead(r, h)
		}
		h.Delim('}')
	case stream.KindArray:
		h.Delim('[')
		for arr := r.Array(); arr.Next(); {
			strideRead(r, h)
		}
		h.Delim(']')
	case stream.KindString:
		h.Bytes(r.StringBytes())
	case stream.KindNumber:
		h.Float(r.Float64())
	case stream.KindBool:
		h.Bool(r.Bool())
	case stream.KindNull:
		if r.Null() == nil {
			h.Null()
		}
	default:
		r.SkipValue() // reports the error
	}
}
