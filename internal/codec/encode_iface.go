package codec

import (
	"encoding"
	"encoding/json"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/stridejson/stride/internal/jsonfmt"
	"github.com/stridejson/stride/internal/rawfield"
)

// anyEncoder encodes the value an empty interface at p holds, nil as null.
func anyEncoder(e *EncodeState, p rawfield.Pointer) error {
	x := rawfield.Any(p)
	// NOTE: the values of a decoded document (float64, string, bool) are most elements of []any
	// and map[string]any; their exact types skip the encoder cache, whose lookup hashes the type
	// and took a third of Marshal of a GeoJSON document decoded into any.
	switch x := x.(type) {
	case nil:
		e.puts("null")
		return nil
	case string:
		e.quote(x)
		return nil
	case float64:
		if !finite(x) {
			return floatError(x, 64)
		}
		e.appendFloat64(x)
		return nil
	case bool:
		e.appendBool(x)
		return nil
	case []any: // GeoJSON's points, decoded into any, are an []any each
		return knownEncoder(&anySliceEncoder, anySliceType)(e, rawfield.IfaceData(p, false))
	case map[string]any:
		return knownEncoder(&anyMapEncoder, anyMapType)(e, rawfield.IfaceData(p, true))
	}
	return encodeHeld(e, p, reflect.TypeOf(x))
}

// ifaceEncoder encodes the value an interface of type t, which has methods, holds; nil as null.
func ifaceEncoder(t reflect.Type) encoderFunc {
	return func(e *EncodeState, p rawfield.Pointer) error {
		v := rawfield.Value(t, p)
		if v.IsNil() {
			e.puts("null")
			return nil
		}
		return encodeHeld(e, p, v.Elem().Type())
	}
}

// encodeHeld encodes the value of type t that the interface at p holds, in place (it is not
// addressable: its pointer methods are not used).
func encodeHeld(e *EncodeState, p rawfield.Pointer, t reflect.Type) error {
	h := heldEncoder(t)
	return h.enc(e, rawfield.IfaceData(p, h.direct))
}

// A held is the encoder of values of one type held by interfaces, and where they hold them.
type held struct {
	enc    encoderFunc
	direct bool // in the data word itself (rawfield.DirectIface)
}

// helds caches a *held per reflect.Type.
var helds sync.Map

func heldEncoder(t reflect.Type) *held {
	if h, ok := helds.Load(t); ok {
		return h.(*held)
	}
	h, _ := helds.LoadOrStore(t, &held{typeEncoder(t, false), rawfield.DirectIface(t)})
	return h.(*held)
}

var (
	anySliceType = reflect.TypeFor[[]any]()
	anyMapType   = reflect.TypeFor[map[string]any]()

	anySliceEncoder, anyMapEncoder atomic.Pointer[encoderFunc]
)

// knownEncoder returns typeEncoder(t, true), kept in *p after the first call.
func knownEncoder(p *atomic.Pointer[encoderFunc], t reflect.Type) encoderFunc {
	if f := p.Load(); f != nil {
		return *f
	}
	f := typeEncoder(t, true)
	p.Store(&f)
	return f
}

// newPtrEncoder encodes what a pointer points to, nil as null; the pointer takes part in the cycle
// check. quoted passes the `string` option through to the element, as encoding/json does for a
// field of type *int.
func newPtrEncoder(t reflect.Type, quoted bool) encoderFunc {
	el := newElemAt(t.Elem(), quoted, true)
	return func(e *EncodeState, p rawfield.Pointer) error {
		q := rawfield.Deref(p)
		if q == nil {
			e.puts("null")
			return nil
		}
		var id any
		if e.ptrLevel >= startCycleCheck {
			id = rawfield.Value(t, p).Interface() // the pointer, as a comparable value
		}
		if !e.enter(id) {
			return cycleError(rawfield.Value(t, p))
		}
		err := el.write(e, q)
		e.leave(id)
		return err
	}
}

// marshalerEncoder calls MarshalJSON on the value of type t at p, which has it (a nil pointer or
// nil interface is null), and appends the result compacted and escaped as the state escapes
// strings.
func marshalerEncoder(t reflect.Type) encoderFunc {
	return func(e *EncodeState, p rawfield.Pointer) error {
		x, ok := receiver(t, p)
		if !ok {
			e.puts("null")
			return nil
		}
		return appendMarshaler(e, x.(json.Marshaler), t)
	}
}

// receiver returns the value of type t at p for a call of one of its methods, or false for a nil
// pointer or interface, which encoding/json writes as null instead.
func receiver(t reflect.Type, p rawfield.Pointer) (any, bool) {
	v := rawfield.Value(t, p)
	if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && v.IsNil() {
		return nil, false
	}
	return v.Interface(), true
}

func appendMarshaler(e *EncodeState, m json.Marshaler, t reflect.Type) error {
	b, err := m.MarshalJSON()
	if err == nil && !e.pol.preset {
		return e.appendEscapedJSON(b, t)
	}
	if err == nil {
		e.Buf, err = jsonfmt.AppendCompact(e.Buf, b, e.html, e.html || V2Based)
	}
	if err != nil {
		return marshalerError(t, err, false)
	}
	return nil
}

// A textMethod calls the text method of x, a value of type t, and returns the text, or the error
// encoding/json reports when the method fails: MarshalText, or (on a v2-based build, where it
// comes first) AppendText.
type textMethod func(x any, t reflect.Type) ([]byte, error)

func marshalText(x any, t reflect.Type) ([]byte, error) {
	b, err := x.(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return nil, sourcedError(t, failingText{err})
	}
	return b, nil
}

func appendTextMethod(x any, t reflect.Type) ([]byte, error) {
	b, err := x.(encoding.TextAppender).AppendText(nil)
	if err != nil {
		return nil, sourcedError(t, failingAppend{err})
	}
	return b, nil
}

// textEncoder calls the text method call on the value of type t at p and appends the text as a
// string literal (a nil pointer or nil interface is null).
func textEncoder(t reflect.Type, call textMethod) encoderFunc {
	return func(e *EncodeState, p rawfield.Pointer) error {
		x, ok := receiver(t, p)
		if !ok {
			e.puts("null")
			return nil
		}
		return appendText(e, x, t, call)
	}
}

func appendText(e *EncodeState, x any, t reflect.Type, call textMethod) error {
	b, err := call(x, t)
	if err != nil {
		return err
	}
	e.Buf, err = e.esc.AppendQuoteBytes(e.Buf, b)
	return err // only from a custom Escaper with RejectInvalidUTF8
}

// marshalerError returns the error encoding/json reports when a MarshalJSON (text false) or
// MarshalText (text true) method of type t fails with err.
func marshalerError(t reflect.Type, err error, text bool) error {
	if !text {
		return &json.MarshalerError{Type: t, Err: err}
	}
	return sourcedError(t, failingText{err})
}

// sourcedError is the *json.MarshalerError of type t whose method fails as failing's does. The
// method's name is unexported in json.MarshalerError; encoding/json fills it in when it marshals
// failing, and the error is then made to name t.
func sourcedError(t reflect.Type, failing any) error {
	_, e := json.Marshal(failing)
	if me, ok := e.(*json.MarshalerError); ok {
		me.Type = t
		return me
	}
	return e
}

type failingText struct{ err error }

func (f failingText) MarshalText() ([]byte, error) { return nil, f.err }

// failingAppend is failingText for AppendText, which only a v2-based encoding/json calls.
type failingAppend struct{ err error }

func (f failingAppend) AppendText([]byte) ([]byte, error) { return nil, f.err }
