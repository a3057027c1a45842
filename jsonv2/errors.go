package json

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/jsontext"
)

const errorPrefix = "json: "

// A SemanticError is an error in giving JSON data a meaning as Go data, or Go data as JSON: a Go
// type with no JSON form, a value out of range, a method that failed.
//
// If a Marshaler's or Unmarshaler's method returns a SemanticError, Marshal and Unmarshal fill
// in its ByteOffset, JSONPointer and GoType where they are zero.
type SemanticError struct {
	_ [0]func() // not comparable, and made with keyed fields

	action string // "marshal" or "unmarshal"

	// ByteOffset is the offset at or after which the error happened.
	ByteOffset int64
	// JSONPointer names the JSON value that holds the error (RFC 6901).
	JSONPointer jsontext.Pointer

	// JSONKind is the kind of JSON value that could not be handled, if known.
	JSONKind jsontext.Kind
	// JSONValue is the JSON number or string that could not be unmarshaled (not set when
	// marshaling).
	JSONValue jsontext.Value
	// GoType is the Go type that could not be handled, if known.
	GoType reflect.Type

	// Err is the error itself, if any.
	Err error
}

// Error describes the error as encoding/json/v2 does: what could not be done with which JSON
// kind and Go type, where, and why. Like it, it says "cannot" or "unable to", one of the two
// for the life of the process.
func (e *SemanticError) Error() string {
	var b strings.Builder
	b.WriteString(errorPrefix)
	b.WriteString(modalVerb())
	prep := " with"
	switch e.action {
	case "marshal":
		b.WriteString(" marshal")
		prep = " from"
	case "unmarshal":
		b.WriteString(" unmarshal")
		prep = " into"
	default:
		b.WriteString(" handle")
	}
	switch e.JSONKind {
	case 'n':
		b.WriteString(" JSON null")
	case 'f', 't':
		b.WriteString(" JSON boolean")
	case '"':
		b.WriteString(" JSON string")
	case '0':
		b.WriteString(" JSON number")
	case '{', '}':
		b.WriteString(" JSON object")
	case '[', ']':
		b.WriteString(" JSON array")
	default:
		if e.action == "" {
			prep = ""
		}
	}
	if n := len(e.JSONValue); n > 0 && n < 100 {
		b.WriteByte(' ')
		b.Write(e.JSONValue)
	}
	if e.GoType != nil {
		b.WriteString(prep)
		b.WriteString(" Go ")
		b.WriteString(typeString(e.GoType))
	}
	if e.Err == ErrUnknownName || e.Err == codec.ErrAmbiguousName {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
		b.WriteByte(' ')
		b.WriteString(strconv.Quote(e.JSONPointer.LastToken()))
		if parent := e.JSONPointer.Parent(); parent != "" {
			b.WriteString(" within ")
			b.WriteString(strconv.Quote(jsonread.ShortPointer(string(parent), 100)))
		}
		return b.String()
	}
	se, _ := e.Err.(*jsontext.SyntacticError)
	switch {
	case e.JSONPointer != "":
		if se == nil || !e.JSONPointer.Contains(se.JSONPointer) {
			b.WriteString(" within ")
			b.WriteString(strconv.Quote(jsonread.ShortPointer(string(e.JSONPointer), 100)))
		}
	case e.ByteOffset > 0:
		if se == nil || e.ByteOffset > se.ByteOffset {
			b.WriteString(" after offset ")
			b.WriteString(strconv.FormatInt(e.ByteOffset, 10))
		}
	}
	if e.Err != nil {
		s := e.Err.Error()
		if se != nil {
			s = strings.TrimPrefix(s, "jsontext: ")
		}
		b.WriteString(": ")
		b.WriteString(s)
	}
	return b.String()
}

// typeString names t in an error: its Go syntax, or for a type whose name runs past 100 bytes
// its kind (an unnamed struct with an unexported field: its package's name and "struct").
func typeString(t reflect.Type) string {
	s := t.String()
	if len(s) <= 100 {
		return s
	}
	s = t.Kind().String()
	if t.Kind() == reflect.Struct && t.Name() == "" {
		for i := range t.NumField() {
			if pkg := t.Field(i).PkgPath; pkg != "" {
				return pkg[strings.LastIndexByte(pkg, '/')+1:] + ".struct"
			}
		}
	}
	return s
}

// Unwrap returns e.Err.
func (e *SemanticError) Unwrap() error { return e.Err }

// marshalError turns an error of the encoders into the error Marshal reports, adding base to its
// offset and pointer (where the value began in an Encoder's output).
func marshalError(err error, baseOff int64, basePtr jsontext.Pointer) error {
	ve, ok := err.(*codec.V2Error)
	if !ok {
		if fe, ok := err.(*codec.FieldsError); ok {
			return &SemanticError{action: "marshal", ByteOffset: baseOff, JSONPointer: basePtr, GoType: fe.GoType, Err: fe.Err}
		}
		return err
	}
	off, ptr := baseOff+ve.Offset, basePtr+jsontext.Pointer(ve.Pointer())
	if ve.Syntactic {
		se := &jsontext.SyntacticError{ByteOffset: off, JSONPointer: ptr, Err: ve.Err}
		if ve.Bare {
			se = &jsontext.SyntacticError{Err: ve.Err}
		}
		if !ve.Wrapped {
			return se
		}
		return &SemanticError{action: "marshal", ByteOffset: off, JSONPointer: ptr, GoType: ve.GoType, Err: se}
	}
	cause := ve.Err
	if se, ok := cause.(*jsontext.SyntacticError); ok && ve.Relative {
		// An error in a method's output: where it is in the whole output.
		cause = &jsontext.SyntacticError{ByteOffset: off + se.ByteOffset, JSONPointer: ptr + se.JSONPointer, Err: se.Err}
	}
	if ve.Unmarshal {
		return &SemanticError{action: "unmarshal", ByteOffset: off, JSONPointer: ptr, GoType: ve.GoType, Err: cause,
			JSONKind: jsontext.Kind(ve.Kind), JSONValue: jsontext.Value(ve.Value)}
	}
	return &SemanticError{action: "marshal", ByteOffset: off, JSONPointer: ptr, GoType: ve.GoType, Err: cause}
}
