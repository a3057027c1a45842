package codec

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"errors"
	"math"
	"reflect"
	"strconv"
	"sync"
	"time"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/rawfield"
)

// The decoders under encoding/json/v2's semantics (Go 1.27), for the v2 front end: one per type
// and `string` option, built once and cached, reading the input with the cursor, which checks its
// grammar as it goes. Decoding stops at the first semantic error, as encoding/json/v2's does;
// where the cursor meets bad input, the front end finds the syntax error (jsontext's).

// V2DecodeOptions are what the options of one v2 Unmarshal call say to the decoders.
type V2DecodeOptions struct {
	FoldNames     bool // MatchCaseInsensitiveNames
	ExactDelims   bool // MatchCaseSensitiveDelimiter: folded names keep their '_' and '-'
	RejectUnknown bool // RejectUnknownMembers
	Stringify     bool // StringifyNumbers

	LegacyStringify bool // StringifyWithLegacySemantics: the `string` option on bools and strings
	DurationNano    bool // FormatDurationAsNano
	ByteArrays      bool // FormatByteArrayAsArray: [N]byte from an array of numbers
	LegacyBytes     bool // FormatBytesWithLegacySemantics: []namedByte from base64, bytes from arrays too
	LooseBase64     bool // ParseBytesWithLooseRFC4648: '\r' and '\n' in base64 skipped
	AnyLength       bool // UnmarshalArrayFromAnyLength: extra elements dropped, missing ones zero
	Merge           bool // MergeWithLegacySemantics: null leaves a value as it is, map entries replaced
	LooseTime       bool // ParseTimeWithLooseRFC3339: time.Time as package time parses RFC 3339
	LegacyMethods   bool // CallMethodsWithLegacySemantics: no JSON method called on a map key
	// ReportErrorsWithLegacySemantics: an empty interface is left as it was on an error, for
	// encoding/json/v2 to decode the input again over what was stored (jsonv2's legacyUnmarshal),
	// and a value is read before some errors about it.
	LegacyErrors bool

	AllowDuplicates  bool // AllowDuplicateNames: two members for one field are no error
	AllowInvalidUTF8 bool // AllowInvalidUTF8

	// Funcs are the caller's unmarshal functions (WithUnmarshalers), or nil: Funcs(t) returns
	// the one for values of type t, or nil. It decodes raw, the next value, into the value at
	// addr (a pointer to a t); errors.ErrUnsupported leaves the value to its decoder, and any
	// other error is a *FuncError.
	Funcs func(t reflect.Type) func(raw []byte, addr reflect.Value) error
}

// The front end's UnmarshalerFrom interface and the function that calls its method with a
// Decoder over raw, one value (see RegisterUnmarshalerFrom).
var (
	unmarshalerFrom     reflect.Type
	callUnmarshalerFrom func(raw []byte, x any) error
)

// RegisterUnmarshalerFrom names the UnmarshalerFrom interface of the v2 front end and how to call
// it; the v2 decoders call it first, before UnmarshalJSON. It is called once, at initialization.
func RegisterUnmarshalerFrom(t reflect.Type, call func(raw []byte, x any) error) {
	unmarshalerFrom, callUnmarshalerFrom = t, call
}

// V2DecodeOptionsOf reads the options s gives the decoders.
func V2DecodeOptionsOf(s *jsonopts.Struct) V2DecodeOptions {
	return V2DecodeOptions{
		FoldNames:     s.Value&jsonopts.MatchCaseInsensitiveNames != 0,
		ExactDelims:   s.Value&jsonopts.MatchCaseSensitiveDelimiter != 0,
		RejectUnknown: s.Value&jsonopts.RejectUnknownMembers != 0,
		Stringify:     s.Value&jsonopts.StringifyNumbers != 0,

		LegacyStringify: s.Value&jsonopts.StringifyWithLegacySemantics != 0,
		DurationNano:    s.Value&jsonopts.FormatDurationAsNano != 0,
		ByteArrays:      s.Value&jsonopts.FormatByteArrayAsArray != 0,
		LegacyBytes:     s.Value&jsonopts.FormatBytesWithLegacySemantics != 0,
		LooseBase64:     s.Value&jsonopts.ParseBytesWithLooseRFC4648 != 0,
		AnyLength:       s.Value&jsonopts.UnmarshalArrayFromAnyLength != 0,
		Merge:           s.Value&jsonopts.MergeWithLegacySemantics != 0,
		LooseTime:       s.Value&jsonopts.ParseTimeWithLooseRFC3339 != 0,
		LegacyMethods:   s.Value&jsonopts.CallMethodsWithLegacySemantics != 0,
		LegacyErrors:    s.Value&jsonopts.ReportErrorsWithLegacySemantics != 0,

		AllowDuplicates:  s.Value&jsonopts.AllowDuplicateNames != 0,
		AllowInvalidUTF8: s.Value&jsonopts.AllowInvalidUTF8 != 0,
	}
}

// A V2Decode is one v2 Unmarshal call.
type V2Decode struct {
	c      *jsonread.Cursor
	o      *V2DecodeOptions
	inName bool  // decoding a member name into a map key (decodeName)
	slab   slabs // the memory of the values decoded into any, as the v1 decoder's
}

// ErrNonNilReference is the error of Unmarshal into something that is not a non-nil pointer.
var ErrNonNilReference = errors.New("value must be passed as a non-nil pointer reference")

// UnmarshalV2 decodes data, one JSON value, into v, a non-nil pointer, as encoding/json/v2 does;
// the error is a *V2Error. The cursor checks the grammar as it goes (with invalid UTF-8 and
// repeated names as the options have them): checked reports that it met no bad input up to the
// value's end, or up to the error. Otherwise the caller finds the syntax error.
func UnmarshalV2(data []byte, v any, o *V2DecodeOptions) (checked bool, err error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		var t reflect.Type
		if v != nil {
			t = rv.Type()
		}
		return true, &V2Error{GoType: t, Err: ErrNonNilReference, Unmarshal: true}
	}
	c := jsonread.Get()
	defer jsonread.Put(c)
	c.Reset(data)
	err = decodeV2(c, rv, o)
	return !c.Bad && (err != nil || c.AtEnd()), err
}

// UnmarshalV2From is UnmarshalV2 of the object or array at the start of src's unread input
// (see jsonread.Source.PeekValue), read in stream mode: the decoders work as the bytes arrive,
// and stop reading at the first error. The value stays whole in src.Buf. end is where the
// cursor stopped, in src.Buf from src.Scanp; checked is UnmarshalV2's, up to the value's end
// (what follows is the caller's to check).
func UnmarshalV2From(src *jsonread.Source, v any, o *V2DecodeOptions) (checked bool, end int, err error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		checked, err = UnmarshalV2(nil, v, o)
		return checked, 0, err
	}
	c := jsonread.Get()
	defer jsonread.Put(c)
	src.Begin(c, true)
	err = decodeV2(c, rv, o)
	src.Finish(c)
	return !c.Bad, c.Pos, err
}

// decodeV2 decodes the value c reads into the value rv points to, under o.
func decodeV2(c *jsonread.Cursor, rv reflect.Value, o *V2DecodeOptions) error {
	c.SetChecks(jsonread.MaxDepth, !o.AllowInvalidUTF8, !o.AllowDuplicates)
	c.NameFirst = true
	if c.Interned == nil { // short strings shared within the pooled cursor's life (see jsonread.Intern)
		c.Interned = new([jsonread.InternSlots]string)
	}
	d := V2Decode{c: c, o: o}
	return v2Decoder(rv.Type().Elem(), false)(&d, rv.UnsafePointer())
}

type v2DecoderFunc func(d *V2Decode, p rawfield.Pointer) error

var v2Decoders sync.Map

// v2Decoder is the decoder of values of type t, with the `string` option if str.
func v2Decoder(t reflect.Type, str bool) v2DecoderFunc {
	return cached(&v2Decoders, v2Key{t, str}, func() v2DecoderFunc { return withDecodeFuncs(t, newV2Decoder(t, str)) },
		func(wg *sync.WaitGroup, f *v2DecoderFunc) v2DecoderFunc {
			return func(d *V2Decode, p rawfield.Pointer) error { wg.Wait(); return (*f)(d, p) }
		})
}

// failBefore is the error of type t about the value that comes next, before it is read.
func (d *V2Decode) failBefore(t reflect.Type, err error) *V2Error {
	d.c.Peek()
	ve := &V2Error{Offset: d.c.InputOffset(), GoType: t, Err: err, Unmarshal: true, Before: true}
	if d.c.Bad { // called after a name or element where bad input follows (see failsFirst)
		ve.Offset, ve.Blind = d.c.BadAt, true
	}
	return ve
}

// syntaxFirst is the error of type t about a value that is not valid JSON: a method given the
// value whole is not called, and the syntax error is found and reported instead.
func (d *V2Decode) syntaxFirst(t reflect.Type) *V2Error {
	ve := d.failBefore(t, nil)
	ve.Before, ve.End = false, math.MaxInt64
	return ve
}

// mismatch is the error of the value that comes next, of a JSON kind t does not take: it is read,
// and the error names its kind.
func (d *V2Decode) mismatch(t reflect.Type, err error) *V2Error {
	switch d.c.Kind() {
	case jsonread.KindObject, jsonread.KindArray:
	case jsonread.KindNone:
		ve := d.failBefore(t, err)
		ve.Before, ve.End = false, math.MaxInt64 // no value here: the syntax error comes first
		d.c.Fail()
		return ve
	default:
		// encoding/json/v2 reads the next token first, which for a scalar is the whole value.
		return d.mismatchRead(t, err)
	}
	ve := d.failBefore(t, err)
	ve.Kind = d.kindAt(d.c.Pos)
	return ve
}

// nullOr reads a null into the zero value of type t at p, and reports that nothing more is to
// be done; otherwise the next value must be of kind k (more is true), or it is a mismatch, with
// err as its cause.
func (d *V2Decode) nullOr(k jsonread.Kind, t reflect.Type, p rawfield.Pointer, err error) (more bool, _ error) {
	switch d.c.Kind() {
	case jsonread.KindNull:
		d.c.Null()
		if !d.o.Merge || t.Kind() == reflect.Map {
			clearAt(p, t.Size())
		}
		return false, nil
	case k:
		return true, nil
	}
	return false, d.mismatch(t, err)
}

// mismatchRead is mismatch for the types that encoding/json/v2 reads a whole value for before
// it finds fault with its kind (the scalars): a syntax error inside the value comes first.
func (d *V2Decode) mismatchRead(t reflect.Type, err error) *V2Error {
	ve := d.failBefore(t, err)
	ve.Kind = d.kindAt(d.c.Pos)
	d.c.SkipValue()
	ve.Before, ve.End = false, d.readTo()
	return ve
}

// readTo is the offset up to which the cursor has read, for V2Error.End: past the end of the
// input where it met bad input on the way (the syntax error is then met first).
func (d *V2Decode) readTo() int64 {
	if d.c.Bad {
		return math.MaxInt64
	}
	return d.c.InputOffset()
}

// withValue is mismatch with the literal of the value (a number or string) in the error.
func (d *V2Decode) withValue(t reflect.Type, start int, err error) *V2Error {
	ve := &V2Error{Offset: int64(start), GoType: t, Err: err, Unmarshal: true, End: d.readTo()}
	ve.Kind = d.kindAt(start)
	ve.Value = append([]byte(nil), d.c.Data[start:max(start, d.c.Pos)]...)
	return ve
}

// kindAt is the kind of the value at offset i of the input (0 past its end: bad input, whose
// syntax error is reported instead).
func (d *V2Decode) kindAt(i int) byte {
	if i >= len(d.c.Data) {
		return 0
	}
	return jsonKind(d.c.Data[i])
}

// jsonKind is the kind encoding/json/v2 names for a value beginning with b.
func jsonKind(b byte) byte {
	switch b {
	case 'n', 't', 'f', '"', '{', '[':
		return b
	}
	return '0'
}

// withDecodeFuncs makes dec, the decoder of type t, call the caller's unmarshal function for t
// first, when the call has one (WithUnmarshalers).
func withDecodeFuncs(t reflect.Type, dec v2DecoderFunc) v2DecoderFunc {
	return func(d *V2Decode, p rawfield.Pointer) error {
		if d.o.Funcs != nil {
			if fn := d.o.Funcs(t); fn != nil {
				if handled, err := d.callRaw(t, p, fn); handled {
					return err
				}
			}
		}
		return dec(d, p)
	}
}

// callRaw calls fn with the next value, read whole, and the address of the value at p; handled
// is false, with the value left unread, where fn returns errors.ErrUnsupported. A failure is
// placed at the value, which it names the kind of unless fn read it token by token.
func (d *V2Decode) callRaw(t reflect.Type, p rawfield.Pointer, fn func(raw []byte, addr reflect.Value) error) (handled bool, _ error) {
	c := d.c
	c.Peek()
	start := c.Pos
	raw := c.Raw()
	if c.Bad {
		return true, d.syntaxFirst(t)
	}
	err := fn(raw, reflect.NewAt(t, p))
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, errors.ErrUnsupported):
		c.Pos = start
		return false, nil
	}
	ve := &V2Error{Offset: int64(start), GoType: t, Err: err, Unmarshal: true, End: c.InputOffset()}
	if fe, ok := err.(*FuncError); ok {
		ve.GoType, ve.Err = fe.GoType, fe.Err
		if !fe.Partial { // Partial here: read token by token, as a Decoder does, which names no kind
			ve.Kind = d.kindAt(start)
		}
	}
	return true, ve
}

func newV2Decoder(t reflect.Type, str bool) v2DecoderFunc {
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && t != timeType && t != numberType {
		if dec := v2MethodDecoder(t, str, 0); dec != nil {
			return dec
		}
	}
	return newV2PlainDecoder(t, str)
}

// The unmarshal methods, in the order encoding/json/v2 prefers them (v2MethodDecoder).
const (
	methodFrom    = iota // UnmarshalJSONFrom with this module's *jsontext.Decoder
	methodStdFrom        // UnmarshalJSONFrom with the standard library's
	methodUnJSON         // UnmarshalJSON
	methodUnText         // UnmarshalText
	numUnmarshalMethods
)

// v2MethodDecoder returns the decoder that decodes into a value of type t with the first
// unmarshal method, from the m'th on, that t or *t has, or nil if none. Under
// CallMethodsWithLegacySemantics, UnmarshalJSONFrom and UnmarshalJSON are passed over for a map
// key, for the next method or the type's own decoding, as encoding/json (v1) did not call them.
func v2MethodDecoder(t reflect.Type, str bool, m int) v2DecoderFunc {
	for ; m < numUnmarshalMethods; m++ {
		var dec v2DecoderFunc
		switch m {
		case methodFrom:
			if unmarshalerFrom != nil && implementsEither(t, unmarshalerFrom) {
				dec = v2UnmarshalFunc(t, func(raw []byte, addr reflect.Value) error {
					err := callUnmarshalerFrom(raw, addr.Interface())
					if err != nil && !errors.Is(err, errors.ErrUnsupported) {
						err = &FuncError{GoType: t, Err: err, Partial: true}
					}
					return err
				})
			}
		case methodStdFrom:
			if stdUnmarshalerFrom(t) {
				dec = v2UnmarshalFunc(t, func(raw []byte, addr reflect.Value) error {
					if err := stdUnmarshalFrom(raw, addr.Interface()); err != nil {
						return &FuncError{GoType: t, Err: err, Partial: true}
					}
					return nil
				})
			}
		case methodUnJSON:
			if implementsEither(t, unmarshalerType) {
				dec = v2UnmarshalJSON(t)
			}
		case methodUnText:
			if implementsEither(t, textUnmarshalerType) {
				return v2UnmarshalText(t) // called on keys too
			}
		}
		if dec == nil {
			continue
		}
		after := m + 1
		next := sync.OnceValue(func() v2DecoderFunc {
			if dec := v2MethodDecoder(t, str, after); dec != nil {
				return dec
			}
			return newV2PlainDecoder(t, str)
		})
		return func(d *V2Decode, p rawfield.Pointer) error {
			if d.inName && d.o.LegacyMethods {
				return next()(d, p)
			}
			return dec(d, p)
		}
	}
	return nil
}

// newV2PlainDecoder is the decoder into type t by its kind, whatever its methods.
func newV2PlainDecoder(t reflect.Type, str bool) v2DecoderFunc {
	if t == durationType {
		nanos := v2NumberDecoder(t, str)
		return func(d *V2Decode, p rawfield.Pointer) error {
			if !d.o.DurationNano {
				return d.failBefore(t, errNoDefaultRepr)
			}
			return nanos(d, p)
		}
	}
	if t == timeType {
		if str {
			return failingDecoder(t, errInvalidString)
		}
		return v2TimeDecoder
	}
	if str {
		// The `string` option applies to numbers; on bools and strings only as v1 read it
		// (StringifyWithLegacySemantics), on anything else never.
		switch t.Kind() {
		case reflect.Bool:
			return v2QuotedBool(t)
		case reflect.String:
			return v2QuotedString(t)
		case reflect.Slice, reflect.Array, reflect.Map, reflect.Struct, reflect.Interface:
			return failingDecoder(t, errInvalidString)
		}
	}
	if t == numberType {
		// encoding/json's Number holds a number's literal.
		return func(d *V2Decode, p rawfield.Pointer) error {
			switch d.c.Kind() {
			case jsonread.KindNull:
				d.c.Null()
				if !d.o.Merge {
					rawfield.SetString(p, "")
				}
			case jsonread.KindNumber:
				rawfield.SetString(p, string(d.c.Number()))
			default:
				return d.mismatchRead(t, nil)
			}
			return nil
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		return func(d *V2Decode, p rawfield.Pointer) error {
			switch d.c.Kind() {
			case jsonread.KindNull:
				d.c.Null()
				if !d.o.Merge {
					rawfield.SetBool(p, false)
				}
			case jsonread.KindBool:
				rawfield.SetBool(p, d.c.Bool())
			default:
				return d.mismatchRead(t, nil)
			}
			return nil
		}
	case reflect.String:
		return func(d *V2Decode, p rawfield.Pointer) error {
			switch d.c.Kind() {
			case jsonread.KindNull:
				d.c.Null()
				if !d.o.Merge {
					rawfield.SetString(p, "")
				}
			case jsonread.KindString:
				rawfield.SetString(p, readString(d.c))
			default:
				return d.mismatchRead(t, nil)
			}
			return nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return v2NumberDecoder(t, str)
	case reflect.Slice, reflect.Array:
		return newV2ListDecoder(t)
	case reflect.Map:
		return newV2MapDecoder(t)
	case reflect.Struct:
		return newV2StructDecoder(t)
	case reflect.Pointer:
		el := v2Decoder(t.Elem(), str)
		return func(d *V2Decode, p rawfield.Pointer) error {
			if d.c.Kind() == jsonread.KindNull {
				d.c.Null()
				rawfield.SetPointer(p, nil)
				return nil
			}
			q := rawfield.Deref(p)
			if q == nil {
				q = rawfield.New(t.Elem())
				rawfield.SetPointer(p, q)
			}
			return el(d, q)
		}
	case reflect.Interface:
		// A value in the interface is decoded into, as a copy of it that is then stored back; into
		// an empty interface goes a new value of the JSON value's kind (anyValue).
		empty := t.NumMethod() == 0
		return func(d *V2Decode, p rawfield.Pointer) error {
			if d.c.Kind() == jsonread.KindNull {
				d.c.Null()
				clearAt(p, t.Size())
				return nil
			}
			v := rawfield.Value(t, p)
			if d.o.Merge && !v.IsNil() && (v.Elem().Kind() != reflect.Pointer || v.Elem().IsNil()) {
				v.SetZero() // MergeWithLegacySemantics decodes into a non-nil pointer only
			}
			if !v.IsNil() {
				x := reflect.New(v.Elem().Type())
				x.Elem().Set(v.Elem())
				err := v2Decoder(x.Type().Elem(), false)(d, x.UnsafePointer())
				v.Set(x.Elem())
				return err
			}
			if !empty {
				return d.failBefore(t, errNilInterface)
			}
			x, err := d.anyValue()
			if err == nil || x != nil && !d.o.LegacyErrors {
				rawfield.SetAny(p, x) // on an error, what was read of the value, as encoding/json/v2
			}
			return err
		}
	}
	return func(d *V2Decode, _ rawfield.Pointer) error { return d.failBefore(t, nil) }
}

// emptyStructType is struct{}, the value type of a set of keys.
var emptyStructType = reflect.TypeFor[struct{}]()

// errNilInterface is encoding/json/v2's error for a value into a nil interface with methods.
var errNilInterface = errors.New("cannot derive concrete type for nil interface with finite type set")

// failsFirst reports whether the decoder of type t (with the `string` option if str) may fail
// before it reads anything, as encoding/json/v2's does where it cannot decode into t (a type of
// no JSON representation, the `string` option where it does not apply, a nil interface with
// methods). encoding/json/v2 reads a member's name as a token of its own and calls such a
// decoder then, so that its error comes before a syntax error right after the name: the decoders
// call it where the cursor is bad after the name (see jsonread.NameFirst), and it reads nothing
// from a bad cursor but the kind it finds there, none.
func failsFirst(t reflect.Type, str bool) bool {
	for t.Kind() == reflect.Pointer && !hasMethods(t) {
		t = t.Elem()
	}
	switch {
	case t == durationType, t == timeType:
		return str || t == durationType
	case hasMethods(t):
		return false
	}
	switch t.Kind() {
	case reflect.Interface:
		return str || t.NumMethod() > 0
	case reflect.Chan, reflect.Func, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
		return true
	case reflect.Bool, reflect.String, reflect.Slice, reflect.Array, reflect.Map, reflect.Struct:
		return str
	}
	return false
}

// failingDecoder is the decoder of type t that fails with err before the value.
func failingDecoder(t reflect.Type, err error) v2DecoderFunc {
	return func(d *V2Decode, _ rawfield.Pointer) error { return d.failBefore(t, err) }
}

// v2QuotedBool decodes a bool with the `string` option, which only StringifyWithLegacySemantics
// allows: "true" or "false" in a string; null and "null" are false.
func v2QuotedBool(t reflect.Type) v2DecoderFunc {
	return func(d *V2Decode, p rawfield.Pointer) error {
		if !d.o.LegacyStringify {
			return d.failBefore(t, errInvalidString)
		}
		switch d.c.Kind() {
		case jsonread.KindNull:
			d.c.Null()
			if !d.o.Merge {
				rawfield.SetBool(p, false)
			}
			return nil
		case jsonread.KindString:
			start := d.c.Pos
			switch readString(d.c) {
			case "true":
				rawfield.SetBool(p, true)
			case "false", "null":
				rawfield.SetBool(p, false)
			default:
				return d.withValue(t, start, strconv.ErrSyntax)
			}
			return nil
		}
		return d.mismatchRead(t, nil)
	}
}

// v2QuotedString decodes a string with the `string` option, which only
// StringifyWithLegacySemantics allows: a JSON string literal within a string; null and "null"
// are "".
func v2QuotedString(t reflect.Type) v2DecoderFunc {
	return func(d *V2Decode, p rawfield.Pointer) error {
		if !d.o.LegacyStringify {
			return d.failBefore(t, errInvalidString)
		}
		switch d.c.Kind() {
		case jsonread.KindNull:
			d.c.Null()
			if !d.o.Merge {
				rawfield.SetString(p, "")
			}
			return nil
		case jsonread.KindString:
			start := d.c.Pos
			inner := readString(d.c)
			if inner == "null" {
				rawfield.SetString(p, "")
				return nil
			}
			v, err := unquoteText([]byte(inner))
			if err != nil {
				ve := d.withValue(t, start, err)
				ve.Kind, ve.Value = '"', nil
				return ve
			}
			rawfield.SetString(p, string(v))
			return nil
		}
		return d.mismatchRead(t, nil)
	}
}

// unquoteText is jsontext's AppendUnquote, which the front end registers (RegisterUnquote).
var unquoteText = func(b []byte) ([]byte, error) { return nil, errors.New("no unquote registered") }

// RegisterUnquote names jsontext's AppendUnquote, for the `string` option on strings under
// StringifyWithLegacySemantics. It is called once, at initialization.
func RegisterUnquote(f func([]byte) ([]byte, error)) { unquoteText = f }

// anyValue decodes the next value as encoding/json/v2 does into an empty interface. Where the
// caller has functions for the Go type a JSON value takes there (string, float64, bool,
// map[string]any, []any), they are called for it. With an error comes what encoding/json/v2
// leaves of the value: the elements and members read, the last the one at fault (a number out
// of range is 0).
func (d *V2Decode) anyValue() (any, error) {
	c := d.c
	if d.o.Funcs != nil {
		var t reflect.Type
		switch c.Kind() {
		case jsonread.KindString:
			t = stringType
		case jsonread.KindNumber:
			t = reflect.TypeFor[float64]()
		case jsonread.KindBool:
			t = reflect.TypeFor[bool]()
		case jsonread.KindObject:
			t = anyMapType
		case jsonread.KindArray:
			t = anySliceType
		}
		if fn := d.o.Funcs(t); t != nil && fn != nil {
			v := reflect.New(t)
			if handled, err := d.callRaw(t, v.UnsafePointer(), fn); handled {
				return v.Elem().Interface(), err
			}
		}
	}
	switch c.Kind() {
	case jsonread.KindNull:
		c.Null()
		return nil, nil
	case jsonread.KindBool:
		return c.Bool(), nil
	case jsonread.KindString:
		return d.slab.str(readString(c)), nil
	case jsonread.KindNumber:
		start := c.Pos
		_, f, ok := c.Float()
		if !ok {
			return float64(0), d.withValue(reflect.TypeFor[float64](), start, strconv.ErrRange)
		}
		return d.slab.float(f), nil
	case jsonread.KindArray:
		// NOTE: as the v1 decoder (DecodeState.anyValue) does, elements and members go on the
		// cursor's scratch stacks first, and the slice or map is made at its size once they are
		// all read: growing maps took 30% of Unmarshal of twitter into any (pprof), and appending
		// grew each of canada.json's points twice. The values come out of slabs.
		mark := len(c.AnyVals)
		i := 0
		for arr := c.Array(); arr.Next(); i++ {
			x, err := d.anyValue()
			c.AnyVals = append(c.AnyVals, x)
			if err != nil {
				a := d.slab.array(c.AnyVals[mark:])
				c.PopAny(mark)
				return a, within(err, strconv.Itoa(i))
			}
		}
		a := d.slab.array(c.AnyVals[mark:])
		c.PopAny(mark)
		return a, nil
	}
	mark, kmark := len(c.AnyVals), len(c.AnyKeys)
	obj := c.Object()
	// NOTE: where names may not repeat, the map made at the end finds a repeated one (it holds
	// fewer members than were read), and the Cursor's check of each name (a set of the names,
	// 7% of Unmarshal of citm_catalog into any) is left out. A value's error after a repeated
	// name looks for it (the syntax error comes first); with a caller's functions, which could
	// see a value read after it, the Cursor checks.
	ownNames := c.CheckDups && d.o.Funcs == nil
	if ownNames {
		c.NamesByFields()
	}
	for obj.Next() {
		name := c.Intern(obj.Name())
		x, err := d.anyValue()
		if err != nil {
			if ownNames && repeatedName(c.AnyKeys[kmark:], name) {
				c.Fail() // the syntax error, which the front end finds
			}
			c.AnyKeys = append(c.AnyKeys, name)
			c.AnyVals = append(c.AnyVals, x)
			return popObject(c, mark, kmark), within(err, name)
		}
		c.AnyKeys = append(c.AnyKeys, name)
		c.AnyVals = append(c.AnyVals, x)
	}
	n := len(c.AnyKeys) - kmark
	m := popObject(c, mark, kmark)
	if ownNames && len(m) < n {
		c.Fail() // a repeated name: the syntax error, which the front end finds
	}
	return m, nil
}

// repeatedName reports whether names, those of an object read before name, repeat one another
// or hold name.
func repeatedName(names []string, name string) bool {
	seen := make(map[string]bool, len(names)+1)
	for _, k := range append(names[:len(names):len(names)], name) {
		if seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
}

// v2NumberDecoder decodes a number (in a string under the `string` option or StringifyNumbers).
func v2NumberDecoder(t reflect.Type, str bool) v2DecoderFunc {
	k, size := scalarKind(t), t.Size()
	return func(d *V2Decode, p rawfield.Pointer) error {
		c := d.c
		var lit []byte
		var start int
		switch c.Kind() {
		case jsonread.KindNull:
			c.Null()
			if !d.o.Merge {
				clearAt(p, size)
			}
			return nil
		case jsonread.KindNumber:
			if str || d.o.Stringify {
				return d.mismatchRead(t, nil) // a number must be in a string
			}
			start = c.Pos
			// NOTE: a float64 or int read in one pass over its digits (canada.json's coordinates
			// were scanned, then parsed); Number and the cases below take what these decline.
			switch k {
			case fastFloat64:
				if _, f, ok := c.Float(); ok {
					rawfield.SetFloat64(p, f)
					return nil
				}
				return d.withValue(t, start, strconv.ErrRange) // a JSON number's only failure
			case fastInt:
				if n, ok := c.QuickInt(); ok && rawfield.SetInt(p, size, n) {
					return nil
				}
				c.Pos = start
			}
			lit = c.Number()
		case jsonread.KindString:
			if !str && !d.o.Stringify {
				return d.mismatchRead(t, nil)
			}
			start = c.Pos
			lit = c.StringBytes()
			if d.o.LegacyStringify {
				return d.legacyNumber(t, k, p, start, lit)
			}
			if end, code := jsonnum.Scan(lit, 0); end != len(lit) || code != jsonnum.OK {
				return d.withValue(t, start, strconv.ErrSyntax) // not a JSON number in the string
			}
		default:
			return d.mismatchRead(t, nil)
		}
		if (k == fastInt || k == fastUint) && !jsonnum.IsInt(lit) {
			// A fraction or an exponent is a syntax error before any overflow, as
			// encoding/json/v2 has it ("18700000000000000000.0"), where strconv finds the overflow
			// first.
			return d.withValue(t, start, strconv.ErrSyntax)
		}
		switch k {
		case fastInt:
			if n, ok := shortInt(lit); ok && rawfield.SetInt(p, size, n) {
				return nil
			}
			n, err := strconv.ParseInt(string(lit), 10, int(size*8))
			if err != nil {
				return d.withValue(t, start, err.(*strconv.NumError).Err)
			}
			rawfield.SetInt(p, size, n)
		case fastUint:
			if n, ok := shortInt(lit); ok && n >= 0 && rawfield.SetUint(p, size, uint64(n)) {
				return nil
			}
			n, err := strconv.ParseUint(string(lit), 10, int(size*8))
			if err != nil {
				return d.withValue(t, start, err.(*strconv.NumError).Err)
			}
			rawfield.SetUint(p, size, n)
		case fastFloat64:
			if f, code := jsonnum.ParseFloat64(lit); code == jsonnum.OK {
				rawfield.SetFloat64(p, f)
				return nil
			}
			return d.withValue(t, start, strconv.ErrRange) // a JSON number's only failure
		default:
			f, err := strconv.ParseFloat(string(lit), int(size*8))
			if err != nil {
				return d.withValue(t, start, err.(*strconv.NumError).Err)
			}
			if k == fastFloat32 {
				*rawfield.As[float32](p) = float32(f)
			} else {
				rawfield.SetFloat64(p, f)
			}
		}
		return nil
	}
}

// legacyNumber decodes lit, the text of a string, into the number of kind k and type t at p as
// v1 read a number in a string (StringifyWithLegacySemantics): in Go's syntax (strconv), or
// "null" for zero.
func (d *V2Decode) legacyNumber(t reflect.Type, k fastKind, p rawfield.Pointer, start int, lit []byte) error {
	bits := int(t.Size() * 8)
	var err error
	switch k {
	case fastInt:
		var n int64
		if n, err = strconv.ParseInt(string(lit), 10, bits); err == nil {
			rawfield.SetInt(p, t.Size(), n)
		}
	case fastUint:
		var n uint64
		if n, err = strconv.ParseUint(string(lit), 10, bits); err == nil {
			rawfield.SetUint(p, t.Size(), n)
		}
	default:
		var f float64
		if f, err = strconv.ParseFloat(string(lit), bits); err == nil {
			if k == fastFloat32 {
				*rawfield.As[float32](p) = float32(f)
			} else {
				rawfield.SetFloat64(p, f)
			}
		}
	}
	if err == nil {
		return nil
	}
	if string(lit) == "null" {
		if !d.o.Merge {
			clearAt(p, t.Size())
		}
		return nil
	}
	return d.withValue(t, start, errors.Unwrap(err))
}

// shortInt reads lit, an integer literal of at most 18 digits (an optional minus sign, no fraction
// or exponent), which an int64 holds; ok is false for anything else, left to strconv.
func shortInt(lit []byte) (n int64, ok bool) {
	digits := lit
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return 0, false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if len(digits) < len(lit) {
		n = -n
	}
	return n, true
}

// clearAt sets the size bytes at p to zero.
func clearAt(p rawfield.Pointer, size uintptr) { clear(rawfield.ByteView(p, int(size))) }

var (
	errTooMany = errors.New("too many array elements")
	errTooFew  = errors.New("too few array elements")
)

// newV2ListDecoder decodes an array into a slice (reset to no elements, then appended to, the
// backing array kept) or a Go array (exactly as many elements, unless UnmarshalArrayFromAnyLength);
// a string of base64 into a []byte or [N]byte (see v2Bytes).
func newV2ListDecoder(t reflect.Type) v2DecoderFunc {
	slice := t.Kind() == reflect.Slice
	et := t.Elem()
	el, size := v2Decoder(et, false), et.Size()
	elFirst := failsFirst(et, false)
	fast := v2FastDecodeKind(et) // a plain scalar, stored inline (storeScalar)
	b64 := v2Bytes(t)
	hint := newLenHint(et)
	n := 0 // a Go array's length
	if !slice {
		n = t.Len()
	}
	return func(d *V2Decode, p rawfield.Pointer) error {
		c := d.c
		if b64 != nil {
			if done, err := b64(d, p); done {
				return err
			}
		}
		switch c.Kind() {
		case jsonread.KindNull:
			c.Null()
			if slice {
				rawfield.SetNilSlice(p)
			} else if !d.o.Merge {
				clearAt(p, t.Size())
			}
			return nil
		case jsonread.KindArray:
		default:
			return d.mismatch(t, nil)
		}
		var data rawfield.Pointer
		room := 0
		if slice {
			data, _ = rawfield.Slice(p)
			room = rawfield.Cap(p)
			rawfield.SetLen(p, 0)
		}
		i, over := 0, false
		inline := fast != fastNone && d.o.Funcs == nil && (!d.o.Stringify || fast == fastString || fast == fastBool)
		badNext := false
		for arr := c.Array(); ; i++ {
			if bad := c.Bad; !arr.Next() {
				// Bad input where an element or the ']' should be is found by encoding/json/v2
				// after the element's decoder is called (see failsFirst).
				if bad || !c.Bad || !elFirst || badNext {
					break
				}
				badNext = true
			}
			var q rawfield.Pointer
			if slice {
				if i == room {
					data, room = growSlice(t, p, hint) // here len == cap == i
				}
				rawfield.SetLen(p, i+1)
				q = rawfield.Add(data, uintptr(i)*size)
			} else {
				if i >= n {
					c.SkipValue() // checked, not decoded; the error comes at the end
					over = true
					continue
				}
				q = rawfield.Add(p, uintptr(i)*size)
			}
			// NOTE: a plain scalar element stored in place, as the struct decoder stores a field
			// (canada.json's coordinates: a call through el and a clear each, before).
			if inline && storeScalar(c, fast, q, size) {
				continue
			}
			if !d.o.Merge {
				clearAt(q, size)
			}
			if err := el(d, q); err != nil {
				return within(err, strconv.Itoa(i))
			}
		}
		if slice {
			if data == nil {
				rawfield.SetEmptySlice(p) // empty, not nil: no allocation for a slice of no elements
			}
			hint.done(i)
			return nil
		}
		if i < n {
			clearAt(rawfield.Add(p, uintptr(i)*size), uintptr(n-i)*size)
		}
		if (over || i < n) && !d.o.AnyLength && !c.Bad {
			err := errTooFew
			if over {
				err = errTooMany
			}
			return &V2Error{Offset: c.InputOffset() - 1, GoType: t, Err: err, Unmarshal: true, Kind: ']', End: c.InputOffset()}
		}
		return nil
	}
}

// v2Bytes returns, for a slice or array type t of bytes, the decoder of its base64 form, or nil
// for any other type. The decoder reports done when it decoded the value, or failed; otherwise
// the value is an array of numbers, for the caller. Bytes of a named byte type are elements like
// any other, unless FormatBytesWithLegacySemantics, under which an array of numbers is allowed for
// any bytes; FormatByteArrayAsArray makes [N]byte such an array. Base64 is read as RFC 4648 has
// it: padded, with no '\r' or '\n' unless ParseBytesWithLooseRFC4648, and into an array of
// exactly its length unless UnmarshalArrayFromAnyLength.
func v2Bytes(t reflect.Type) func(d *V2Decode, p rawfield.Pointer) (done bool, err error) {
	et := t.Elem()
	if et.Kind() != reflect.Uint8 {
		return nil
	}
	slice, named := t.Kind() == reflect.Slice, et.PkgPath() != ""
	return func(d *V2Decode, p rawfield.Pointer) (bool, error) {
		c := d.c
		switch {
		case named && !d.o.LegacyBytes, !slice && d.o.ByteArrays, d.o.LegacyBytes && c.Kind() == jsonread.KindArray:
			return false, nil
		}
		switch c.Kind() {
		case jsonread.KindNull:
			return false, nil
		case jsonread.KindString:
		default:
			return true, d.mismatchRead(t, nil)
		}
		start := c.Pos
		s := c.StringBytes()
		b, err := base64.StdEncoding.AppendDecode(nil, s)
		if err == nil && len(s) != base64.StdEncoding.EncodedLen(len(b)) && !d.o.LooseBase64 {
			// NOTE: package base64 skips '\r' and '\n'; RFC 4648 (section 3.3) rejects them.
			i := bytes.IndexAny(s, "\r\n")
			err = errors.New("illegal character " + strconv.QuoteRune(rune(s[i])) + " at offset " + strconv.Itoa(i))
		}
		if err != nil {
			ve := d.withValue(t, start, err)
			ve.Value = nil
			return true, ve
		}
		if slice {
			if b == nil {
				b = []byte{}
			}
			*rawfield.As[[]byte](p) = b
			return true, nil
		}
		dst := rawfield.ByteView(p, t.Len())
		clear(dst[copy(dst, b):])
		if len(b) != t.Len() && !d.o.AnyLength {
			ve := d.withValue(t, start, errors.New("decoded length of "+strconv.Itoa(len(b))+" mismatches array length of "+strconv.Itoa(t.Len())))
			ve.Value = nil
			return true, ve
		}
		return true, nil
	}
}

// newV2MapDecoder decodes an object into a map (made if nil, merged into otherwise), its names
// into keys of a string kind, numbers, or TextUnmarshalers.
func newV2MapDecoder(t reflect.Type) v2DecoderFunc {
	kt, vt := t.Key(), t.Elem()
	venc, vfirst := v2Decoder(vt, false), failsFirst(vt, false)
	// A name holds a number's literal in a string: number keys decode as under `string`.
	kdec := v2Decoder(kt, kt.Kind() >= reflect.Int && kt.Kind() <= reflect.Float64)
	plainKeys := kt.Kind() == reflect.String && !hasMethods(kt)
	return func(d *V2Decode, p rawfield.Pointer) error {
		c := d.c
		if more, err := d.nullOr(jsonread.KindObject, t, p, nil); !more {
			return err
		}
		m := rawfield.Value(t, p)
		if m.IsNil() {
			m.Set(reflect.MakeMap(t))
		}
		key := reflect.New(kt).Elem()
		val := reflect.New(vt).Elem()
		// An entry the map has is decoded into (v2) or replaced (MergeWithLegacySemantics); a
		// second member for one key is a duplicate, which for a map that had entries only a
		// record of the keys seen can tell.
		var seen reflect.Value
		if !d.o.AllowDuplicates && m.Len() > 0 {
			seen = reflect.MakeMap(reflect.MapOf(kt, emptyStructType))
		}
		for obj := c.Object(); ; {
			at := c.InputOffset()
			if !obj.Next() {
				break
			}
			name := string(obj.Name())
			if plainKeys {
				key.SetString(name)
			} else {
				key.SetZero()
				if err := d.decodeName(kdec, rawfield.Addr(key), nameAt(c.Data, at)); err != nil {
					return within(err, name)
				}
			}
			if ex := m.MapIndex(key); ex.IsValid() {
				if !d.o.AllowDuplicates && (!seen.IsValid() || seen.MapIndex(key).IsValid()) {
					return &V2Error{Offset: nameAt(c.Data, at), tokens: []string{name}, Err: jsonread.ErrDuplicateName,
						Unmarshal: true, Syntactic: true, Before: true}
				}
				if d.o.Merge {
					val.SetZero()
				} else {
					val.Set(ex)
				}
			} else {
				val.SetZero()
			}
			if c.Bad && !vfirst { // the name's checks are done; nothing after it is (see jsonread.NameFirst)
				return nil
			}
			err := venc(d, rawfield.Addr(val))
			m.SetMapIndex(key, val)
			if seen.IsValid() {
				seen.SetMapIndex(key, reflect.Zero(emptyStructType))
			}
			if err != nil {
				return within(err, name)
			}
		}
		return nil
	}
}

// decodeName decodes the member name whose literal begins at offset at of the input into a map
// key, with kdec (a key's decoder with the string option) over that literal, so that an error
// names the literal and its place.
func (d *V2Decode) decodeName(kdec v2DecoderFunc, p rawfield.Pointer, at int64) error {
	data := d.c.Data
	end := int(at) + 1
	for end < len(data) && data[end] != '"' {
		if data[end] == '\\' {
			end++
		}
		end++
	}
	lit := data[at:min(end+1, len(data))]
	sub := V2Decode{c: jsonread.Get(), o: d.o, inName: true}
	defer jsonread.Put(sub.c)
	sub.c.Reset(lit)
	if err := kdec(&sub, p); err != nil {
		if ve, ok := err.(*V2Error); ok {
			ve.Offset += at
			if ve.End != math.MaxInt64 {
				ve.End += at
			}
		}
		return err
	}
	return nil
}

// newV2StructDecoder decodes an object into a struct, member by member into the fields of the
// same name (case-sensitively, unless MatchCaseInsensitiveNames or a `case:ignore` field says
// otherwise); other members are skipped, or an error under RejectUnknownMembers.
func newV2StructDecoder(t reflect.Type) v2DecoderFunc {
	fs, fallback, ferr := structFieldsV2(t)
	if ferr != nil {
		// As encoding/json/v2: null is the zero value; an object fails once its '{' is read, as
		// another kind does before it is.
		return func(d *V2Decode, p rawfield.Pointer) error {
			if more, err := d.nullOr(jsonread.KindObject, t, p, nil); !more {
				return err
			}
			return d.mismatch(ferr.GoType, ferr.Err)
		}
	}
	type fieldDec struct {
		field
		dec   v2DecoderFunc
		first bool     // dec may fail before it reads (failsFirst)
		fast  fastKind // a plain scalar, stored inline (storeScalar)
		size  uintptr
		hops  []embedHop
		off   uintptr
	}
	list := make([]fieldDec, len(fs))
	names := make([]string, len(fs))
	folds := false // a field matches case-insensitively whatever the options
	for i, f := range fs {
		folds = folds || f.casing == caseIgnore
		ft := t.FieldByIndex(f.index).Type
		fd := fieldDec{field: f, dec: v2Decoder(ft, f.quoted), first: failsFirst(ft, f.quoted), size: ft.Size()}
		if !f.quoted {
			fd.fast = v2FastDecodeKind(ft)
		}
		fd.hops, fd.off = embedHops(t, f.index)
		list[i] = fd
		names[i] = f.name
	}
	byName := newFieldNames(names)
	keys := byName.keys // for NextKey
	var fb *v2FallbackDec
	if fallback != nil {
		fb = newV2FallbackDec(t, fallback)
	}
	return func(d *V2Decode, p rawfield.Pointer) error {
		c := d.c
		if more, err := d.nullOr(jsonread.KindObject, t, p, nil); !more {
			return err
		}
		// The fields set, where a second member for one is a duplicate: bits of a word for up to
		// 64 fields (no allocation per object), then a slice.
		var seenBits uint64
		var seen []bool
		if !d.o.AllowDuplicates && len(list) > 64 {
			seen = make([]bool, len(list))
		}
		// The members are expected in the fields' order: the name of the field after the last one
		// found is matched by NextKey in two word compares. The cursor leaves the names of the
		// fields to the check above, and records the others (UnknownName).
		next := 0
		obj := c.Object()
		if c.CheckDups {
			c.NamesByFields()
		}
		inline := d.o.Funcs == nil // the caller's functions come first, through the decoders
		for {
			at := c.InputOffset()
			if !obj.NextKey(&keys[next]) {
				break
			}
			name := obj.Name()
			i, ok := next, c.Hit
			if !ok {
				i = byName.find(name, next)
				ok = i >= 0
			}
			tok := "" // the member's name, for an error's pointer, where it is not the field's
			if !ok {
				i = -1
				tok = string(name)
				if folds || d.o.FoldNames {
					folded, matches := foldNameV2(tok), 0
					for j := range list {
						if list[j].matchFolded(tok, folded, d.o.FoldNames, d.o.ExactDelims) {
							if i < 0 {
								i = j
							}
							matches++
						}
					}
					if matches > 1 {
						return &V2Error{Offset: nameAt(c.Data, at), tokens: []string{tok}, GoType: t, Err: ErrAmbiguousName,
							Unmarshal: true, Kind: '"', Before: true}
					}
				}
			}
			if i < 0 && c.CheckDups && (fb != nil || !d.o.RejectUnknown) { // (else an error below)
				if c.UnknownName() {
					return nil // a repeated name: the syntax error, which the front end finds
				}
			}
			if i < 0 && fb != nil {
				if c.Bad && !fb.raw { // the name's checks are done; nothing after it is (see jsonread.NameFirst)
					return nil
				}
				if err := fb.member(d, p, nameAt(c.Data, at), string(name)); err != nil {
					return within(err, string(name))
				}
				continue
			}
			if i < 0 {
				if d.o.RejectUnknown {
					return &V2Error{Offset: nameAt(c.Data, at), tokens: []string{string(name)}, GoType: t, Err: ErrUnknownName,
						Unmarshal: true, Kind: '"', Before: true}
				}
				c.SkipValue()
				continue
			}
			f := &list[i]
			next = i + 1
			if !d.o.AllowDuplicates {
				var dup bool
				if seen != nil {
					dup, seen[i] = seen[i], true
				} else {
					dup, seenBits = seenBits&(1<<i) != 0, seenBits|1<<i
				}
				if dup {
					return &V2Error{Offset: nameAt(c.Data, at), tokens: []string{string(name)}, Err: jsonread.ErrDuplicateName,
						Unmarshal: true, Syntactic: true, Before: true}
				}
			}
			q := p
			if f.hops != nil {
				if q = allocHops(q, f.hops); q == nil {
					c.Peek()
					return &V2Error{Offset: c.InputOffset(), tokens: []string{f.name}, GoType: t, Err: errUnexportedEmbed,
						Unmarshal: true, Before: true}
				}
			}
			q = rawfield.Add(q, f.off)
			if c.Bad && !f.first { // the name's checks are done; nothing after it is (see jsonread.NameFirst)
				return nil
			}
			if f.fast != fastNone && inline && (!d.o.Stringify || f.fast == fastString || f.fast == fastBool) &&
				storeScalar(c, f.fast, q, f.size) {
				continue
			}
			if err := f.dec(d, q); err != nil {
				if tok == "" {
					tok = f.name
				}
				return within(err, tok)
			}
		}
		return nil
	}
}

// v2FastDecodeKind is the fast kind of a plain bool, number or string type t that its v2 decoder
// reads as storeScalar does: none for a type with methods a v2 decoder calls, or one it treats
// as its own (time.Duration, json.Number).
func v2FastDecodeKind(t reflect.Type) fastKind {
	switch {
	case t == durationType, t == numberType,
		unmarshalerFrom != nil && implementsEither(t, unmarshalerFrom), stdUnmarshalerFrom(t),
		implementsEither(t, unmarshalerType), implementsEither(t, textUnmarshalerType):
		return fastNone
	}
	return fastKindOf(t, false)
}

// ErrUnknownName is encoding/json/v2's ErrUnknownName, which the front end exports.
var ErrUnknownName = errors.New("unknown object member name")

// ErrAmbiguousName is encoding/json/v2's error for a member name that matches two fields
// case-insensitively and neither exactly.
var ErrAmbiguousName = errors.New("ambiguous object member name")

// A v2FallbackDec decodes the members no field takes into a struct's embedded fallback: a map
// of string keys (made if nil; a member merged into the value it has) or a jsontext.Value, to
// which each member is added as it is in the input.
type v2FallbackDec struct {
	typ  reflect.Type // the map or jsontext.Value type
	ptr  bool         // the field is a pointer to it
	raw  bool         // a jsontext.Value
	hops []embedHop
	off  uintptr
	vdec v2DecoderFunc // the map's values
}

func newV2FallbackDec(t reflect.Type, f *field) *v2FallbackDec {
	ft := t.FieldByIndex(f.index).Type
	fb := &v2FallbackDec{typ: indirectType(ft), ptr: ft.Kind() == reflect.Pointer && ft.Name() == ""}
	fb.hops, fb.off = embedHops(t, f.index)
	fb.raw = isJSONTextValue(fb.typ)
	if !fb.raw {
		fb.vdec = v2Decoder(fb.typ.Elem(), false)
	}
	return fb
}

// member decodes the next value, of the member name (whose literal begins at nameAt), into the
// fallback of the struct at p.
func (fb *v2FallbackDec) member(d *V2Decode, p rawfield.Pointer, nameAt int64, name string) error {
	if fb.hops != nil {
		if p = allocHops(p, fb.hops); p == nil {
			d.c.Peek()
			return &V2Error{Offset: d.c.InputOffset(), GoType: fb.typ, Err: errUnexportedEmbed, Unmarshal: true, Before: true}
		}
	}
	p = rawfield.Add(p, fb.off)
	if fb.ptr {
		q := rawfield.Deref(p)
		if q == nil {
			q = rawfield.New(fb.typ)
			rawfield.SetPointer(p, q)
		}
		p = q
	}
	if fb.raw {
		b := rawfield.As[[]byte](p)
		end := int(nameAt) + 1 // the name's literal, as the input has it
		for end < len(d.c.Data) && d.c.Data[end] != '"' {
			if d.c.Data[end] == '\\' {
				end++
			}
			end++
		}
		lit := d.c.Data[nameAt:min(end+1, len(d.c.Data))]
		trimmed := bytes.TrimRight(*b, " \t\r\n")
		if len(*b) > 0 && (len(trimmed) == 0 || trimmed[len(trimmed)-1] != '}') {
			// encoding/json/v2 finds fault after the member's name, a string, before it reads
			// the value (it skips the value first under ReportErrorsWithLegacySemantics).
			if d.o.LegacyErrors {
				d.c.SkipValue()
			}
			ve := &V2Error{Offset: nameAt, GoType: fb.typ, Err: errRawEmbedNotObject, Unmarshal: true, Kind: '"', End: d.readTo()}
			ve.Before = !d.o.LegacyErrors
			return ve
		}
		if d.c.Bad { // bad input after the name (see failsFirst)
			return nil
		}
		val := d.c.Raw()
		if len(*b) == 0 {
			*b = append(*b, '{')
		} else {
			trimmed = bytes.TrimRight(trimmed[:len(trimmed)-1], " \t\r\n")
			*b = trimmed
			if last := trimmed[len(trimmed)-1]; last != ',' && last != '{' {
				*b = append(*b, ',')
			}
		}
		*b = append(append(append(append(*b, lit...), ':'), val...), '}')
		return nil
	}
	m := rawfield.Value(fb.typ, p)
	if m.IsNil() {
		m.Set(reflect.MakeMap(fb.typ))
	}
	key := reflect.ValueOf(name).Convert(fb.typ.Key())
	val := reflect.New(fb.typ.Elem()).Elem()
	if old := m.MapIndex(key); old.IsValid() {
		val.Set(old)
	}
	err := fb.vdec(d, rawfield.Addr(val))
	m.SetMapIndex(key, val)
	return err
}

// nameAt is the offset of the member name that follows offset at of data, past the comma and
// white space before it.
func nameAt(data []byte, at int64) int64 {
	for at < int64(len(data)) && data[at] != '"' {
		at++
	}
	return at
}

// allocHops follows the embedded pointers hops from p, allocating the nil ones; nil where one is
// nil and of an unexported type, which encoding/json/v2 does not set.
func allocHops(p rawfield.Pointer, hops []embedHop) rawfield.Pointer {
	for _, h := range hops {
		at := rawfield.Add(p, h.off)
		q := rawfield.Deref(at)
		if q == nil {
			if !h.set {
				return nil
			}
			q = rawfield.New(h.elem)
			rawfield.SetPointer(at, q)
		}
		p = q
	}
	return p
}

// v2UnmarshalFunc decodes through fn, called with the next value read whole; errors.ErrUnsupported
// from it is an error here (there is no decoder to hand the value to).
func v2UnmarshalFunc(t reflect.Type, fn func(raw []byte, addr reflect.Value) error) v2DecoderFunc {
	return func(d *V2Decode, p rawfield.Pointer) error {
		handled, err := d.callRaw(t, p, fn)
		if !handled {
			return d.failBefore(t, errors.New("UnmarshalJSONFrom method may not return errors.ErrUnsupported"))
		}
		return err
	}
}

// v2UnmarshalJSON calls UnmarshalJSON (on *t) with the next value.
func v2UnmarshalJSON(t reflect.Type) v2DecoderFunc {
	return func(d *V2Decode, p rawfield.Pointer) error {
		d.c.Peek()
		start := d.c.Pos
		raw := d.c.Raw()
		if d.c.Bad {
			return d.syntaxFirst(t)
		}
		if err := reflect.NewAt(t, p).Interface().(interface{ UnmarshalJSON([]byte) error }).UnmarshalJSON(raw); err != nil {
			ve := &V2Error{Offset: int64(start), GoType: t, Err: methodError(err, "UnmarshalJSON method"), Unmarshal: true, End: d.c.InputOffset()}
			ve.Kind = d.kindAt(start)
			return ve
		}
		return nil
	}
}

// v2UnmarshalText calls UnmarshalText (on *t) with the next value, a string; null sets the zero
// value.
func v2UnmarshalText(t reflect.Type) v2DecoderFunc {
	return func(d *V2Decode, p rawfield.Pointer) error {
		c := d.c
		if more, err := d.nullOr(jsonread.KindString, t, p, errNonStringValue); !more {
			return err
		}
		start := c.Pos
		s := c.StringBytes()
		if err := reflect.NewAt(t, p).Interface().(encoding.TextUnmarshaler).UnmarshalText(s); err != nil {
			ve := &V2Error{Offset: int64(start), GoType: t, Err: methodError(err, "UnmarshalText method"), Unmarshal: true, Kind: '"', End: d.c.InputOffset()}
			return ve
		}
		return nil
	}
}

var (
	errNonStringValue  = errors.New("JSON value must be string type")
	errUnexportedEmbed = errors.New("cannot set embedded pointer to unexported struct type")
)

var timeType = reflect.TypeFor[time.Time]()

// v2TimeDecoder decodes a time.Time as encoding/json/v2 does by default: from a string in RFC
// 3339 form; null sets the zero time.
func v2TimeDecoder(d *V2Decode, p rawfield.Pointer) error {
	c := d.c
	switch c.Kind() {
	case jsonread.KindNull:
		c.Null()
		if !d.o.Merge {
			*rawfield.As[time.Time](p) = time.Time{}
		}
		return nil
	case jsonread.KindString:
	default:
		return d.mismatchRead(timeType, nil)
	}
	start := c.Pos
	s := c.StringBytes()
	var tm time.Time
	err := tm.UnmarshalText(s)
	if err == nil && !d.o.LooseTime {
		err = strictRFC3339(s)
	}
	if err != nil {
		ve := d.withValue(timeType, start, err)
		ve.Value = nil
		return ve
	}
	*rawfield.As[time.Time](p) = tm
	return nil
}

// strictRFC3339 reports what package time accepts in b, a time it parsed as RFC 3339, that RFC
// 3339 does not (as encoding/json/v2 checks it): an hour of one digit, a comma before the
// fraction of a second, a zone offset out of range.
func strictRFC3339(b []byte) error {
	fail := func(layoutElem, valueElem, message string) error {
		return &time.ParseError{Layout: time.RFC3339, Value: string(b), LayoutElem: layoutElem, ValueElem: valueElem, Message: message}
	}
	dec2 := func(b []byte) int { return int(b[0]-'0')*10 + int(b[1]-'0') }
	const date = len("2006-01-02T")
	switch {
	case b[date+1] == ':':
		return fail("15", string(b[date:date+1]), "")
	case b[len("2006-01-02T15:04:05")] == ',':
		return fail(".", ",", "")
	case b[len(b)-1] != 'Z':
		switch zone := string(b[len(b)-len("Z07:00"):]); {
		case dec2(b[len(b)-len("07:00"):]) >= 24:
			return fail("Z07:00", zone, ": timezone hour out of range")
		case dec2(b[len(b)-len("00"):]) >= 60:
			return fail("Z07:00", zone, ": timezone minute out of range")
		}
	}
	return nil
}
