package codec

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// A DecodeState is one Unmarshal or Decode call: the cursor over the input, the options, the first
// error that lets decoding carry on (encoding/json's rule: a value of the wrong type is recorded
// and skipped), and the struct field path that error messages report.
type DecodeState struct {
	R               *jsonread.Cursor
	Data            []byte   // the input r reads, for error offsets
	Stream          Capturer // on a v2-based build, the Decoder's when r reads in stream mode, or nil
	UseNumber       bool
	DisallowUnknown bool
	CaseSensitive   bool // UnmarshalOptions; so is RejectDups
	RejectDups      bool
	Saved           error

	// Check holds the checks of UnmarshalOptions beyond the grammar (depth, strict strings,
	// duplicate names), or is nil; CheckFailed is set when the input broke one of them.
	Check       *stream.ReaderOptions
	CheckFailed bool

	errStruct reflect.Type    // the struct whose member is being decoded, or nil
	errFields []*fieldDecoder // the members on the path to it; see withContext

	following []followed // the interfaces decoded through, innermost last; see followIface
	errName   []byte     // the name of the member of the wrong kind mismatch skips, for stream

	slab slabs // the memory of the values decoded into any (decode_slab.go)
}

// A Capturer is told of the first error of a value that a Decoder reads in stream mode, on a
// v2-based build, while its buffer still holds where the error happened (the Decoder's
// streamState, in the root package).
type Capturer interface {
	// Captured reports whether the error being saved has been captured already.
	Captured() bool
	// CaptureError captures where c stands.
	CaptureError(c *jsonread.Cursor)
	// CaptureMismatch captures a value of kind k, which began at at and has been skipped as of
	// the wrong kind, the member named name of an object or an element of an array.
	CaptureMismatch(c *jsonread.Cursor, k stream.Kind, at int, name []byte)
}

// A decoderFunc decodes the next value of d.R into the value of its type at p, which is settable
// (reached from Unmarshal's pointer through exported members, elements and pointers; see
// decode_addr.go). It returns only the errors that end decoding (a failing UnmarshalJSON or
// UnmarshalText); the rest are saved in d.saved.
type decoderFunc func(d *DecodeState, p rawfield.Pointer) error

// kind reports the kind of the next value (see jsonread.Kind).
func (d *DecodeState) kind() stream.Kind { return stream.Kind(d.R.Kind()) }

// Clear forgets the errors of the last value, for the next.
func (d *DecodeState) Clear() { d.Saved, d.errStruct, d.errFields = nil, nil, d.errFields[:0] }

// save records err if it is the first, with the field path for a *json.UnmarshalTypeError.
func (d *DecodeState) save(err error) {
	if d.Saved == nil {
		d.Saved = d.withContext(err)
		if V2Based && d.Stream != nil && !d.Stream.Captured() {
			d.Stream.CaptureError(d.R)
		}
	}
}

// ended returns err, an error that ends decoding; on a v2-based build, whose encoding/json goes
// on after every error (a failing UnmarshalJSON too) and reports the first, it saves err and
// returns nil, the value having been read.
func (d *DecodeState) ended(err error) error {
	if V2Based && err != nil {
		d.save(err)
		return nil
	}
	return err
}

func (d *DecodeState) withContext(err error) error {
	if te, ok := err.(*json.UnmarshalTypeError); ok && (d.errStruct != nil || len(d.errFields) > 0) {
		te.Struct = d.errStruct.Name()
		var path []string
		for _, f := range d.errFields {
			path = append(path, f.path...)
		}
		if te.Field != "" {
			path = append(path, te.Field)
		}
		te.Field = strings.Join(path, ".")
	}
	return err
}

// typeError saves a *json.UnmarshalTypeError for a JSON value of kind what ("number", "string",
// ...) found where a t was wanted.
func (d *DecodeState) typeError(what string, t reflect.Type) {
	d.save(&json.UnmarshalTypeError{Value: what, Type: t, Offset: d.R.InputOffset()})
}

// mismatch skips the next value, reporting it as the wrong kind for t.
func (d *DecodeState) mismatch(t reflect.Type) {
	k := d.kind()
	off := d.R.InputOffset() + 1
	at := d.R.Base + d.R.Pos
	if V2Based && d.Saved == nil && d.Stream != nil {
		d.errName = append(d.errName[:0], d.R.Name...)
	}
	d.R.SkipValue()
	if k != stream.KindArray && k != stream.KindObject {
		off = d.R.InputOffset()
	}
	if V2Based && d.Saved == nil && d.Stream != nil {
		d.Stream.CaptureMismatch(d.R, k, at, d.errName)
	}
	d.save(&json.UnmarshalTypeError{Value: k.String(), Type: t, Offset: off})
}

var decoders sync.Map // reflect.Type to decoderFunc; see cached

func typeDecoder(t reflect.Type) decoderFunc {
	return cached(&decoders, t, func() decoderFunc { return newDecoder(t) },
		func(wg *sync.WaitGroup, f *decoderFunc) decoderFunc {
			return func(d *DecodeState, p rawfield.Pointer) error { wg.Wait(); return (*f)(d, p) }
		})
}

// newDecoder builds the decoder for t. The order of the checks is encoding/json's: methods on the
// address of a named type first (UnmarshalJSON, then UnmarshalText except for null), then by kind.
func newDecoder(t reflect.Type) decoderFunc {
	if V2Based && v2OnlyFields(t) {
		return stdDecoder(t)
	}
	if V2Based && t == timeType {
		// This encoding/json reads a time.Time as encoding/json/v2 does under the v1 options: the
		// string's value (escapes decoded, invalid UTF-8 as U+FFFD) to UnmarshalText, null
		// leaving it as it is, another kind the wrong kind (not UnmarshalJSON's error).
		return func(d *DecodeState, p rawfield.Pointer) error {
			switch d.kind() {
			case stream.KindNull:
				d.R.Null()
				return nil
			case stream.KindString:
				return callTextUnmarshaler(d, rawfield.As[time.Time](p), t)
			}
			d.mismatch(t)
			return nil
		}
	}
	return newMethodDecoder(t)
}

// stdDecoder leaves the values of type t to encoding/json (see v2OnlyFields), with the options
// of d it has (UseNumber, DisallowUnknownFields, CaseSensitive); the offset of its error counts
// from the start of the input.
func stdDecoder(t reflect.Type) decoderFunc {
	return func(d *DecodeState, p rawfield.Pointer) error {
		raw := d.R.Raw()
		err := d.stdDecode(raw, reflect.NewAt(t, p).Interface())
		if te, ok := err.(*json.UnmarshalTypeError); ok {
			te.Offset += d.R.InputOffset() - int64(len(raw))
		}
		return d.ended(err)
	}
}

// newMethodDecoder is newDecoder for the types it does not single out.
func newMethodDecoder(t reflect.Type) decoderFunc {
	if t.Kind() != reflect.Pointer && t.Name() != "" {
		pt := reflect.PointerTo(t)
		if V2Based && implementsUnmarshalerFrom(pt) {
			return func(d *DecodeState, p rawfield.Pointer) error {
				return d.ended(d.stdDecode(d.R.Raw(), reflect.NewAt(t, p).Interface()))
			}
		}
		if pt.Implements(unmarshalerType) {
			return func(d *DecodeState, p rawfield.Pointer) error {
				return callUnmarshaler(d, reflect.NewAt(t, p).Interface().(json.Unmarshaler))
			}
		}
		if pt.Implements(textUnmarshalerType) {
			byKind := newKindDecoder(t)
			return func(d *DecodeState, p rawfield.Pointer) error {
				if d.kind() == stream.KindNull {
					return byKind(d, p)
				}
				return callTextUnmarshaler(d, reflect.NewAt(t, p).Interface().(encoding.TextUnmarshaler), t)
			}
		}
	}
	return newKindDecoder(t)
}

func newKindDecoder(t reflect.Type) decoderFunc {
	switch t.Kind() {
	case reflect.Pointer:
		return newPtrDecoder(t)
	case reflect.Interface:
		return newIfaceDecoder(t)
	case reflect.Struct:
		return newStructDecoder(t)
	case reflect.Map:
		return newMapDecoder(t)
	case reflect.Slice:
		return newSliceDecoder(t)
	case reflect.Array:
		return newArrayDecoder(t)
	case reflect.Chan, reflect.Func, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
		if nullIntoUnsupportedFails {
			// Go 1.26's encoding/json/v2 (GOEXPERIMENT=jsonv2) fails even for null there.
			return func(d *DecodeState, _ rawfield.Pointer) error {
				d.mismatch(t)
				return nil
			}
		}
	}
	return scalarDecoder(t)
}

// callUnmarshaler hands the next value, as it is in the input, to UnmarshalJSON.
func callUnmarshaler(d *DecodeState, u json.Unmarshaler) error {
	return d.ended(u.UnmarshalJSON(d.R.Raw()))
}

// callTextUnmarshaler hands a string's value to UnmarshalText; other kinds (but null, which the
// caller handles) are type errors for t.
func callTextUnmarshaler(d *DecodeState, u encoding.TextUnmarshaler, t reflect.Type) error {
	if d.kind() != stream.KindString {
		d.mismatch(t)
		return nil
	}
	return d.ended(u.UnmarshalText(d.R.StringBytes()))
}

// newIfaceDecoder decodes into an interface. One that holds a non-nil pointer decodes into what the
// pointer points to (for null, only when that is a pointer too); an empty interface otherwise gets
// a new value (map[string]any, []any, float64 or json.Number, string, bool, nil); an interface with
// methods can only take null.
func newIfaceDecoder(t reflect.Type) decoderFunc {
	if t.NumMethod() == 0 {
		return func(d *DecodeState, p rawfield.Pointer) error {
			null := d.kind() == stream.KindNull
			if x := rawfield.Any(p); x != nil {
				if e := reflect.ValueOf(x); e.Kind() == reflect.Pointer && !e.IsNil() && (!null || e.Elem().Kind() == reflect.Pointer) {
					if followed, err := d.followIface(p, e); followed {
						return err
					}
				}
			}
			if null {
				d.R.Null()
				rawfield.SetAny(p, nil)
				return nil
			}
			if x, ok := d.anyValue(); ok {
				rawfield.SetAny(p, x)
			}
			return nil
		}
	}
	return func(d *DecodeState, p rawfield.Pointer) error {
		v := rawfield.Value(t, p)
		null := d.kind() == stream.KindNull
		if !v.IsNil() {
			if e := v.Elem(); e.Kind() == reflect.Pointer && !e.IsNil() && (!null || e.Elem().Kind() == reflect.Pointer) {
				if followed, err := d.followIface(p, e); followed {
					return err
				}
			}
		}
		if null {
			d.R.Null()
			v.SetZero()
			return nil
		}
		d.mismatch(t)
		return nil
	}
}

// A followed is an interface that ifaceDecoder decodes through: its address, and the input offset
// of the value.
type followed struct {
	addr uintptr
	off  int64
}

// followIface decodes the next value into what e, the pointer that the interface at p holds,
// points to, and reports true; unless that interface is being decoded through already for this
// same value, with no input read since: then pointers and interfaces lead from it back to it
// (`var v any; v = &v`), and it reports false, so that it gets a new value as if it held none.
// That is what encoding/json (Go 1.26) does for an interface holding a pointer to itself; for
// longer cycles, which it follows forever, the interface where the cycle closes gets the value.
// Go 1.27's encoding/json overflows the stack on both.
//
// NOTE: the interfaces followed for one value are the last entries of d.following, so a cycle
// costs a scan of them; a chain of n interfaces costs n²/2 comparisons, which only a Go value can
// ask for (input alone never makes an interface hold a pointer).
func (d *DecodeState) followIface(p rawfield.Pointer, e reflect.Value) (bool, error) {
	at := followed{rawfield.Uintptr(p), d.R.InputOffset()}
	for i := len(d.following) - 1; i >= 0 && d.following[i].off == at.off; i-- {
		if d.following[i] == at {
			return false, nil
		}
	}
	d.following = append(d.following, at)
	err := d.throughPointer(e)
	d.following = d.following[:len(d.following)-1]
	return true, err
}
