package codec

import (
	"encoding"
	"encoding/json"
	"reflect"
)

// The types and kinds that the encoders and the decoders both look for.

var (
	numberType          = reflect.TypeFor[json.Number]()
	marshalerType       = reflect.TypeFor[json.Marshaler]()
	textMarshalerType   = reflect.TypeFor[interface{ MarshalText() ([]byte, error) }]()
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// A fastKind names a plain scalar type (no marshal methods on it or its pointer, not json.Number,
// no `string` option) that the struct and array loops encode and decode inline, without a call
// through a codec function; fastNone means the type goes through its encoder.
type fastKind uint8

const (
	fastNone fastKind = iota
	fastBool
	fastInt
	fastUint
	fastFloat32
	fastFloat64
	fastString
)
