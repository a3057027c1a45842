package stride

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
// marshal methods on its pointer) as a base64 string.
func newSliceEncoder(t reflect.Type) encoderFunc {
	if isBytes(t) {
		return encodeBytes
	}
	elems := newArrayEncoder(t)
	var el *elemAt // by address, when the elements are direct
	if direct(t.Elem(), nil) {
		x := newElemAt(t.Elem())
		el = &x
	}
	return func(e *encodeState, v reflect.Value) error {
		if v.IsNil() {
			e.puts("null")
			return nil
		}
		var id any
		if e.ptrLevel >= startCycleCheck {
			id = sliceID{v.Pointer(), v.Len()}
		}
		if !e.enter(id) {
			return cycleError(v)
		}
		var err error
		if el != nil {
			err = e.elemsAt(v.UnsafePointer(), v.Len(), el)
		} else {
			err = elems(e, v)
		}
		e.leave(id)
		return err
	}
}

// encodeBytes writes a []byte as a base64 string (standard alphabet, padded), nil as null.
func encodeBytes(e *encodeState, v reflect.Value) error {
	if v.IsNil() {
		e.puts("null")
		return nil
	}
	return e.appendBytes(v.Bytes())
}

// appendBytes writes b as a base64 string, nil as null.
func (e *encodeState) appendBytes(b []byte) error {
	if b == nil {
		e.puts("null")
		return nil
	}
	if !e.pol.base64Raw {
		return e.quoteBase64(b)
	}
	e.put('"')
	if e.dst != nil {
		// Streaming, encode a chunk's worth at a time: pieces of a multiple of 3 bytes encode
		// without padding, exactly as the whole would.
		piece := max(e.chunk/4*3, 3)
		for len(b) > piece {
			e.buf = base64.StdEncoding.AppendEncode(e.buf, b[:piece])
			b = b[piece:]
			e.maybeFlush()
		}
	}
	e.buf = base64.StdEncoding.AppendEncode(e.buf, b)
	e.put('"')
	return nil
}

// newArrayEncoder encodes the elements of an array or slice between brackets. An addressable
// array of direct elements goes by address.
func newArrayEncoder(t reflect.Type) encoderFunc {
	elem := typeEncoder(t.Elem())
	fast := fastKindOf(t.Elem(), false)
	var byAddr ptrEncoderFunc
	if t.Kind() == reflect.Array {
		byAddr = cachedPtrEncoder(t)
	}
	return func(e *encodeState, v reflect.Value) error {
		if byAddr != nil && v.CanAddr() {
			return byAddr(e, rawfield.Addr(v))
		}
		e.put('[')
		for i, n := 0, v.Len(); i < n; i++ {
			if i > 0 {
				e.put(',')
			}
			var err error
			if fast != fastNone {
				err = e.appendFast(fast, v.Index(i))
			} else {
				err = elem(e, v.Index(i))
			}
			if err != nil {
				return err
			}
			e.maybeFlush()
		}
		e.put(']')
		return nil
	}
}
