package stride

import (
	"encoding/json"
	"testing"
)

// TestCursorSkipsAsItShould decodes values the struct has no field for (which the cursor steps
// over) around values it has, with strings that end in escaped backslashes and quotes, brackets
// inside strings, and white space everywhere, and compares with encoding/json.
func TestCursorSkipsAsItShould(t *testing.T) {
	type known struct {
		K  string
		N  []int64
		R  json.RawMessage
		M  map[string]string
		P  *int64
		Ok bool
	}
	skipped := []string{`"x\\"`, `"\\\\"`, `"\""`, `"\\\""`, `"]}[{"`, `{"a":"}","b":["]",{"c":"\\"}]}`,
		`[[],{},[{}],"[",1e5,-0.5E-3,true,false,null]`, `  12  `, "\t\n{ \"a\" : [ 1 , 2 ] }\r\n", `"\u005c"`, `"\ud83d\ude00"`}
	for _, s := range skipped {
		for _, in := range []string{
			`{"X":` + s + `,"K":"k","N":[1,2],"Y":` + s + `,"R":` + s + `,"M":{"a":` + s + `,"b":"c"},"P":7,"Ok":true}`,
			"{ \"X\" : " + s + " , \"K\" : \"k\\\\\" ,\n\t\"N\" : [ 1 , " + "2 ] , \"R\" : " + s + " , \"Ok\" : true }",
			`[` + s + `,{"K":"a\"b","Z":` + s + `}]`,
		} {
			checkUnmarshal(t, []byte(in), func() any { return new(known) })
			checkUnmarshal(t, []byte(in), func() any { return new([]known) })
			checkUnmarshal(t, []byte(in), func() any { return new([1]known) })
			checkUnmarshal(t, []byte(in), func() any { return new(any) })
		}
	}
}
