package codec

import (
	"encoding/base64"
	"reflect"

	"github.com/stridejson/stride/internal/rawfield"
)

// sliceID is a slice's identity for the cycle check: where it starts and how long it is.
type sliceID struct {
	p uintptr
	n int
}

// newSliceEncoder encodes a slice as an array, nil as null; a []byte (of a byte type without
// marshal methods on its pointer) as a base64 string. Its elements count as addressable.
func newSliceEncoder(t reflect.Type) encoderFunc {
	if isBytes(t) {
		return func(e *EncodeState, p rawfield.Pointer) error { return e.appendBytes(rawfield.Bytes(p)) }
	}
	el := newElemAt(t.Elem(), false, true)
	return func(e *EncodeState, p rawfield.Pointer) error {
		data, n := rawfield.Slice(p)
		if data == nil {
			e.puts("null")
			return nil
		}
		var id any
		if e.ptrLevel >= startCycleCheck {
			id = sliceID{rawfield.Uintptr(data), n}
		}
		if !e.enter(id) {
			return cycleError(rawfield.Value(t, p))
		}
		err := e.elemsAt(data, n, &el)
		e.leave(id)
		return err
	}
}

// appendBytes writes b as a base64 string, nil as null.
func (e *EncodeState) appendBytes(b []byte) error {
	if b == nil {
		e.puts("null")
		return nil
	}
	if !e.pol.base64Raw {
		return e.quoteBase64(b)
	}
	e.appendBase64(b)
	return nil
}

// appendBase64 writes b as a base64 string. Streaming, it encodes a chunk's worth at a time:
// pieces of a multiple of 3 bytes encode without padding, exactly as the whole would.
func (e *EncodeState) appendBase64(b []byte) {
	e.put('"')
	if e.dst != nil {
		piece := max(e.chunk/4*3, 3)
		for len(b) > piece {
			e.Buf = base64.StdEncoding.AppendEncode(e.Buf, b[:piece])
			b = b[piece:]
			e.maybeFlush()
		}
	}
	e.Buf = base64.StdEncoding.AppendEncode(e.Buf, b)
	e.put('"')
}

// newArrayEncoder encodes the elements of an array between brackets; they count as addressable
// when the array does.
func newArrayEncoder(t reflect.Type, addr bool) encoderFunc {
	el, n := newElemAt(t.Elem(), false, addr), t.Len()
	return func(e *EncodeState, p rawfield.Pointer) error { return e.elemsAt(p, n, &el) }
}
