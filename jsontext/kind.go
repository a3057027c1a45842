package jsontext

// A Kind is the kind of a JSON token or value, named by its first byte ('0' for every number).
type Kind byte

// The kinds.
const (
	KindInvalid     Kind = 0   // invalid kind
	KindNull        Kind = 'n' // null
	KindFalse       Kind = 'f' // false
	KindTrue        Kind = 't' // true
	KindString      Kind = '"' // string
	KindNumber      Kind = '0' // number
	KindBeginObject Kind = '{' // begin object
	KindEndObject   Kind = '}' // end object
	KindBeginArray  Kind = '[' // begin array
	KindEndArray    Kind = ']' // end array
)

// String prints the kind in a humanly readable fashion.
func (k Kind) String() string {
	switch k {
	case KindInvalid:
		return "invalid"
	case KindNull:
		return "null"
	case KindFalse:
		return "false"
	case KindTrue:
		return "true"
	case KindString:
		return "string"
	case KindNumber:
		return "number"
	case KindBeginObject, KindEndObject, KindBeginArray, KindEndArray:
		return string(rune(k))
	}
	return "<invalid jsontext.Kind: " + quoteByte(byte(k)) + ">"
}

// kindOf is the kind of a token by its first byte (KindInvalid for a byte that begins none).
var kindOf = [256]Kind{'n': KindNull, 'f': KindFalse, 't': KindTrue, '"': KindString,
	'{': KindBeginObject, '}': KindEndObject, '[': KindBeginArray, ']': KindEndArray,
	'-': KindNumber, '0': KindNumber, '1': KindNumber, '2': KindNumber, '3': KindNumber,
	'4': KindNumber, '5': KindNumber, '6': KindNumber, '7': KindNumber, '8': KindNumber, '9': KindNumber}
