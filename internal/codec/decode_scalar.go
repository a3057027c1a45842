package codec

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// scalarDecoder decodes into a bool, number or string kind; null leaves the value as it is, and a
// JSON value of another kind is a type error. Kinds JSON has no values for (complex, chan, func,
// unsafe pointer) take only null.
func scalarDecoder(t reflect.Type) decoderFunc {
	want := stream.KindNone
	var set func(d *DecodeState, v reflect.Value) error
	switch t.Kind() {
	case reflect.Bool:
		want = stream.KindBool
		set = func(d *DecodeState, v reflect.Value) error {
			v.SetBool(d.R.Bool())
			return nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		want = stream.KindNumber
		set = func(d *DecodeState, v reflect.Value) error {
			storeNumber(d, d.R.Number(), v)
			return nil
		}
	case reflect.String:
		want = stream.KindString
		if t == numberType {
			set = func(d *DecodeState, v reflect.Value) error {
				lit := d.R.Raw()
				s, _ := stream.AppendUnquote(nil, lit)
				if !validNumber(s) {
					return d.ended(fmt.Errorf("json: invalid number literal, trying to unmarshal %q into Number", lit))
				}
				v.SetString(string(s))
				return nil
			}
		} else {
			set = func(d *DecodeState, v reflect.Value) error {
				v.SetString(readString(d.R))
				return nil
			}
		}
	}
	return func(d *DecodeState, p rawfield.Pointer) error {
		switch k := d.kind(); {
		case k == want && set != nil: // no set for the kinds JSON has no values for
			return set(d, rawfield.Value(t, p))
		case k == stream.KindNull:
			d.R.Null()
		case k == stream.KindNumber && t == numberType:
			rawfield.SetString(p, string(d.R.Number()))
		default:
			d.mismatch(t)
		}
		return nil
	}
}

// validNumber reports whether s is exactly one JSON number.
func validNumber(s []byte) bool {
	end, c := jsonnum.Scan(s, 0)
	return c == jsonnum.OK && end == len(s)
}

// storeNumber sets v, of a number kind, to the number lit; a literal that does not fit (or an
// integer kind given a fraction) is a type error.
func storeNumber(d *DecodeState, lit []byte, v reflect.Value) {
	ok := false
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, c := jsonnum.ParseInt64(lit)
		if ok = c == jsonnum.OK && !v.OverflowInt(n); ok {
			v.SetInt(n)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, c := jsonnum.ParseUint64(lit) // which takes -0, as strconv.ParseUint does not
		if ok = c == jsonnum.OK && lit[0] != '-' && !v.OverflowUint(n); ok {
			v.SetUint(n)
		}
	case reflect.Float64:
		f, c := jsonnum.ParseFloat64(lit)
		if ok = c == jsonnum.OK; ok {
			v.SetFloat(f)
		}
	case reflect.Float32:
		f, err := strconv.ParseFloat(string(lit), 32)
		if ok = err == nil && !v.OverflowFloat(f); ok {
			v.SetFloat(f)
		}
	}
	if !ok {
		d.typeError("number "+string(lit), v.Type())
	}
}

// anyValue decodes the next value as encoding/json decodes into an empty interface. ok is false
// for a number out of float64's range (saved as a type error), which leaves an interface as it was.
func (d *DecodeState) anyValue() (x any, ok bool) {
	r := d.R
	switch d.kind() {
	case stream.KindObject:
		// NOTE: members go on the scratch stacks first, and the map is made at its size once
		// they are all read, so that it never grows: growing maps took 13% of Unmarshal of
		// twitter into any (pprof), whose objects have up to 40 members. In order, so the last
		// of two members of the same name wins, as in encoding/json.
		mark, kmark := len(r.AnyVals), len(r.AnyKeys)
		for obj := r.Object(); obj.Next(); {
			r.AnyKeys = append(r.AnyKeys, r.Intern(obj.Name()))
			x, _ := d.anyValue()
			r.AnyVals = append(r.AnyVals, x)
		}
		return popObject(r, mark, kmark), true
	case stream.KindArray:
		// NOTE: elements go on the cursor's scratch stack first, and the slice is made at its
		// length once they are all read: one allocation, where appending grew canada.json's points
		// ([x, y]) twice each. (Objects gained nothing from the same: most are small maps.)
		mark := len(r.AnyVals)
		for arr := r.Array(); arr.Next(); {
			x, _ := d.anyValue()
			r.AnyVals = append(r.AnyVals, x)
		}
		a := d.slab.array(r.AnyVals[mark:])
		r.PopAny(mark)
		return a, true
	case stream.KindString:
		return d.slab.str(readString(r)), true
	case stream.KindNumber:
		if d.UseNumber {
			return json.Number(r.Number()), true
		}
		lit, f, ok := r.Float()
		if !ok {
			// encoding/json reports this one a byte further on than other type errors.
			d.save(&json.UnmarshalTypeError{Value: "number " + string(lit), Type: reflect.TypeFor[float64](),
				Offset: r.InputOffset() + 1})
			switch overflowAny {
			case overflowZero:
				return float64(0), true // that encoding/json stores the zero it decoded into
			case overflowClamp:
				if lit[0] == '-' {
					return -math.MaxFloat64, true
				}
				return math.MaxFloat64, true
			}
			return nil, false
		}
		return d.slab.float(f), true
	case stream.KindBool:
		return r.Bool(), true
	}
	r.Null()
	return nil, !r.Bad // nil on bad input, where a value of none of the kinds is
}

// popObject makes the map of the members on the cursor's scratch stacks from mark and kmark up
// (values and names), at its size, and pops them. They go in in order, so the last of two
// members of the same name wins. Both decoders of any (v1's and v2's) end an object with it.
func popObject(c *jsonread.Cursor, mark, kmark int) map[string]any {
	m := make(map[string]any, len(c.AnyKeys)-kmark)
	for i, k := range c.AnyKeys[kmark:] {
		m[k] = c.AnyVals[mark+i]
	}
	c.PopAny(mark)
	c.PopKeys(kmark)
	return m
}

// decodeAt decodes into the value at p, of plain scalar type (fast kind k, with no decode methods
// either) and size bytes, a string, a bool, an integer of at most 18 digits that fits, or a float64
// in range, when the next value is of the matching JSON kind. Anything else (other numbers and
// errors included) it leaves unread, reporting false, for the type's decoder, which reports errors
// with the member's context. The decoders by address (decode_addr.go) call it for their plain
// scalar members, elements and pointer targets.
//
// NOTE: this skips reflect.Value.Field, the Set methods and the bookkeeping of a member's context
// for errors: typed Unmarshal of citm_catalog 1.07x as fast, of twitter and golang_source about
// as much (within the noise of the A/B runs).
func decodeAt(d *DecodeState, k fastKind, p rawfield.Pointer, size uintptr) bool {
	return storeScalar(d.R, k, p, size)
}

// storeScalar stores the next value at p, a plain scalar of kind k and size bytes, where it is of
// that kind and fits (a string, a bool, an integer in range, a finite float64), and reports
// whether it did; otherwise it leaves the value unread, for the member's decoder, which reads it
// with the errors of its semantics (v1's or v2's). decodeAt and the v2 struct decoder call it.
func storeScalar(c *jsonread.Cursor, k fastKind, p rawfield.Pointer, size uintptr) bool {
	b := c.Peek()
	switch k {
	case fastString:
		if b != '"' {
			return false
		}
		rawfield.SetString(p, readString(c))
	case fastBool:
		if b != 't' && b != 'f' {
			return false
		}
		rawfield.SetBool(p, c.Bool())
	case fastInt, fastUint:
		if jsonread.KindOfByte[b] != jsonread.KindNumber || k == fastUint && b == '-' {
			return false
		}
		start := c.Pos
		n, ok := c.QuickInt()
		if ok && (k == fastInt && rawfield.SetInt(p, size, n) || k == fastUint && rawfield.SetUint(p, size, uint64(n))) {
			return true
		}
		c.Pos, c.Want = start, true // unread, for the decoder
		return false
	case fastFloat64:
		if jsonread.KindOfByte[b] != jsonread.KindNumber {
			return false
		}
		start := c.Pos
		if _, f, ok := c.Float(); ok {
			rawfield.SetFloat64(p, f)
			return true
		}
		c.Pos, c.Want = start, true // unread, for the decoder
		return false
	default:
		return false
	}
	return true
}

// TokenClampsOverflow says whether this encoding/json's Decoder.Token gives a number out of
// float64's range as the largest float64 of its sign, without an error (Go 1.26's v2-based one).
const TokenClampsOverflow = overflowAny == overflowClamp

// What a number out of range leaves in an interface: nil (Go 1.26's encoding/json), float64 0
// (Go 1.27's), or the largest float64 of its sign (Go 1.26's encoding/json/v2); see std_*.go.
const (
	overflowNil = iota
	overflowZero
	overflowClamp
)

// fastDecodeKind is fastKindOf for decoding: the type must not have UnmarshalJSON or
// UnmarshalText either.
func fastDecodeKind(t reflect.Type, quoted bool) fastKind {
	pt := reflect.PointerTo(t)
	if implementsUnmarshaler(pt) || pt.Implements(textUnmarshalerType) {
		return fastNone
	}
	return fastKindOf(t, quoted)
}

// readString reads the next value, a string, as a Go string: in the decode buffer's own memory
// when the cursor gives it up (a long escaped value), else a copy, interned if short.
func readString(c *jsonread.Cursor) string {
	b, owned := c.StringValue()
	if owned {
		return rawfield.OwnString(b)
	}
	return c.Intern(b)
}
