package stride

import (
	"io"
	"sync"

	"github.com/stridejson/stride/stream"
)

// Get decodes the value at ptr, a JSON Pointer (RFC 6901) such as "/seatbid/0/bid/0", in data
// into v, as Unmarshal decodes a document. data is read and checked only up to the end of that
// value: nothing else is decoded, and nothing after it is read.
//
// With no value at ptr the error is a *stream.NotFoundError; with bad input before the value's end,
// the Reader's *stream.SyntaxError (offset, line, column and pointer in data); with a ptr that is
// no JSON Pointer, a *stream.PointerError. A value that does not fit v gives Unmarshal's error, its
// Offset counted in data. For a string or number without decoding into a Go value, a
// stream.Reader's Seek reads the value in place and allocates nothing.
func Get(data []byte, ptr string, v any) error {
	r := getReaders.Get().(*stream.Reader)
	defer getReaders.Put(r)
	r.Reset(data)
	return getFrom(r, ptr, v)
}

// GetFrom is Get reading the document from src, in bounded memory up to the value at ptr (the
// value itself is read whole, within the Reader's token limit). It reads src no further than it
// must to find the end of that value.
func GetFrom(src io.Reader, ptr string, v any) error {
	return getFrom(stream.NewStreamReader(src), ptr, v)
}

var getReaders = sync.Pool{New: func() any { return stream.NewReader(nil) }}

// getFrom decodes the value at ptr r reads into v.
func getFrom(r *stream.Reader, ptr string, v any) error {
	if !r.Seek(ptr) {
		if err := r.Err(); err != nil {
			return err
		}
		return &stream.NotFoundError{Pointer: ptr}
	}
	raw := r.Raw()
	if raw == nil {
		return r.Err()
	}
	err := Unmarshal(raw, v)
	if te, ok := err.(*UnmarshalTypeError); ok {
		te.Offset += r.InputOffset() - int64(len(raw))
	}
	return err
}
