package stride

import (
	"encoding"
	"reflect"
	"strings"
	"sync"

	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// A decodeState is one Unmarshal or Decode call: the cursor over the input, the options, the first
// error that lets decoding carry on (encoding/json's rule: a value of the wrong type is recorded
// and skipped), and the struct field path that error messages report.
type decodeState struct {
	r               *jsonread.Cursor
	data            []byte   // the input r reads, for error offsets
	stream          *Decoder // the Decoder whose value r reads in stream mode, or nil
	useNumber       bool
	disallowUnknown bool
	caseSensitive   bool // UnmarshalOptions; so is rejectDups
	rejectDups      bool
	saved           error

	// check holds the checks of UnmarshalOptions beyond the grammar (depth, strict strings,
	// duplicate names), or is nil; checkFailed is set when the input broke one of them.
	check       *stream.ReaderOptions
	checkFailed bool

	errStruct reflect.Type    // the struct whose member is being decoded, or nil
	errFields []*fieldDecoder // the members on the path to it; see withContext

	following []followed // the interfaces decoded through, innermost last; see followIface
}

// A decoderFunc decodes the next value of d.r into the value of its type at p, which is settable
// (reached from Unmarshal's pointer through exported members, elements and pointers; see
// decode_addr.go). It returns only the errors that end decoding (a failing UnmarshalJSON or
// UnmarshalText); the rest are saved in d.saved.
type decoderFunc func(d *decodeState, p rawfield.Pointer) error

// kind reports the kind of the next value (see jsonread.Kind).
func (d *decodeState) kind() stream.Kind { return stream.Kind(d.r.Kind()) }

// save records err if it is the first, with the field path for an *UnmarshalTypeError.
func (d *decodeState) save(err error) {
	if d.saved == nil {
		d.saved = d.withContext(err)
		if v2Based && d.stream != nil && !d.stream.st.captured {
			d.stream.captureError(d.r) // see decoder_stream_v2.go
		}
	}
}

// ended returns err, an error that ends decoding; on a v2-based build, whose encoding/json goes
// on after every error (a failing UnmarshalJSON too) and reports the first, it saves err and
// returns nil, the value having been read.
func (d *decodeState) ended(err error) error {
	if v2Based && err != nil {
		d.save(err)
		return nil
	}
	return err
}

func (d *decodeState) withContext(err error) error {
	if te, ok := err.(*UnmarshalTypeError); ok && (d.errStruct != nil || len(d.errFields) > 0) {
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

// typeError saves an *UnmarshalTypeError for a JSON value of kind what ("number", "string", ...)
// found where a t was wanted.
func (d *decodeState) typeError(what string, t reflect.Type) {
	d.save(&UnmarshalTypeError{Value: what, Type: t, Offset: d.r.InputOffset()})
}

// mismatch skips the next value, reporting it as the wrong kind for t.
func (d *decodeState) mismatch(t reflect.Type) {
	k := d.kind()
	off := d.r.InputOffset() + 1
	at := d.r.Base + d.r.Pos
	if v2Based && d.saved == nil && d.stream != nil {
		d.stream.st.errName = append(d.stream.st.errName[:0], d.r.Name...)
	}
	d.r.SkipValue()
	if k != stream.KindArray && k != stream.KindObject {
		off = d.r.InputOffset()
	}
	if v2Based && d.saved == nil && d.stream != nil {
		d.stream.captureMismatch(d.r, k, at) // see decoder_stream_v2.go
	}
	d.save(&UnmarshalTypeError{Value: k.String(), Type: t, Offset: off})
}

var decoders sync.Map // reflect.Type to decoderFunc; see cached

func typeDecoder(t reflect.Type) decoderFunc {
	return cached(&decoders, t, func() decoderFunc { return newDecoder(t) },
		func(wg *sync.WaitGroup, f *decoderFunc) decoderFunc {
			return func(d *decodeState, p rawfield.Pointer) error { wg.Wait(); return (*f)(d, p) }
		})
}

// newDecoder builds the decoder for t. The order of the checks is encoding/json's: methods on the
// address of a named type first (UnmarshalJSON, then UnmarshalText except for null), then by kind.
func newDecoder(t reflect.Type) decoderFunc {
	if t.Kind() != reflect.Pointer && t.Name() != "" {
		pt := reflect.PointerTo(t)
		if v2Based && implementsUnmarshalerFrom(pt) {
			return func(d *decodeState, p rawfield.Pointer) error {
				return d.ended(stdUnmarshal(d.r.Raw(), reflect.NewAt(t, p).Interface()))
			}
		}
		if pt.Implements(unmarshalerType) {
			return func(d *decodeState, p rawfield.Pointer) error {
				return callUnmarshaler(d, reflect.NewAt(t, p).Interface().(Unmarshaler))
			}
		}
		if pt.Implements(textUnmarshalerType) {
			byKind := newKindDecoder(t)
			return func(d *decodeState, p rawfield.Pointer) error {
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
			return func(d *decodeState, _ rawfield.Pointer) error {
				d.mismatch(t)
				return nil
			}
		}
	}
	return scalarDecoder(t)
}

// callUnmarshaler hands the next value, as it is in the input, to UnmarshalJSON.
func callUnmarshaler(d *decodeState, u Unmarshaler) error {
	return d.ended(u.UnmarshalJSON(d.r.Raw()))
}

// callTextUnmarshaler hands a string's value to UnmarshalText; other kinds (but null, which the
// caller handles) are type errors for t.
func callTextUnmarshaler(d *decodeState, u encoding.TextUnmarshaler, t reflect.Type) error {
	if d.kind() != stream.KindString {
		d.mismatch(t)
		return nil
	}
	return d.ended(u.UnmarshalText(d.r.StringBytes()))
}

// newIfaceDecoder decodes into an interface. One that holds a non-nil pointer decodes into what
// the pointer points to (for null, only when that is a pointer too); an empty interface otherwise
// gets a new value (map[string]any, []any, float64 or Number, string, bool, nil); an interface with
// methods can only take null.
func newIfaceDecoder(t reflect.Type) decoderFunc {
	if t.NumMethod() == 0 {
		return func(d *decodeState, p rawfield.Pointer) error {
			null := d.kind() == stream.KindNull
			if x := rawfield.Any(p); x != nil {
				if e := reflect.ValueOf(x); e.Kind() == reflect.Pointer && !e.IsNil() && (!null || e.Elem().Kind() == reflect.Pointer) {
					if followed, err := d.followIface(p, e); followed {
						return err
					}
				}
			}
			if null {
				d.r.Null()
				rawfield.SetAny(p, nil)
				return nil
			}
			if x, ok := d.anyValue(); ok {
				rawfield.SetAny(p, x)
			}
			return nil
		}
	}
	return func(d *decodeState, p rawfield.Pointer) error {
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
			d.r.Null()
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
func (d *decodeState) followIface(p rawfield.Pointer, e reflect.Value) (bool, error) {
	at := followed{rawfield.Uintptr(p), d.r.InputOffset()}
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
