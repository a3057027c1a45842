package stride

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"testing"
)

// Map keys and the decode and encode methods of their types: encoding/json converts keys with
// UnmarshalText (with UnmarshalJSON only when the type has both, handing it the quoted key),
// MarshalText, or as strings and integers by kind; MarshalJSON is never used for a key, nor
// UnmarshalJSON alone. Each method marks what it made, so that a call shows in the result.
//
// The v2-based encoding/json (Go 1.27.3) differs on errors: a key that is not an integer (and a
// key type without UnmarshalText that is not a string or integer kind, which it takes key by key)
// gets its v2 error, and a key type it cannot write is an UnsupportedValueError when it is met;
// Go 1.26 with GOEXPERIMENT=jsonv2 also calls MarshalText for a string kind. Those are the v2
// error and semantics work of issue 17, not the methods called for keys.

type (
	keyJSONPtr    string // UnmarshalJSON on the pointer
	keyJSONVal    string // UnmarshalJSON on the value
	keyJSONInt    int
	keyJSONStruct struct{ S string }
	keyBoth       string // UnmarshalJSON and UnmarshalText
	keyBothStruct struct{ S string }
	keyTextOnly   struct{ S string } // UnmarshalText and MarshalText
	keyTextStr    string
	keyTextInt    int
	keyTextPtrM   struct{ S string } // MarshalText on the pointer only
	keyMJSONStr   string             // MarshalJSON only
	keyMJSONInt   int
	keyMJSONStrct struct{ S string }
	keyMBothStr   string // MarshalJSON and MarshalText
	keyMBothInt   int
	keyTextMStr   string // MarshalText on a string kind, which encoding/json does not call
)

func (k *keyJSONPtr) UnmarshalJSON(b []byte) error { *k = keyJSONPtr("J" + string(b)); return nil }
func (keyJSONVal) UnmarshalJSON([]byte) error      { return errors.New("keyJSONVal.UnmarshalJSON called") }
func (k *keyJSONInt) UnmarshalJSON(b []byte) error { *k = keyJSONInt(1000 + len(b)); return nil }
func (k *keyJSONStruct) UnmarshalJSON(b []byte) error {
	k.S = "J" + string(b)
	return nil
}
func (k *keyBoth) UnmarshalJSON(b []byte) error { *k = keyBoth("J" + string(b)); return nil }
func (k *keyBoth) UnmarshalText(b []byte) error { *k = keyBoth("T" + string(b)); return nil }
func (k *keyBothStruct) UnmarshalJSON(b []byte) error {
	if bytes.Contains(b, []byte("bad")) {
		return errors.New("keyBothStruct: bad")
	}
	k.S = "J" + string(b)
	return nil
}
func (k *keyBothStruct) UnmarshalText(b []byte) error { k.S = "T" + string(b); return nil }
func (k keyBothStruct) MarshalText() ([]byte, error)  { return []byte("M" + k.S), nil }
func (k *keyTextOnly) UnmarshalText(b []byte) error {
	if string(b) == "bad" {
		return errors.New("keyTextOnly: bad")
	}
	k.S = "T" + string(b)
	return nil
}
func (k keyTextOnly) MarshalText() ([]byte, error) { return []byte("M" + k.S), nil }
func (k *keyTextStr) UnmarshalText(b []byte) error { *k = keyTextStr("T" + string(b)); return nil }
func (k *keyTextInt) UnmarshalText(b []byte) error {
	n, err := strconv.Atoi(string(b))
	*k = keyTextInt(n * 2)
	return err
}
func (k keyTextInt) MarshalText() ([]byte, error)    { return []byte("M" + strconv.Itoa(int(k))), nil }
func (k *keyTextPtrM) MarshalText() ([]byte, error)  { return []byte("M" + k.S), nil }
func (k keyMJSONStr) MarshalJSON() ([]byte, error)   { return []byte(`"J"`), nil }
func (k keyMJSONInt) MarshalJSON() ([]byte, error)   { return []byte(`"J"`), nil }
func (k keyMJSONStrct) MarshalJSON() ([]byte, error) { return []byte(`"J"`), nil }
func (k keyMBothStr) MarshalJSON() ([]byte, error)   { return []byte(`"J"`), nil }
func (k keyMBothStr) MarshalText() ([]byte, error)   { return []byte("M" + k), nil }
func (k keyMBothInt) MarshalJSON() ([]byte, error)   { return []byte(`"J"`), nil }
func (k keyMBothInt) MarshalText() ([]byte, error)   { return []byte("M" + strconv.Itoa(int(k))), nil }
func (k keyTextMStr) MarshalText() ([]byte, error)   { return []byte("M" + k), nil }
func (k *keyTextMStr) UnmarshalJSON(b []byte) error  { *k = keyTextMStr("J" + string(b)); return nil }

var mapKeyTypes = []func() any{
	func() any { return new(map[keyJSONPtr]int) },
	func() any { return new(map[keyJSONVal]int) },
	func() any { return new(map[keyJSONInt]int) },
	func() any { return new(map[keyJSONStruct]int) },
	func() any { return new(map[keyBoth]int) },
	func() any { return new(map[keyBothStruct]int) },
	func() any { return new(map[keyTextOnly]int) },
	func() any { return new(map[keyTextStr]int) },
	func() any { return new(map[keyTextInt]int) },
	func() any { return new(map[keyTextMStr]int) },
	func() any { return new(map[keyMJSONInt]int) },
	func() any { return &map[keyJSONPtr]int{"old": 1} },
	func() any { return new(struct{ M map[keyJSONPtr]keyJSONPtr }) },
	func() any { return new(map[string]map[keyBoth]any) },
}

var mapKeyInputs = []string{
	`{}`, `null`, `{"a":1}`, `{"\u0041b":1,"c\"":2}`, `{"12":1,"-3":2}`, `{"99999999999999999999":1}`,
	`{"x":1,"x":2}`, `{"bad":1}`, `[1]`, `{"M":{"k":1}}`,
}

func TestMapKeyMethodsDecode(t *testing.T) {
	for _, in := range mapKeyInputs {
		for _, fresh := range mapKeyTypes {
			checkUnmarshal(t, []byte(in), fresh)
			// The Decoder, with the input arriving a byte at a time, and streamed (a zero value).
			compareStream(t, []byte(in+" "+in), &oneByteReader{s: in + " " + in}, fresh, nil)
		}
	}
}

// oneByteReader serves s one byte per Read.
type oneByteReader struct{ s string }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.s[0]
	r.s = r.s[1:]
	return 1, nil
}

func TestMapKeyMethodsEncode(t *testing.T) {
	values := []any{
		map[keyJSONPtr]int{"a": 1, "b": 2},
		map[keyMJSONStr]int{"a": 1, "b": 2},
		map[keyMJSONInt]int{3: 1, -1: 2},
		map[keyMJSONStrct]int{{"a"}: 1},
		map[keyMBothStr]int{"a": 1, "b": 2},
		map[keyMBothInt]int{3: 1, -1: 2},
		map[keyTextOnly]int{{"a"}: 1, {"b"}: 2},
		map[keyTextInt]int{3: 1, -1: 2},
		map[keyTextPtrM]int{{"a"}: 1},
		map[keyTextMStr]int{"a": 1, "B": 2},
		map[keyBothStruct]string{{"x"}: "y"},
		struct{ M map[keyMBothInt]keyMBothInt }{map[keyMBothInt]keyMBothInt{1: 2}},
		map[*keyTextOnly]int{{"a"}: 1},
	}
	for _, v := range values {
		checkMarshal(t, fmt.Sprintf("%T", v), v)
	}
}
