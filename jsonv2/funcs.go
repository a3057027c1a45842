package json

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/jsontext"
)

// Marshalers are functions that write values of given types in place of the default encoding,
// made by MarshalFunc and MarshalToFunc, joined by JoinMarshalers, and passed with
// WithMarshalers. For a value, the first function whose type it fits is called; a
// MarshalToFunc function may return errors.ErrUnsupported, having written nothing, to hand the
// value on to the next one, and in the end to its default encoding.
type Marshalers struct {
	_     [0]func()
	funcs []marshalFunc
	cache sync.Map // reflect.Type to func(dst []byte, addr reflect.Value) ([]byte, error), or nil
}

type marshalFunc struct {
	typ     reflect.Type
	call    func(dst []byte, v reflect.Value, opts *jsonopts.Struct) ([]byte, error)
	maySkip bool // it may return errors.ErrUnsupported
}

var (
	errNonSingularValue    = errors.New("must read or write exactly one value")
	errUnsupportedMutation = errors.New("unsupported calls must not read or write any tokens")
)

// JoinMarshalers returns the functions of ms in order, as one set; nil sets are skipped.
func JoinMarshalers(ms ...*Marshalers) *Marshalers {
	var j Marshalers
	for _, m := range ms {
		if m != nil {
			j.funcs = append(j.funcs, m.funcs...)
		}
	}
	if len(j.funcs) == 0 {
		return nil
	}
	return &j
}

// WithMarshalers makes Marshal call the functions of m for values of their types.
func WithMarshalers(m *Marshalers) Options {
	if m == nil {
		return jsonopts.Marshalers{}
	}
	return jsonopts.Marshalers{Funcs: m}
}

// MarshalFunc returns fn as a Marshalers: fn returns the JSON value for a value of type T, which
// is checked and written as jsontext's Encoder.WriteValue does. T is an interface type (fn is
// called for values whose pointer implements it, with that pointer), an unnamed pointer type
// (called with the value's address) or another type (called with the value).
func MarshalFunc[T any](fn func(T) ([]byte, error)) *Marshalers {
	t := reflect.TypeFor[T]()
	mustFit(t)
	return &Marshalers{funcs: []marshalFunc{{typ: t, call: func(dst []byte, v reflect.Value, opts *jsonopts.Struct) ([]byte, error) {
		val, err := fn(castTo[T](v, t))
		if err != nil {
			if errors.Is(err, errors.ErrUnsupported) {
				err = errors.New("marshal function of type func(T) ([]byte, error) may not return errors.ErrUnsupported")
			}
			return dst, &codec.FuncError{GoType: t, Err: err}
		}
		out, err := rawValue(dst, val, opts)
		if err != nil {
			return dst, &codec.FuncError{GoType: t, Err: err}
		}
		return out, nil
	}}}}
}

// MarshalToFunc returns fn as a Marshalers: fn writes exactly one JSON value for a value of type
// T to the Encoder, or returns errors.ErrUnsupported having written nothing. T is as for
// MarshalFunc.
func MarshalToFunc[T any](fn func(*jsontext.Encoder, T) error) *Marshalers {
	t := reflect.TypeFor[T]()
	mustFit(t)
	return &Marshalers{funcs: []marshalFunc{{typ: t, maySkip: true, call: func(dst []byte, v reflect.Value, opts *jsonopts.Struct) ([]byte, error) {
		var buf bytes.Buffer
		enc := jsontext.NewEncoder(&buf, opts, jsontext.Multiline(false), jsontext.SpaceAfterColon(false), jsontext.SpaceAfterComma(false))
		err := fn(enc, castTo[T](v, t))
		wrote := enc.OutputOffset() > 0 || enc.StackDepth() > 0
		values := bytes.Count(buf.Bytes(), []byte{'\n'})
		switch {
		case errors.Is(err, errors.ErrUnsupported) && !wrote:
			return dst, err
		case errors.Is(err, errors.ErrUnsupported):
			err = errUnsupportedMutation
		case err == nil && (enc.StackDepth() > 0 || values != 1):
			err = errNonSingularValue
		case err == nil:
			return append(dst, bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})...), nil
		}
		// What it wrote stays in the output, as it would in the standard package's Encoder.
		out := append(dst, bytes.ReplaceAll(buf.Bytes(), []byte{'\n'}, nil)...)
		return out, &codec.FuncError{GoType: t, Err: err, Partial: enc.StackDepth() > 0 || values > 1}
	}}}}
}

// mustFit panics unless a function of type t may be given values: t is an interface type, an
// unnamed pointer type, or not a pointer type.
func mustFit(t reflect.Type) {
	if t.Kind() == reflect.Pointer && t.Name() != "" {
		panic(fmt.Sprintf("input type %v must be an interface type, an unnamed pointer type, or a non-pointer type", t))
	}
}

// fits reports whether a value of type from is given to a function of type to.
func fits(from, to reflect.Type) bool {
	switch to.Kind() {
	case reflect.Interface:
		return reflect.PointerTo(from).Implements(to)
	case reflect.Pointer:
		return reflect.PointerTo(from) == to
	}
	return from == to
}

// castTo is the value at addr (a pointer) as a function of type t takes it.
func castTo[T any](addr reflect.Value, t reflect.Type) T {
	var v reflect.Value
	switch t.Kind() {
	case reflect.Interface:
		v = addr.Convert(t)
	case reflect.Pointer:
		v = addr
	default:
		v = addr.Elem()
	}
	x, _ := reflect.TypeAssert[T](v)
	return x
}

// lookup returns the function Marshal calls for values of type t, or nil: the functions that fit
// t, in order up to the first that may not skip, tried in turn.
func (m *Marshalers) lookup(t reflect.Type, opts *jsonopts.Struct) func(dst []byte, addr reflect.Value) ([]byte, error) {
	var fns []marshalFunc
	if f, ok := m.cache.Load(t); ok {
		fns = f.([]marshalFunc)
	} else {
		for _, f := range m.funcs {
			if fits(t, f.typ) {
				fns = append(fns, f)
				if !f.maySkip {
					break
				}
			}
		}
		m.cache.Store(t, fns)
	}
	if len(fns) == 0 {
		return nil
	}
	return func(dst []byte, addr reflect.Value) ([]byte, error) {
		for _, f := range fns {
			out, err := f.call(dst, addr, opts)
			if !errors.Is(err, errors.ErrUnsupported) {
				return out, err
			}
		}
		return dst, errors.ErrUnsupported
	}
}

// Unmarshalers are functions that decode values of given types in place of the default
// decoding, made by UnmarshalFunc and UnmarshalFromFunc, joined by JoinUnmarshalers, and passed
// with WithUnmarshalers. For a value, the first function whose type it fits is called; an
// UnmarshalFromFunc function may return errors.ErrUnsupported, having read nothing, to hand the
// value on to the next one, and in the end to its default decoding.
type Unmarshalers struct {
	_     [0]func()
	funcs []unmarshalFunc
	cache sync.Map // reflect.Type to []unmarshalFunc
}

type unmarshalFunc struct {
	typ     reflect.Type
	call    func(raw []byte, addr reflect.Value, opts *jsonopts.Struct) error
	maySkip bool
}

// JoinUnmarshalers returns the functions of us in order, as one set; nil sets are skipped.
func JoinUnmarshalers(us ...*Unmarshalers) *Unmarshalers {
	var j Unmarshalers
	for _, u := range us {
		if u != nil {
			j.funcs = append(j.funcs, u.funcs...)
		}
	}
	if len(j.funcs) == 0 {
		return nil
	}
	return &j
}

// WithUnmarshalers makes Unmarshal call the functions of u for values of their types.
func WithUnmarshalers(u *Unmarshalers) Options {
	if u == nil {
		return jsonopts.Unmarshalers{}
	}
	return jsonopts.Unmarshalers{Funcs: u}
}

// UnmarshalFunc returns fn as an Unmarshalers: fn decodes the JSON value it is given into a
// value of type T, an interface type (called with a pointer to the value, which implements it)
// or an unnamed pointer type (called with the value's address).
func UnmarshalFunc[T any](fn func([]byte, T) error) *Unmarshalers {
	t := reflect.TypeFor[T]()
	mustFitPointer(t)
	return &Unmarshalers{funcs: []unmarshalFunc{{typ: t, call: func(raw []byte, v reflect.Value, _ *jsonopts.Struct) error {
		if err := fn(raw, castTo[T](v, t)); err != nil {
			if errors.Is(err, errors.ErrUnsupported) {
				err = errors.New("unmarshal function of type func([]byte, T) error may not return errors.ErrUnsupported")
			}
			return &codec.FuncError{GoType: t, Err: err}
		}
		return nil
	}}}}
}

// UnmarshalFromFunc returns fn as an Unmarshalers: fn reads exactly one JSON value from the
// Decoder into a value of type T (as for UnmarshalFunc), or returns errors.ErrUnsupported having
// read nothing.
func UnmarshalFromFunc[T any](fn func(*jsontext.Decoder, T) error) *Unmarshalers {
	t := reflect.TypeFor[T]()
	mustFitPointer(t)
	return &Unmarshalers{funcs: []unmarshalFunc{{typ: t, maySkip: true, call: func(raw []byte, v reflect.Value, opts *jsonopts.Struct) error {
		return fromDecoder(raw, opts, t, func(dec *jsontext.Decoder) error { return fn(dec, castTo[T](v, t)) })
	}}}}
}

// fromDecoder calls read with a Decoder over raw, one JSON value, which it must read whole
// (errors.ErrUnsupported, having read nothing, passes through); a failure is a FuncError of
// type t.
func fromDecoder(raw []byte, opts *jsonopts.Struct, t reflect.Type, read func(*jsontext.Decoder) error) error {
	dec := jsontext.NewDecoder(bytes.NewReader(raw), opts)
	err := read(dec)
	readAny := dec.InputOffset() > 0
	switch {
	case errors.Is(err, errors.ErrUnsupported) && !readAny:
		return err
	case errors.Is(err, errors.ErrUnsupported):
		err = errUnsupportedMutation
	case err == nil && (dec.StackDepth() > 0 || !readAny):
		err = errNonSingularValue
	}
	if err != nil {
		return &codec.FuncError{GoType: t, Err: err, Partial: true}
	}
	return nil
}

// mustFitPointer panics unless a function of type t may be given values to decode into: t is
// an interface type or an unnamed pointer type.
func mustFitPointer(t reflect.Type) {
	if t.Kind() != reflect.Interface && !(t.Kind() == reflect.Pointer && t.Name() == "") {
		panic(fmt.Sprintf("input type %v must be an interface type or an unnamed pointer type", t))
	}
}

// lookup returns the function Unmarshal calls for values of type t, or nil: the functions that
// fit t, in order up to the first that may not skip, tried in turn.
func (u *Unmarshalers) lookup(t reflect.Type, opts *jsonopts.Struct) func(raw []byte, addr reflect.Value) error {
	var fns []unmarshalFunc
	if f, ok := u.cache.Load(t); ok {
		fns = f.([]unmarshalFunc)
	} else {
		for _, f := range u.funcs {
			if fits(t, f.typ) {
				fns = append(fns, f)
				if !f.maySkip {
					break
				}
			}
		}
		u.cache.Store(t, fns)
	}
	if len(fns) == 0 {
		return nil
	}
	return func(raw []byte, addr reflect.Value) error {
		for _, f := range fns {
			if err := f.call(raw, addr, opts); !errors.Is(err, errors.ErrUnsupported) {
				return err
			}
		}
		return errors.ErrUnsupported
	}
}
