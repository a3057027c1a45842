package stride

import (
	"encoding/base64"
	"reflect"

	"github.com/stridejson/stride/stream"
)

// newSliceDecoder decodes an array into a slice, reusing its elements and backing array as
// encoding/json does (an empty array gives an empty, non-nil slice); null sets the slice to nil; a
// slice of a byte kind also takes a base64 string.
func newSliceDecoder(t reflect.Type) decoderFunc {
	elem := typeDecoder(t.Elem())
	fast := fastDecodeKind(t.Elem(), false)
	bytes := t.Elem().Kind() == reflect.Uint8
	return func(d *decodeState, v reflect.Value) error {
		switch d.r.Kind() {
		case stream.KindNull:
			d.r.Null()
			v.SetZero()
			return nil
		case stream.KindString:
			if bytes {
				s := d.r.StringBytes()
				b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
				n, err := base64.StdEncoding.Decode(b, s)
				if err != nil {
					d.save(err)
					return nil
				}
				v.SetBytes(b[:n])
				return nil
			}
		case stream.KindArray:
			i := 0
			for arr := d.r.Array(); arr.Next(); i++ {
				if i >= v.Cap() {
					v.Grow(1)
				}
				if i >= v.Len() {
					v.SetLen(i + 1)
				}
				if fast != fastNone && decodeFast(d, fast, v.Index(i)) {
					continue
				}
				if err := elem(d, v.Index(i)); err != nil {
					return err
				}
			}
			if i < v.Len() {
				v.SetLen(i)
			}
			if i == 0 {
				v.Set(reflect.MakeSlice(t, 0, 0))
			}
			return nil
		}
		d.mismatch(t)
		return nil
	}
}

// newArrayDecoder decodes an array into a Go array: extra elements are dropped, missing ones
// zeroed; null leaves the array as it is.
func newArrayDecoder(t reflect.Type) decoderFunc {
	elem := typeDecoder(t.Elem())
	return func(d *decodeState, v reflect.Value) error {
		switch d.r.Kind() {
		case stream.KindNull:
			d.r.Null()
			return nil
		case stream.KindArray:
			i := 0
			for arr := d.r.Array(); arr.Next(); i++ {
				if i < v.Len() {
					if err := elem(d, v.Index(i)); err != nil {
						return err
					}
				}
			}
			for ; i < v.Len(); i++ {
				v.Index(i).SetZero()
			}
			return nil
		}
		d.mismatch(t)
		return nil
	}
}
