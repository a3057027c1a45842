package stream

// A Kind is the kind of a JSON value, as Reader.Kind reports it before the value is read.
type Kind uint8

// The kinds of JSON values. KindNone, the zero Kind, means there is no value to read: the end of the
// input or of a container is next, or the reader has failed.
const (
	KindNone Kind = iota
	KindNull
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

var kindNames = [...]string{"none", "null", "bool", "number", "string", "array", "object"}

// String returns the kind's name: "none", "null", "bool", "number", "string", "array" or "object".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid kind"
}

// kindOf maps the first byte of a value to its kind; bytes that start no value map to KindNone.
var kindOf = [256]Kind{
	'n': KindNull, 't': KindBool, 'f': KindBool, '"': KindString, '[': KindArray, '{': KindObject,
	'-': KindNumber, '0': KindNumber, '1': KindNumber, '2': KindNumber, '3': KindNumber, '4': KindNumber,
	'5': KindNumber, '6': KindNumber, '7': KindNumber, '8': KindNumber, '9': KindNumber,
}
