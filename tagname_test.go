package stride

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestTagNamesMatchEncodingJSON marshals and unmarshals a struct whose field carries each tag,
// against encoding/json: names with quotes, backslashes and other characters that end a name,
// names that start as Go identifiers and go on with them, invalid UTF-8, and options after a
// malformed name.
func TestTagNamesMatchEncodingJSON(t *testing.T) {
	for _, tag := range []string{
		`a`, `a/<b>`, `a/<b>'`, `x'y`, `'q'`, `'q',omitempty`, `ab'c,omitempty`, `ab'c,omitempty,string`,
		`_x-y'z`, `é'`, `1a'`, `a"b`, "a`b", `a\b`, `a\`, `a,`, `,string`, `-`, `-,`, "\xff\xfe", "a\xffb'",
		"\xff'", `a b'c`, `a'b,c'd,string`, `'a,b',omitempty`, `%'`, `a$`, `a$'`, `ü_1'x`, `x,'omitempty'`,
		`'a\'b'`, `'a"b'`, `'unterminated`, `'\u00e9'`, `'\x'`, `'',string`, `omitempty'x`, `x,omitempty'y`,
		`x,string'`, `x,,omitempty`, `x,omitempty,`, `-,omitempty`, `'-'`, "a\tb", "a\u2028b", `a<b>&`, `'a<\u2028>'`,
		"\x01", `'\n'`,
	} {
		typ := reflect.StructOf([]reflect.StructField{
			{Name: "F", Type: reflect.TypeFor[int](), Tag: reflect.StructTag(`json:"` + tagEscape(tag) + `"`)},
			{Name: "G", Type: reflect.TypeFor[int]()},
		})
		for _, x := range []int{0, 7} {
			v := reflect.New(typ).Elem()
			v.Field(0).SetInt(int64(x))
			want, werr := json.Marshal(v.Interface())
			got, gerr := Marshal(v.Interface())
			if string(got) != string(want) || (gerr == nil) != (werr == nil) {
				t.Errorf("tag %q: Marshal = %s, %v; encoding/json %s, %v", tag, got, gerr, want, werr)
			}
		}
		in := []byte(`{"a":1,"a/<b>":2,"x":3,"q":4,"ab":5,"F":6,"_x":7,"é":8,"\ufffd\ufffd":9,"\ufffd":10,"a b":11,"G":12,"1a":13,"ü_1":14}`)
		want, got := reflect.New(typ), reflect.New(typ)
		werr := json.Unmarshal(in, want.Interface())
		gerr := Unmarshal(in, got.Interface())
		if !reflect.DeepEqual(got.Interface(), want.Interface()) || (gerr == nil) != (werr == nil) {
			t.Errorf("tag %q: Unmarshal = %+v, %v; encoding/json %+v, %v", tag, got.Elem(), gerr, want.Elem(), werr)
		}
	}
}

// tagEscape writes tag as the inside of a Go string literal in a struct tag.
func tagEscape(tag string) string {
	var b []byte
	for i := 0; i < len(tag); i++ {
		if c := tag[i]; c == '"' || c == '\\' {
			b = append(b, '\\', c)
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}
