package codec

import (
	"encoding/base64"
	"reflect"
	"sync/atomic"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// newSliceDecoder decodes an array into a slice, reusing its elements and backing array as
// encoding/json does (an empty array gives an empty, non-nil slice); null sets the slice to nil; a
// slice of a byte kind also takes a base64 string.
func newSliceDecoder(t reflect.Type) decoderFunc {
	elem := newElemDecoder(t.Elem())
	bytes := t.Elem().Kind() == reflect.Uint8
	hint := newLenHint(t.Elem())
	array := func(d *DecodeState, p rawfield.Pointer) error {
		data, n := rawfield.Slice(p)
		c := rawfield.Cap(p)
		i := 0
		for arr := d.R.Array(); arr.Next(); i++ {
			if i >= c {
				data, c = growSlice(t, p, hint) // here len == cap == i
			}
			if i >= n {
				n = i + 1
				rawfield.SetLen(p, n)
			}
			if err := elem.decode(d, rawfield.Add(data, uintptr(i)*elem.size)); err != nil {
				return err
			}
		}
		if i < n {
			rawfield.SetLen(p, i)
		}
		if i == 0 {
			rawfield.SetEmptySlice(p)
		}
		hint.done(i)
		return nil
	}
	if f := fastSliceDecoder(t, elem); f != nil {
		array = f
	}
	return func(d *DecodeState, p rawfield.Pointer) error {
		switch d.kind() {
		case stream.KindNull:
			d.R.Null()
			rawfield.SetNilSlice(p)
			return nil
		case stream.KindString:
			if bytes {
				s := d.R.StringBytes()
				b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
				n, err := base64.StdEncoding.Decode(b, s)
				if err != nil {
					d.save(err)
					return nil
				}
				rawfield.Value(t, p).SetBytes(b[:n])
				return nil
			}
		case stream.KindArray:
			return array(d, p)
		}
		d.mismatch(t)
		return nil
	}
}

// growSlice makes room for one more element in the full slice of type t at p (its length is its
// capacity): a first allocation sized by hint, then as append does, doubling, through reflect
// only then. It returns the slice's elements and capacity.
func growSlice(t reflect.Type, p rawfield.Pointer, hint *lenHint) (data rawfield.Pointer, capacity int) {
	v := rawfield.Value(t, p)
	if v.Cap() == 0 {
		v.Grow(hint.first())
	} else {
		v.Grow(1)
	}
	data, _ = rawfield.Slice(p)
	return data, rawfield.Cap(p)
}

// A lenHint sizes the first allocation of a slice decoded from nothing: room for as many elements
// as the recent non-empty arrays decoded into a slice of that type had (see done), at least
// firstRoom bytes' worth and at most hintRoom bytes' worth. Arrays of one type tend to be alike
// in length (the prices of an event, the points of a ring), so most take one allocation rather
// than one per doubling. One lenHint serves each slice type's decoder, shared by all goroutines.
//
// NOTE: on citm_catalog.json (1,756 non-empty arrays of 1 to 20 elements), typed Unmarshal took
// 5,933 allocations with room for firstRoom bytes only, ~2.4 per array; 3,625 with the last
// length as the hint; 3,497 with a hint that falls back slowly from a longer array (see done).
// canada.json went 2,132, 917, 702.
type lenHint struct {
	last       atomic.Int32 // the hinted length, 0 before the first non-empty array
	min, limit int32        // firstRoom and hintRoom in elements (at least 1)
}

// firstRoom is the least room of a first allocation; hintRoom bounds the memory a hint from one
// long array can make each of the next arrays of its type hold.
const (
	firstRoom = 64
	hintRoom  = 1024
)

func newLenHint(t reflect.Type) *lenHint {
	h := &lenHint{min: 1, limit: 1}
	if s := int32(t.Size()); s > 0 {
		h.min, h.limit = max(firstRoom/s, 1), max(hintRoom/s, 1)
	}
	return h
}

// first returns the capacity of a slice's first allocation.
func (h *lenHint) first() int { return int(min(max(h.last.Load(), h.min), h.limit)) }

// done records the length of an array just decoded; an empty one says nothing. The hint rises
// to a longer array at once and falls back by an eighth (at least one) per shorter one.
func (h *lenHint) done(n int) {
	if n <= 0 {
		return
	}
	p := h.last.Load()
	if q := max(int32(min(n, 1<<30)), p-(p+7)/8); q != p {
		h.last.Store(q)
	}
}

// fastSliceDecoder returns a decoder of an array into a slice of exactly the type []int64, []int,
// []float64 or []string, which appends to the slice as a Go slice rather than through reflect,
// or nil for other types. Elements of another JSON kind go through elem, as in the general loop.
func fastSliceDecoder(t reflect.Type, elem elemDecoder) decoderFunc {
	switch t {
	case reflect.TypeFor[[]int64]():
		return fastSlice(elem, stream.KindNumber, func(d *DecodeState) (int64, bool) {
			if n, ok := d.R.QuickInt(); ok {
				return n, true
			}
			lit := d.R.Number()
			n, c := jsonnum.ParseInt64(lit)
			if c != jsonnum.OK {
				d.typeError("number "+string(lit), reflect.TypeFor[int64]())
				return 0, false
			}
			return n, true
		})
	case reflect.TypeFor[[]int]():
		return fastSlice(elem, stream.KindNumber, func(d *DecodeState) (int, bool) {
			start := d.R.Pos
			if n, ok := d.R.QuickInt(); ok && int64(int(n)) == n {
				return int(n), true
			}
			d.R.Pos = start
			lit := d.R.Number()
			n, c := jsonnum.ParseInt64(lit)
			if c != jsonnum.OK || int64(int(n)) != n {
				d.typeError("number "+string(lit), reflect.TypeFor[int]())
				return 0, false
			}
			return int(n), true
		})
	case reflect.TypeFor[[]float64]():
		return fastSlice(elem, stream.KindNumber, func(d *DecodeState) (float64, bool) {
			lit, f, ok := d.R.Float()
			if !ok {
				d.typeError("number "+string(lit), reflect.TypeFor[float64]())
				return 0, false
			}
			return f, true
		})
	case reflect.TypeFor[[]string]():
		return fastSlice(elem, stream.KindString, func(d *DecodeState) (string, bool) {
			return readString(d.R), true
		})
	}
	return nil
}

// fastSlice decodes an array into the []T at sp, as the general loop of newSliceDecoder does: read
// decodes an element of JSON kind want (and reports false, having saved an error, for one that
// does not fit T), elem any other.
func fastSlice[T any](elem elemDecoder, want stream.Kind, read func(d *DecodeState) (T, bool)) decoderFunc {
	var zero T
	hint := newLenHint(reflect.TypeFor[T]())
	return func(d *DecodeState, sp rawfield.Pointer) error {
		p := rawfield.As[[]T](sp)
		n := len(*p)
		s := (*p)[:0]
		for arr := d.R.Array(); arr.Next(); {
			// An element keeps what the backing array held when it cannot be decoded, as
			// encoding/json's does.
			switch {
			case len(s) < cap(s):
				s = s[:len(s)+1]
			case cap(s) == 0:
				s = append(make([]T, 0, hint.first()), zero)
			default:
				s = append(s, zero)
			}
			if d.kind() == want {
				if x, ok := read(d); ok {
					s[len(s)-1] = x
				}
				continue
			}
			*p = s // where an error leaves it (below)
			if err := elem.decode(d, rawfield.Of(&s[len(s)-1])); err != nil {
				*p = s[:max(n, len(s))] // where the general loop leaves it
				return err
			}
		}
		if len(s) == 0 {
			s = []T{}
		}
		hint.done(len(s))
		*p = s
		return nil
	}
}

// newArrayDecoder decodes an array into a Go array: extra elements are dropped, missing ones
// zeroed; null leaves the array as it is.
func newArrayDecoder(t reflect.Type) decoderFunc {
	elem := newElemDecoder(t.Elem())
	n := t.Len()
	return func(d *DecodeState, p rawfield.Pointer) error {
		switch d.kind() {
		case stream.KindNull:
			d.R.Null()
			return nil
		case stream.KindArray:
		default:
			d.mismatch(t)
			return nil
		}
		i := 0
		for arr := d.R.Array(); arr.Next(); i++ {
			if i < n {
				if err := elem.decode(d, rawfield.Add(p, uintptr(i)*elem.size)); err != nil {
					return err
				}
			}
		}
		if i < n {
			v := rawfield.Value(t, p)
			for ; i < n; i++ {
				v.Index(i).SetZero()
			}
		}
		return nil
	}
}
