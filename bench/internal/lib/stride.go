package lib

import (
	"github.com/stridejson/stride/stream"
)

// stride is this repository's library: the string kernels here, the document rows (Marshal,
// Unmarshal, Decode) in stride_codec.go, the token rows in stride_writer.go and stride_reader.go.
type stride struct{}

func init() { register(stride{}) }

func (stride) Info() Info {
	return Info{Name: "stride", Module: "github.com/stridejson/stride", Stride: true,
		Note: "documents: Marshal, Unmarshal, NewDecoder(r).Decode from an io.Reader; strings: stream.AppendQuote (HTML off) and stream.EncodingJSON.AppendQuote (HTML on) into a reused buffer, stream.AppendUnquote into a reused buffer; tokens: stream.Writer in memory (numbers copied with RawUnchecked)"}
}

func (stride) NewStringWriter(html bool) (func(string) ([]byte, error), bool) {
	var buf []byte
	if html {
		return func(s string) (out []byte, err error) {
			buf, err = stream.EncodingJSON.AppendQuote(buf[:0], s)
			return buf, err
		}, true
	}
	return func(s string) (out []byte, err error) {
		buf, err = stream.AppendQuote(buf[:0], s)
		return buf, err
	}, true
}

func (stride) NewStringReader() func([]byte) (string, error) {
	var buf []byte
	return func(lit []byte) (s string, err error) {
		buf, err = stream.AppendUnquote(buf[:0], lit)
		return view(buf), err
	}
}
