package codec

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// The encoders under encoding/json/v2's semantics (Go 1.27), for the v2 front end: one per type
// and `string` tag option, built once and cached like the others, over the same EncodeState, and
// reading the call's options (V2Options) as they go. Every value counts as addressable, as in
// encoding/json/v2, so methods on pointer receivers are always called.

// V2Options are what the options of one v2 Marshal call say to the encoders.
type V2Options struct {
	NilSliceAsNull  bool // FormatNilSliceAsNull
	NilMapAsNull    bool // FormatNilMapAsNull
	OmitZero        bool // OmitZeroStructFields
	Stringify       bool // StringifyNumbers
	Deterministic   bool // map members sorted by name
	ByteArrays      bool // FormatByteArrayAsArray
	AllowDuplicates bool // AllowDuplicateNames
	FoldNames       bool // MatchCaseInsensitiveNames
	ExactDelims     bool // MatchCaseSensitiveDelimiter: folded names keep their '_' and '-'
	LegacyEmpty     bool // OmitEmptyWithLegacySemantics: omitempty as encoding/json reads it
	DurationNano    bool // FormatDurationAsNano
	LegacyStringify bool // StringifyWithLegacySemantics: the `string` option on bools and strings
	LegacyBytes     bool // FormatBytesWithLegacySemantics: []namedByte as base64
	LegacyMethods   bool // CallMethodsWithLegacySemantics: methods called where v1 called them

	// RawValue appends the output of a MarshalJSON method to dst as a jsontext.Encoder with the
	// options writes it with WriteValue, or fails with its error.
	RawValue func(dst, raw []byte, opts *jsonopts.Struct) ([]byte, error)
	// CheckRaw returns the error jsontext reports for raw, a jsontext.Value read on its own with
	// duplicate names and invalid UTF-8 allowed, or nil.
	CheckRaw func(raw []byte) error

	Opts *jsonopts.Struct // the call's options, for RawValue and marshalerTo

	// Funcs are the caller's marshal functions (WithMarshalers), or nil: Funcs(t) returns the one
	// for values of type t, or nil. The function appends the value at addr (a pointer to a t) to
	// dst; errors.ErrUnsupported from it leaves the value to its encoder, and any other error is
	// a *FuncError.
	Funcs func(t reflect.Type) func(dst []byte, addr reflect.Value) ([]byte, error)
}

// A FuncError is the failure of a caller's marshal function: the function's type, its error, and
// whether it wrote something other than one whole value before failing (what it wrote is kept
// in the output, and the error is placed in the value around it).
type FuncError struct {
	GoType  reflect.Type
	Err     error
	Partial bool
}

func (e *FuncError) Error() string { return e.Err.Error() }

// The front end's MarshalerTo interface and the function that calls its method, appending what it
// writes to dst (see RegisterMarshalerTo).
var (
	marshalerTo     reflect.Type
	callMarshalerTo func(dst []byte, x any, opts *jsonopts.Struct) ([]byte, error)
)

// RegisterMarshalerTo names the MarshalerTo interface of the v2 front end and how to call it; the
// v2 encoders call it first, before MarshalJSON. It is called once, at initialization.
func RegisterMarshalerTo(t reflect.Type, call func(dst []byte, x any, opts *jsonopts.Struct) ([]byte, error)) {
	marshalerTo, callMarshalerTo = t, call
}

// V2OptionsOf reads the options s gives the encoders (RawValue is the caller's).
func V2OptionsOf(s *jsonopts.Struct) V2Options {
	return V2Options{
		NilSliceAsNull:  s.Value&jsonopts.FormatNilSliceAsNull != 0,
		NilMapAsNull:    s.Value&jsonopts.FormatNilMapAsNull != 0,
		OmitZero:        s.Value&jsonopts.OmitZeroStructFields != 0,
		Stringify:       s.Value&jsonopts.StringifyNumbers != 0,
		Deterministic:   s.Value&jsonopts.Deterministic != 0,
		Opts:            s,
		ByteArrays:      s.Value&jsonopts.FormatByteArrayAsArray != 0,
		AllowDuplicates: s.Value&jsonopts.AllowDuplicateNames != 0,
		FoldNames:       s.Value&jsonopts.MatchCaseInsensitiveNames != 0,
		ExactDelims:     s.Value&jsonopts.MatchCaseSensitiveDelimiter != 0,
		LegacyEmpty:     s.Value&jsonopts.OmitEmptyWithLegacySemantics != 0,
		DurationNano:    s.Value&jsonopts.FormatDurationAsNano != 0,
		LegacyStringify: s.Value&jsonopts.StringifyWithLegacySemantics != 0,
		LegacyBytes:     s.Value&jsonopts.FormatBytesWithLegacySemantics != 0,
		LegacyMethods:   s.Value&jsonopts.CallMethodsWithLegacySemantics != 0,
	}
}

// A V2Error is an error of the v2 encoders, with where it happened: the output offset before the
// value at fault and the JSON Pointer of that value. The front end reports it as
// encoding/json/v2's SemanticError, or as jsontext's SyntacticError when Syntactic.
type V2Error struct {
	Offset    int64
	tokens    []string // the pointer's reference tokens, innermost first (added on the way up)
	GoType    reflect.Type
	Err       error
	Syntactic bool // a syntactic error (jsontext's), not a semantic one
	Wrapped   bool // the syntactic error is the Err of a semantic error at the same place
	Bare      bool // ... a syntactic error that says nowhere (of a string quoted on its own)
	Relative  bool // Err is a syntactic error in a method's output, placed within that output

	// Of the decoders: the error is Unmarshal's, about a JSON value of kind Kind (its first
	// byte, '0' for a number; 0 if none), whose literal, for a number or string, is Value.
	Unmarshal bool
	Kind      byte
	Value     []byte
	// Where the decoder stood when it failed: Before, when it had not read the value at fault
	// (a kind its type does not take, or a type it cannot decode into), else End, the offset
	// after what it read. A syntax error before that point is encoding/json/v2's error instead.
	Before bool
	End    int64
	// Blind: the error needed nothing of the input past where the cursor found it bad (a type
	// no JSON decodes into, after a name or element; see failsFirst).
	Blind  bool
	parent bool // the error is placed in the value around the one at fault: one token less
}

func (e *V2Error) Error() string { return fmt.Sprintf("json: marshal %v: %v", e.GoType, e.Err) }

// Pointer returns the JSON Pointer of the value at fault (RFC 6901).
func (e *V2Error) Pointer() string {
	var b strings.Builder
	for i := len(e.tokens) - 1; i >= 0; i-- {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(e.tokens[i]))
	}
	return b.String()
}

// The errors of encoding/json/v2 that the encoders report.
var (
	ErrCycle             = errors.New("encountered a cycle")
	errInvalidString     = errors.New("invalid use of `string` tag option")
	errNoDefaultRepr     = errors.New("no default representation")
	errRawEmbedNotObject = errors.New("embedded raw value must be a JSON object")
)

// v2Fail returns the error err of a value of type t about to be written.
func (e *EncodeState) v2Fail(t reflect.Type, err error) *V2Error {
	return &V2Error{Offset: e.written + int64(len(e.Buf)), GoType: t, Err: err}
}

// within adds the reference token tok to the pointer of a V2Error on its way up.
func within(err error, tok string) error {
	if ve, ok := err.(*V2Error); ok {
		if ve.parent {
			ve.parent = false
		} else {
			ve.tokens = append(ve.tokens, tok)
		}
	}
	return err
}

// MarshalV2 appends v as encoding/json/v2 marshals it under opts.
func (e *EncodeState) MarshalV2(v any, opts *V2Options) error {
	e.v2 = opts
	defer func() { e.v2 = nil }()
	if v == nil {
		e.puts("null")
		return nil
	}
	t := reflect.TypeOf(v)
	e.forced = t.Kind() != reflect.Pointer
	if t.Kind() == reflect.Pointer {
		p := rawfield.Deref(rawfield.IfaceData(rawfield.Of(&v), true)) // a pointer is held directly
		if p == nil {
			e.puts("null")
			return nil
		}
		return v2Encoder(t.Elem(), false)(e, p)
	}
	// The value is copied to make it addressable, as encoding/json/v2 does, where a method on a
	// pointer receiver might be called; otherwise it is written where the interface holds it.
	h := v2HeldOf(t)
	if h.copy {
		c := reflect.New(t)
		c.Elem().Set(reflect.ValueOf(v))
		return h.enc(e, c.UnsafePointer())
	}
	e.top = v
	err := h.enc(e, rawfield.IfaceData(rawfield.Of(&e.top), h.direct))
	e.top = nil
	return err
}

// needsAddr reports whether writing a value of type t may call a method with a pointer receiver
// on it or on a struct field or array element held in it by value.
func needsAddr(t reflect.Type) bool { return heldByValue(t, hasMethods) }

// A seenID is a pointer, map or slice on the way down (its type, address and, for a slice, length),
// remembered from a depth of startCycleCheck open objects and arrays on, to find a cycle.
type seenID struct {
	t reflect.Type
	p uintptr
	n int
}

// visit records id, reporting false if it is already on the way down: a cycle.
func (e *EncodeState) visit(id seenID) bool {
	if _, ok := e.ptrSeen[id]; ok {
		return false
	}
	if e.ptrSeen == nil {
		e.ptrSeen = make(map[any]struct{})
	}
	e.ptrSeen[id] = struct{}{}
	return true
}

type v2Key struct {
	t   reflect.Type
	str bool // the `string` tag option
}

var v2Encoders sync.Map

// v2Encoder is the encoder of values of type t, with the `string` tag option if str.
func v2Encoder(t reflect.Type, str bool) encoderFunc {
	return cached(&v2Encoders, v2Key{t, str}, func() encoderFunc { return withFuncs(t, newV2Encoder(t, str)) },
		func(wg *sync.WaitGroup, f *encoderFunc) encoderFunc {
			return func(e *EncodeState, p rawfield.Pointer) error { wg.Wait(); return (*f)(e, p) }
		})
}

var durationType = reflect.TypeFor[time.Duration]()

// withFuncs makes enc, the encoder of type t, call the caller's marshal function for t first,
// when the call has one (WithMarshalers).
func withFuncs(t reflect.Type, enc encoderFunc) encoderFunc {
	return func(e *EncodeState, p rawfield.Pointer) error {
		if e.v2.Funcs != nil {
			if fn := e.v2.Funcs(t); fn != nil {
				out, err := fn(e.Buf, reflect.NewAt(t, p))
				if err == nil {
					e.took(out)
					return nil
				}
				if fe, ok := err.(*FuncError); ok {
					e.took(out) // what it wrote before failing
					ve := e.v2Fail(fe.GoType, fe.Err)
					ve.Relative, ve.parent = true, fe.Partial
					return ve
				}
			}
		}
		return enc(e, p)
	}
}

func failing(t reflect.Type, err error) encoderFunc {
	return func(e *EncodeState, _ rawfield.Pointer) error { return e.v2Fail(t, err) }
}

func newV2Encoder(t reflect.Type, str bool) encoderFunc {
	if t == numberType {
		// encoding/json's Number writes itself as a number (in a string where numbers are).
		return func(e *EncodeState, p rawfield.Pointer) error {
			at := len(e.Buf)
			q := e.v2.Stringify || e.inName
			if err := encodeNumber(e, rawfield.String(p, 0), q); err != nil {
				return e.v2Fail(t, err)
			}
			if !q { // as a raw number, under the options (CanonicalizeRawFloats, ...)
				lit := string(e.Buf[at:])
				out, err := e.v2.RawValue(e.Buf[:at], []byte(lit), e.v2.Opts)
				if err != nil {
					return e.v2Fail(t, err)
				}
				e.took(out)
			}
			return nil
		}
	}
	if t == timeType && str {
		return failing(t, errInvalidString) // as the decoder: time.Time is no number to quote
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
		if enc := v2MethodEncoder(t, str, 0); enc != nil {
			return enc
		}
	}
	return newV2PlainEncoder(t, str)
}

// The marshal methods, in the order encoding/json/v2 prefers them (v2MethodEncoder).
const (
	methodJSONTo     = iota // MarshalJSONTo with this module's *jsontext.Encoder
	methodStdJSONTo         // MarshalJSONTo with the standard library's
	methodJSON              // MarshalJSON
	methodAppendText        // AppendText
	methodText              // MarshalText
	numMarshalMethods
)

// v2MethodEncoder returns the encoder that writes a value of type t (not a pointer or an
// interface) with the first marshal method, from the m'th on, that t or *t has, or nil if none.
//
// Under CallMethodsWithLegacySemantics a method is passed over, for the next one or the type's
// own encoding, where encoding/json (v1) did not call it: a method on the pointer receiver of a
// value that is not addressable in v1's sense (e.forced), a MarshalJSON or MarshalJSONTo on a map
// key, and a MarshalText or AppendText on a map key of kind string.
func v2MethodEncoder(t reflect.Type, str bool, m int) encoderFunc {
	for ; m < numMarshalMethods; m++ {
		var it reflect.Type
		var enc encoderFunc
		switch m {
		case methodJSONTo:
			if it = marshalerTo; it != nil && implementsEither(t, it) {
				enc = func(e *EncodeState, p rawfield.Pointer) error {
					out, err := callMarshalerTo(e.Buf, reflect.NewAt(t, p).Interface(), e.v2.Opts)
					if err != nil {
						return e.v2Fail(t, methodError(err, "MarshalJSONTo method"))
					}
					e.took(out)
					return nil
				}
			}
		case methodStdJSONTo:
			// The standard library's MarshalJSONTo: its output, through the standard package, is
			// written as MarshalJSON's is.
			if it = marshalerToType; stdMarshalerTo(t) {
				enc = v2MarshalJSONFunc(t, stdMarshalTo)
			}
		case methodJSON:
			if it = marshalerType; implementsEither(t, it) {
				enc = v2MarshalJSON(t)
			}
		case methodAppendText:
			if it = textAppenderType; implementsEither(t, it) {
				enc = v2Text(t, func(x any) ([]byte, error) { return x.(encoding.TextAppender).AppendText(nil) })
			}
		case methodText:
			if it = textMarshalerType; implementsEither(t, it) {
				enc = v2Text(t, func(x any) ([]byte, error) { return x.(encoding.TextMarshaler).MarshalText() })
			}
		}
		if enc == nil {
			continue
		}
		needAddr := !t.Implements(it)
		onNames := m >= methodAppendText && t.Kind() != reflect.String // a name calls it under the legacy rules
		if !needAddr && onNames {
			return enc
		}
		after := m + 1
		next := sync.OnceValue(func() encoderFunc {
			if enc := v2MethodEncoder(t, str, after); enc != nil {
				return enc
			}
			return newV2PlainEncoder(t, str)
		})
		return func(e *EncodeState, p rawfield.Pointer) error {
			if e.v2.LegacyMethods && (needAddr && e.forced || e.inName && !onNames) {
				return next()(e, p)
			}
			return enc(e, p)
		}
	}
	return nil
}

// newV2PlainEncoder is the encoder of type t by its kind, whatever its methods.
func newV2PlainEncoder(t reflect.Type, str bool) encoderFunc {
	if t == durationType {
		nanos := v2Number(t, str)
		return func(e *EncodeState, p rawfield.Pointer) error {
			if !e.v2.DurationNano {
				return e.v2Fail(t, errNoDefaultRepr)
			}
			return nanos(e, p)
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		if str {
			// StringifyWithLegacySemantics: the `string` option on a bool, as v1 reads it.
			return func(e *EncodeState, p rawfield.Pointer) error {
				if !e.v2.LegacyStringify {
					return e.v2Fail(t, errInvalidString)
				}
				e.put('"')
				e.appendBool(rawfield.Bool(p, 0))
				e.put('"')
				return nil
			}
		}
		return func(e *EncodeState, p rawfield.Pointer) error {
			e.appendBool(rawfield.Bool(p, 0))
			return nil
		}
	case reflect.String:
		if str {
			// StringifyWithLegacySemantics: the string quoted, then quoted again as a string.
			return func(e *EncodeState, p rawfield.Pointer) error {
				if !e.v2.LegacyStringify {
					return e.v2Fail(t, errInvalidString)
				}
				inner, err := e.esc.AppendQuote(nil, rawfield.String(p, 0))
				if err != nil {
					ve := e.v2Fail(t, jsonread.ErrInvalidUTF8)
					ve.Syntactic, ve.Wrapped, ve.Bare = true, true, true
					return ve
				}
				return e.quoteV2(rawfield.OwnString(inner), t)
			}
		}
		return func(e *EncodeState, p rawfield.Pointer) error { return e.quoteV2(rawfield.String(p, 0), t) }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return v2Number(t, str)
	case reflect.Struct:
		if str {
			return failing(t, errInvalidString)
		}
		return newV2StructEncoder(t)
	case reflect.Map:
		if str {
			return failing(t, errInvalidString)
		}
		return newV2MapEncoder(t)
	case reflect.Slice, reflect.Array:
		if str {
			return failing(t, errInvalidString)
		}
		return newV2ListEncoder(t)
	case reflect.Pointer:
		el := v2Encoder(t.Elem(), str)
		nested := str && t.Elem().Kind() == reflect.Pointer
		return func(e *EncodeState, p rawfield.Pointer) error {
			if nested && e.v2.LegacyStringify {
				return e.v2Fail(t, errInvalidString) // v1's `string` does not reach through two pointers
			}
			q := rawfield.Deref(p)
			if q == nil {
				e.puts("null")
				return nil
			}
			if e.depth >= startCycleCheck {
				id := seenID{t, rawfield.Uintptr(q), 0}
				if !e.visit(id) {
					return e.v2Fail(t, ErrCycle)
				}
				defer delete(e.ptrSeen, id)
			}
			forced := e.forced
			e.forced = false // what a pointer points to is addressable
			err := el(e, q)
			e.forced = forced
			return err
		}
	case reflect.Interface:
		if str {
			// NOTE: encoding/json/v2 fails here but under ReportErrorsWithLegacySemantics, where
			// the front end asks it again (legacyMarshal).
			return failing(t, errInvalidString)
		}
		return func(e *EncodeState, p rawfield.Pointer) error {
			return e.v2Held(t, p)
		}
	}
	return failing(t, nil)
}

// v2Held writes the value the interface of type t at p holds (null for none). The values of a
// decoded document (string, float64, bool, []any, map[string]any) are written without a look in
// the caches; a value that a method with a pointer receiver may be called on is copied first, to
// be addressable, as encoding/json/v2 does.
func (e *EncodeState) v2Held(t reflect.Type, p rawfield.Pointer) error {
	x := rawfield.Any(p)
	if t.NumMethod() > 0 {
		x = rawfield.Value(t, p).Interface()
	}
	if e.v2.Funcs == nil {
		if e.v2Scalar(x) {
			return nil
		}
		switch x.(type) {
		case []any:
			return knownV2(&anySliceV2, anySliceType)(e, rawfield.IfaceData(p, false))
		case map[string]any:
			return knownV2(&anyMapV2, anyMapType)(e, rawfield.IfaceData(p, true))
		}
	}
	if x == nil {
		e.puts("null")
		return nil
	}
	if e.v2.LegacyMethods && t.NumMethod() > 0 {
		if enc := legacyNilMethod(t, x); enc != nil {
			return enc(e, nil)
		}
	}
	h := v2HeldOf(reflect.TypeOf(x))
	enc := h.enc
	forced := e.forced
	e.forced = true // the value held is copied to be addressable (or would be)
	var err error
	if h.copy {
		c := reflect.New(h.t)
		c.Elem().Set(reflect.ValueOf(x))
		err = enc(e, c.UnsafePointer())
	} else {
		err = enc(e, rawfield.IfaceData(p, h.direct)) // empty or not, an interface keeps its value second
	}
	e.forced = forced
	return err
}

// legacyNilMethod returns, for x, a nil pointer held by an interface of type t whose methods
// include a marshal method, the encoder that calls that method on the nil pointer, as
// CallMethodsWithLegacySemantics has it (encoding/json (v1) called it, where encoding/json/v2
// writes null); nil for any other x. The method is the first of t's in encoding/json/v2's
// order, and the error's Go type is a struct embedding the interface, as the standard package
// has it. (MarshalJSONTo is not among them: this module's interface is not the standard one.)
func legacyNilMethod(t reflect.Type, x any) encoderFunc {
	v := reflect.ValueOf(x)
	if v.Kind() != reflect.Pointer || !v.IsNil() {
		return nil
	}
	switch {
	case t.Implements(marshalerType):
		w := struct{ json.Marshaler }{x.(json.Marshaler)}
		return func(e *EncodeState, _ rawfield.Pointer) error {
			return v2MarshalJSON(reflect.TypeOf(w))(e, rawfield.Of(&w))
		}
	case t.Implements(textAppenderType):
		w := struct{ encoding.TextAppender }{x.(encoding.TextAppender)}
		return func(e *EncodeState, _ rawfield.Pointer) error {
			return v2Text(reflect.TypeOf(w), func(any) ([]byte, error) { return w.AppendText(nil) })(e, nil)
		}
	case t.Implements(textMarshalerType):
		w := struct{ encoding.TextMarshaler }{x.(encoding.TextMarshaler)}
		return func(e *EncodeState, _ rawfield.Pointer) error {
			return v2Text(reflect.TypeOf(w), func(any) ([]byte, error) { return w.MarshalText() })(e, nil)
		}
	}
	return nil
}

var (
	stringType = reflect.TypeFor[string]()

	anySliceV2, anyMapV2 atomic.Pointer[encoderFunc]
)

// knownV2 returns v2Encoder(t, false), kept in *p after the first call.
func knownV2(p *atomic.Pointer[encoderFunc], t reflect.Type) encoderFunc {
	if f := p.Load(); f != nil {
		return *f
	}
	f := v2Encoder(t, false)
	p.Store(&f)
	return f
}

// A v2HeldType is what writing a value of one type held by an interface needs.
type v2HeldType struct {
	t      reflect.Type
	enc    encoderFunc
	direct bool // the interface holds it in its data word (rawfield.DirectIface)
	copy   bool // it is copied first (needsAddr)
}

var v2Helds sync.Map // reflect.Type to *v2HeldType

func v2HeldOf(t reflect.Type) *v2HeldType {
	if h, ok := v2Helds.Load(t); ok {
		return h.(*v2HeldType)
	}
	h, _ := v2Helds.LoadOrStore(t, &v2HeldType{t: t, enc: v2Encoder(t, false), direct: rawfield.DirectIface(t), copy: needsAddr(t)})
	return h.(*v2HeldType)
}

// quoteV2 writes s quoted under the state's escaping; invalid UTF-8, where the escaping rejects
// it, is a syntactic error at the offset of the first bad byte.
func (e *EncodeState) quoteV2(s string, t reflect.Type) error {
	if e.dst != nil && len(s) > e.chunk {
		return e.quoteLongV2(s, t)
	}
	b, err := e.esc.AppendQuote(e.Buf, s)
	if err != nil {
		ve := e.v2Fail(t, jsonread.ErrInvalidUTF8)
		ve.Syntactic = true
		return ve
	}
	e.took(b)
	return nil
}

// quoteLongV2 is quoteV2 for a string longer than a streaming state's chunk: it is written in
// pieces, each handed on as it is done (see quoteLong), so MarshalWrite holds a chunk of it at a
// time. Invalid UTF-8 fails the value where it began, after what was written before it.
func (e *EncodeState) quoteLongV2(s string, t reflect.Type) error {
	start := e.written + int64(len(e.Buf))
	e.put('"')
	for len(s) > 0 {
		n := pieceLen(s, e.chunk)
		at := len(e.Buf)
		b, err := e.esc.AppendQuote(e.Buf, s[:n])
		if err != nil {
			return &V2Error{Offset: start, GoType: t, Err: jsonread.ErrInvalidUTF8, Syntactic: true}
		}
		e.Buf = append(b[:at], b[at+1:len(b)-1]...) // the piece without its own quotes
		s = s[n:]
		e.maybeFlush()
	}
	e.put('"')
	return nil
}

// v2Number writes a number, in a string under the `string` option (str), StringifyNumbers, or as
// a member name.
func v2Number(t reflect.Type, str bool) encoderFunc {
	k, size := scalarKind(t), t.Size()
	return func(e *EncodeState, p rawfield.Pointer) error {
		q := str || e.v2.Stringify || e.inName
		if k == fastFloat32 || k == fastFloat64 {
			var f float64
			if k == fastFloat32 {
				f = float64(rawfield.Float32(p, 0)) // four bytes: a float64 read would pass its end
			} else {
				f = rawfield.Float64(p, 0)
			}
			if !finite(f) {
				return e.v2Fail(t, fmt.Errorf("unsupported value: %v", f))
			}
		}
		if q {
			e.put('"')
		}
		switch k {
		case fastInt:
			e.took(jsonnum.AppendInt(e.Buf, rawfield.Int(p, 0, size)))
		case fastUint:
			e.took(jsonnum.AppendUint(e.Buf, rawfield.Uint(p, 0, size)))
		case fastFloat64:
			e.took(jsonnum.AppendFloat64(e.Buf, rawfield.Float64(p, 0)))
		default:
			e.took(jsonnum.AppendFloat32(e.Buf, rawfield.Float32(p, 0)))
		}
		if q {
			e.put('"')
		}
		return nil
	}
}

// v2MarshalJSON calls MarshalJSON (on *t) and writes its output as jsontext's WriteValue does.
func v2MarshalJSON(t reflect.Type) encoderFunc {
	return v2MarshalJSONFunc(t, func(x any) ([]byte, error) {
		b, err := x.(interface{ MarshalJSON() ([]byte, error) }).MarshalJSON()
		if err != nil {
			err = methodError(err, "MarshalJSON method")
		}
		return b, err
	})
}

// v2MarshalJSONFunc writes the output of marshal, called with a pointer to the value, as
// jsontext's WriteValue does.
func v2MarshalJSONFunc(t reflect.Type, marshal func(any) ([]byte, error)) encoderFunc {
	return func(e *EncodeState, p rawfield.Pointer) error {
		b, err := marshal(reflect.NewAt(t, p).Interface())
		if err != nil {
			return e.v2Fail(t, err)
		}
		out, err := e.v2.RawValue(e.Buf, b, e.v2.Opts)
		if err != nil {
			ve := e.v2Fail(t, err)
			ve.Relative = true
			return ve
		}
		e.took(out)
		return nil
	}
}

// v2Text calls MarshalText or AppendText (text, on *t) and writes its output as a string.
func v2Text(t reflect.Type, text func(any) ([]byte, error)) encoderFunc {
	return func(e *EncodeState, p rawfield.Pointer) error {
		b, err := text(reflect.NewAt(t, p).Interface())
		if err != nil {
			return e.v2Fail(t, err)
		}
		err = e.quoteV2(rawfield.OwnString(b), t)
		if ve, ok := err.(*V2Error); ok {
			ve.Wrapped = true
		}
		return err
	}
}

// methodError is err from a method, which may not be errors.ErrUnsupported.
func methodError(err error, what string) error {
	if errors.Is(err, errors.ErrUnsupported) {
		return errors.New(what + " may not return errors.ErrUnsupported")
	}
	return err
}

// A v2Field is a struct member under v2: its encoder and how to reach it.
type v2Field struct {
	field
	enc       encoderFunc
	ftype     reflect.Type
	hops      []embedHop
	off       uintptr
	emptyKind bool // omitempty can be decided from the Go value (a kind without methods)
	fast      fastKind
	size      uintptr
}

// zeroAt is the omitzero test of the field's value at p: read where it is (as reflect.Value.IsZero
// has it) unless an IsZero method decides or the value is a struct, an array or a complex number.
//
// NOTE: a reflect.Value per field looks up the field's pointer type (reflect.NewAt), a sync.Map
// load: Marshal of records with omitzero on every field took 15% longer than without the tags;
// read in place, as long (jsonv2's BenchmarkMarshalStd, records-omitzero -13%, benchstat n=8).
func (f *v2Field) zeroAt(p rawfield.Pointer) bool {
	if f.isZero == nil {
		switch k := f.ftype.Kind(); k {
		case reflect.Struct, reflect.Array, reflect.Complex64, reflect.Complex128:
		case reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
			return rawfield.Deref(p) == nil // a slice's elements, or the pointer
		default:
			return emptyAt(f.ftype, k, p) // for these kinds, zero is empty (-0 too)
		}
	}
	return f.zero(rawfield.Value(f.ftype, p))
}

// hasMarshalMethods reports whether t or *t has a method that encoding/json/v2 calls to marshal.
func hasMarshalMethods(t reflect.Type) bool {
	for _, it := range []reflect.Type{marshalerType, textMarshalerType, textAppenderType} {
		if implementsEither(t, it) {
			return true
		}
	}
	return marshalerTo != nil && implementsEither(t, marshalerTo)
}

// v2FastKind is the fast kind of a plain bool, number or string type that a v2 encoder writes
// inline (no methods, not time.Duration, no `string` option), or fastNone.
func v2FastKind(t reflect.Type, str bool) fastKind {
	if str || t == durationType || hasMethods(t) {
		return fastNone
	}
	return scalarKind(t)
}

// v2Inline writes the plain scalar of fast kind k (v2FastKind) and size bytes at p, unless the
// call's options change how it is written; it reports false, having written nothing, if it
// cannot (the encoder writes it then, or reports its error).
//
// NOTE: without it every member and element went through two calls (the caller's functions'
// hook, then the encoder); inline, records of scalar fields marshal about 1.4x as fast.
func (e *EncodeState) v2Inline(k fastKind, p rawfield.Pointer, size uintptr) bool {
	return e.v2.Funcs == nil && e.v2Scalar1(k, p, size, e.v2.Stringify)
}

// v2Scalar1 is v2Inline once the caller knows there are no marshal functions; stringify is
// StringifyNumbers.
func (e *EncodeState) v2Scalar1(k fastKind, p rawfield.Pointer, size uintptr, stringify bool) bool {
	switch k {
	case fastString:
		str := rawfield.String(p, 0)
		if e.dst != nil && len(str) > e.chunk {
			return false // quoteV2 streams it
		}
		b, err := e.esc.AppendQuote(e.Buf, str)
		if err != nil {
			return false // the encoder reports it
		}
		e.took(b)
		return true
	case fastBool:
		return e.appendScalar(k, p, size)
	}
	return !stringify && e.appendScalar(k, p, size)
}

func newV2StructEncoder(t reflect.Type) encoderFunc {
	fs, fallback, ferr := structFieldsV2(t)
	if ferr != nil {
		return failing(ferr.GoType, ferr.Err)
	}
	list := make([]v2Field, len(fs))
	names := make([]string, len(fs))
	for i, f := range fs {
		ft := t.FieldByIndex(f.index).Type
		names[i] = f.name
		vf := v2Field{field: f, ftype: ft, enc: v2Encoder(ft, f.quoted), fast: v2FastKind(ft, f.quoted), size: ft.Size()}
		vf.hops, vf.off = embedHops(t, f.index)
		switch ft.Kind() {
		case reflect.String, reflect.Map, reflect.Array, reflect.Slice, reflect.Pointer, reflect.Interface:
			vf.emptyKind = !hasMethods(ft)
		}
		list[i] = vf
	}
	table := newNameTable(names)
	var fb *v2Fallback
	if fallback != nil {
		fb = newV2Fallback(t, fallback, list)
	}
	return func(e *EncodeState, base rawfield.Pointer) error {
		e.put('{')
		e.depth++
		var written []bool // which fields were written, where a fallback checks for duplicates
		if fb != nil && !e.v2.AllowDuplicates {
			written = make([]bool, len(list))
		}
		names := table.built(e.pol.id)
		if names == nil {
			names = table.build(e.pol)
		}
		o := e.v2
		inline := o.Funcs == nil // plain scalars may be written here
		sep := 1
		for i := range list {
			f := &list[i]
			p := base
			if f.hops != nil {
				if p = follow(p, f.hops); p == nil {
					continue
				}
			}
			p = rawfield.Add(p, f.off)
			if (f.omitZero || o.OmitZero) && f.zeroAt(p) {
				continue
			}
			if f.omitEmpty && (f.emptyKind || o.LegacyEmpty) && emptyAt(f.ftype, f.ftype.Kind(), p) {
				continue
			}
			mark := len(e.Buf)
			switch {
			case i >= len(names):
				e.quoteName(i, sep, table)
			case len(names[i])-sep <= 16:
				e.appendName(names[i][sep:])
			default:
				e.appendLongName(names[i][sep:])
			}
			at := len(e.Buf)
			if !inline || f.fast == fastNone || !e.v2Scalar1(f.fast, p, f.size, o.Stringify) {
				forced := e.forced
				if f.hops != nil {
					e.forced = false // reached through an embedded pointer
				}
				err := f.enc(e, p)
				e.forced = forced
				if err != nil {
					return within(err, f.name)
				}
			}
			if f.omitEmpty && !o.LegacyEmpty && emptyJSON(e.Buf[at:]) {
				e.Buf = e.Buf[:mark]
				continue
			}
			if written != nil {
				written[i] = true
			}
			sep = 0
			e.maybeFlush()
		}
		if fb != nil {
			if err := fb.write(e, base, sep == 0, written); err != nil {
				return err
			}
		}
		e.depth--
		e.put('}')
		return nil
	}
}

// emptyJSON reports whether b is a JSON value omitempty leaves out: null, "", {} or [].
func emptyJSON(b []byte) bool {
	switch string(b) {
	case "null", `""`, "{}", "[]":
		return true
	}
	return false
}

// newV2ListEncoder encodes a slice or an array: elements of an unnamed byte type as base64 (a nil
// slice as null under FormatNilSliceAsNull, an array as an array of numbers under
// FormatByteArrayAsArray), others as an array (a nil slice as [] or, under FormatNilSliceAsNull,
// null).
func newV2ListEncoder(t reflect.Type) encoderFunc {
	slice := t.Kind() == reflect.Slice
	bytes := t.Elem().Kind() == reflect.Uint8 && t.Elem().PkgPath() == ""
	// Under FormatBytesWithLegacySemantics, elements of a named byte type count as bytes too,
	// unless they have marshal methods.
	legacyBytes := t.Elem().Kind() == reflect.Uint8 && t.Elem().PkgPath() != "" && !hasMarshalMethods(t.Elem())
	el, size := v2Encoder(t.Elem(), false), t.Elem().Size()
	fast := v2FastKind(t.Elem(), false)
	n := 0
	if !slice {
		n = t.Len()
	}
	return func(e *EncodeState, p rawfield.Pointer) error {
		data := p
		if slice {
			data, n = rawfield.Slice(p)
			if data == nil && e.v2.NilSliceAsNull {
				e.puts("null")
				return nil
			}
		}
		if (bytes || legacyBytes && e.v2.LegacyBytes) && (slice || !e.v2.ByteArrays) {
			e.appendBase64(rawfield.ByteView(data, n))
			return nil
		}
		if slice && e.depth >= startCycleCheck {
			id := seenID{t, rawfield.Uintptr(data), n}
			if !e.visit(id) {
				return e.v2Fail(t, ErrCycle)
			}
			defer delete(e.ptrSeen, id)
		}
		e.put('[')
		e.depth++
		forced := e.forced
		if slice {
			e.forced = false // a slice's elements are addressable; an array's are as it is
		}
		for i := range n {
			if i > 0 {
				e.put(',')
			}
			q := rawfield.Add(data, uintptr(i)*size)
			if fast == fastNone || !e.v2Inline(fast, q, size) {
				if err := el(e, q); err != nil {
					return within(err, strconv.Itoa(i))
				}
			}
			e.maybeFlush()
		}
		e.forced = forced
		e.depth--
		e.put(']')
		return nil
	}
}

// newV2MapEncoder encodes a map as an object, nil as {} (or null under FormatNilMapAsNull). Each
// key is written by its type's encoder as a member name (numbers in strings); a key that is not
// written as a string is an error. Members go in the map's order, or sorted by name under
// Deterministic.
func newV2MapEncoder(t reflect.Type) encoderFunc {
	kt, vt := t.Key(), t.Elem()
	kenc, venc := v2Encoder(kt, false), v2Encoder(vt, false)
	plainKeys := kt.Kind() == reflect.String && !hasMethods(kt)
	scratch := &sync.Pool{New: func() any {
		return &mapScratch{key: reflect.New(kt).Elem(), vals: reflect.New(vt).Elem()}
	}}
	return func(e *EncodeState, p rawfield.Pointer) error {
		if rawfield.Deref(p) == nil && e.v2.NilMapAsNull {
			e.puts("null")
			return nil
		}
		if t == anyMapType && !e.v2.Deterministic && e.v2.Funcs == nil && e.depth < startCycleCheck {
			// NOTE: without reflect.NewAt's look-up of the pointer type for every map.
			if m := *rawfield.As[map[string]any](p); len(m) > 0 {
				return e.v2AnyMap(m)
			}
			e.puts("{}")
			return nil
		}
		v := rawfield.Value(t, p)
		if v.Len() == 0 {
			e.puts("{}")
			return nil
		}
		if e.depth >= startCycleCheck {
			id := seenID{t, v.Pointer(), 0}
			if !e.visit(id) {
				return e.v2Fail(t, ErrCycle)
			}
			defer delete(e.ptrSeen, id)
		}
		sc := scratch.Get().(*mapScratch)
		defer func() { sc.key.SetZero(); sc.vals.SetZero(); scratch.Put(sc) }()
		key, val := sc.key, sc.vals
		kp, vp := rawfield.Addr(key), rawfield.Addr(val)
		e.put('{')
		e.depth++
		forced := e.forced
		e.forced = true // a map's values are copied to be addressable
		if e.v2.Deterministic {
			if err := e.v2SortedMembers(v, kt, plainKeys, kenc, venc); err != nil {
				return err
			}
		} else {
			var it reflect.MapIter
			first := true
			for it.Reset(v); it.Next(); {
				key.SetIterKey(&it)
				val.SetIterValue(&it)
				if !first {
					e.put(',')
				}
				first = false
				if _, err := e.v2Name(kt, kp, plainKeys, kenc, false); err != nil {
					return err
				}
				if err := venc(e, vp); err != nil {
					name, _ := e.v2Name(kt, kp, plainKeys, kenc, true) // for the error's pointer
					return within(err, name)
				}
				e.maybeFlush()
			}
		}
		e.forced = forced
		e.depth--
		e.put('}')
		return nil
	}
}

// v2AnyMap writes a non-empty map[string]any, as a decoded document holds them, in the map's
// order with Go's own iteration: each value goes through a box of the current depth (boxes), so
// that its address stays still without an allocation.
//
// NOTE: through reflect's MapIter (SetIterKey, SetIterValue) a third of Marshal's time went to
// iterating the maps of a document decoded into any.
func (e *EncodeState) v2AnyMap(m map[string]any) error {
	e.put('{')
	e.depth++
	var box *any
	first := true
	for k, v := range m {
		if !first {
			e.put(',')
		}
		first = false
		if err := e.quoteV2(k, stringType); err != nil {
			return err
		}
		e.put(':')
		if e.v2Scalar(v) {
			continue
		}
		if box == nil {
			box = e.box()
		}
		*box = v
		err := e.v2Held(anyType, rawfield.Of(box))
		*box = nil
		if err != nil {
			return within(err, k)
		}
		e.maybeFlush()
	}
	e.depth--
	e.put('}')
	return nil
}

// v2Scalar writes x if it is a string, a finite float64, a bool or nil, where nothing changes
// how those are written (no marshal functions, no StringifyNumbers, not a member name), and
// reports whether it did. Invalid UTF-8 is left to the encoder, for its error.
func (e *EncodeState) v2Scalar(x any) bool {
	switch x := x.(type) {
	case nil:
		e.puts("null")
	case string:
		if e.dst != nil && len(x) > e.chunk {
			return false // quoteV2 streams it
		}
		b, err := e.esc.AppendQuote(e.Buf, x)
		if err != nil {
			return false
		}
		e.took(b)
	case float64:
		if !finite(x) || e.v2.Stringify || e.inName {
			return false
		}
		e.appendFloat64(x)
	case bool:
		if e.inName {
			return false
		}
		e.appendBool(x)
	default:
		return false
	}
	return true
}

var anyType = reflect.TypeFor[any]()

// box returns the interface box of the current depth (see v2AnyMap), made on first use.
func (e *EncodeState) box() *any {
	for len(e.boxes) <= e.depth {
		e.boxes = append(e.boxes, new(any))
	}
	return e.boxes[e.depth]
}

// v2Name writes the member name of the key of type kt at kp, with the colon after it; with
// want, it returns the name unquoted instead, and writes nothing.
func (e *EncodeState) v2Name(kt reflect.Type, kp rawfield.Pointer, plain bool, kenc encoderFunc, want bool) (string, error) {
	if plain && e.v2.Funcs == nil {
		s := rawfield.String(kp, 0)
		if want {
			return s, nil
		}
		if err := e.quoteV2(s, kt); err != nil {
			return "", err
		}
		e.put(':')
		return "", nil
	}
	at := len(e.Buf)
	forced := e.forced
	e.inName, e.forced = true, true // a map key is copied to be addressable
	err := kenc(e, kp)
	e.inName, e.forced = false, forced
	if err != nil {
		return "", err
	}
	if len(e.Buf) == at || e.Buf[at] != '"' {
		e.Buf = e.Buf[:at]
		if e.v2.LegacyMethods && kt.Kind() == reflect.Pointer && rawfield.Deref(kp) == nil &&
			(kt.Implements(textMarshalerType) || kt.Implements(textAppenderType)) {
			// CallMethodsWithLegacySemantics: a nil pointer with a text method is the name "",
			// as encoding/json (v1) writes it.
			if want {
				return "", nil
			}
			e.puts(`"":`)
			return "", nil
		}
		ve := e.v2Fail(kt, jsonread.ErrNonStringName)
		ve.Syntactic, ve.Wrapped = true, true
		return "", ve
	}
	if want {
		name, _ := stream.AppendUnquote(nil, e.Buf[at:])
		e.Buf = e.Buf[:at]
		return string(name), nil
	}
	e.put(':')
	return "", nil
}

// v2SortedMembers writes the members of map v sorted by name (Deterministic).
func (e *EncodeState) v2SortedMembers(v reflect.Value, kt reflect.Type, plain bool, kenc, venc encoderFunc) error {
	type member struct {
		name string
		raw  []byte // the name as written, with the colon
		val  reflect.Value
	}
	members := make([]member, 0, v.Len())
	vals := reflect.MakeSlice(reflect.SliceOf(v.Type().Elem()), v.Len(), v.Len())
	key := reflect.New(kt).Elem()
	kp := rawfield.Addr(key)
	var it reflect.MapIter
	i := 0
	for it.Reset(v); it.Next(); i++ {
		key.SetIterKey(&it)
		val := vals.Index(i)
		val.SetIterValue(&it)
		name, err := e.v2Name(kt, kp, plain, kenc, true)
		if err != nil {
			return err
		}
		at := len(e.Buf)
		if _, err := e.v2Name(kt, kp, plain, kenc, false); err != nil {
			return err
		}
		members = append(members, member{name, slices.Clone(e.Buf[at:]), val})
		e.Buf = e.Buf[:at]
	}
	slices.SortFunc(members, func(a, b member) int { return strings.Compare(a.name, b.name) })
	for i, m := range members {
		if i > 0 {
			e.put(',')
		}
		e.Buf = append(e.Buf, m.raw...)
		if err := venc(e, rawfield.Addr(m.val)); err != nil {
			return within(err, m.name)
		}
		e.maybeFlush()
	}
	return nil
}
