package stream

import "github.com/stridejson/stride/internal/jsonread"

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

// kindOf returns the kind of a value by its first byte; bytes that start no value give KindNone.
// The table is the codecs' cursor's (internal/jsonread), whose kinds are numbered as these
// (TestKindsMatchStream there holds them equal), so the conversion is free.
func kindOf(c byte) Kind { return Kind(jsonread.KindOfByte[c]) }
