package stride_test

import (
	"fmt"
	"os"
	"strings"

	json "github.com/stridejson/stride"
	"github.com/stridejson/stride/stream"
)

func ExampleMarshalOptions() {
	v := map[string]any{"path": "/café/<b>", "n": 1}

	b, _ := json.MarshalOptions{Escaper: stream.Minimal}.Marshal(v)
	fmt.Println(string(b))

	ascii := stream.NewEscaper(stream.EscapeNonASCII|stream.EscapeSlash|stream.EscapeHTML, "")
	b, _ = json.MarshalOptions{Escaper: ascii, Indent: "  "}.Marshal(v)
	fmt.Println(string(b))

	strict := stream.NewEscaper(stream.EscapeHTML|stream.RejectInvalidUTF8, "")
	_, err := json.MarshalOptions{Escaper: strict}.Marshal([]string{"ok", "caf\xe9"})
	fmt.Println(err)

	enc := json.NewEncoder(os.Stdout)
	enc.SetOptions(json.MarshalOptions{Escaper: stream.EncodingJSONNoHTML})
	enc.Encode(v)
	// Output:
	// {"n":1,"path":"/café/<b>"}
	// {
	//   "n": 1,
	//   "path": "\/caf\u00e9\/\u003cb\u003e"
	// }
	// stride: invalid UTF-8 at offset 3
	// {"n":1,"path":"/café/<b>"}
}

func ExampleUnmarshalOptions() {
	type User struct {
		Name string `json:"name"`
		Age  int    `json:"age"`
	}
	var u User
	err := json.UnmarshalOptions{CaseSensitive: true}.Unmarshal([]byte(`{"NAME":"x","name":"Ann","age":7}`), &u)
	fmt.Println(u, err)

	strict := json.UnmarshalOptions{RejectDuplicateNames: true, RejectInvalidUTF8: true, MaxDepth: 4}
	fmt.Println(strict.Unmarshal([]byte(`{"name":"Ann",
  "name":"Bob"}`), &u))
	fmt.Println(strict.Unmarshal([]byte(`{"name":"Ann","Name":"Bob"}`), &u))
	fmt.Println(strict.Unmarshal([]byte("[\"ok\",{\"x\":\"caf\xe9\"}]"), new(any)))
	fmt.Println(strict.Unmarshal([]byte(strings.Repeat("[", 10)+strings.Repeat("]", 10)), new(any)))
	fmt.Println(strict.Unmarshal([]byte(`{"name":"Ann","name":`), &u)) // invalid JSON: encoding/json's error

	dec := json.NewDecoder(strings.NewReader(`{"age":1} {"age":2,"age":3}`))
	dec.SetOptions(json.UnmarshalOptions{RejectDuplicateNames: true, MaxInputSize: 1 << 20})
	fmt.Println(dec.Decode(&u), u.Age)
	fmt.Println(dec.Decode(&u))
	// Output:
	// {Ann 7} <nil>
	// stride: duplicate object key "name" at line 2, column 3 (offset 17), within /name
	// stride: duplicate object key "Name" for field stride_test.User.name at line 1, column 15 (offset 14)
	// stride: invalid UTF-8 in string literal at line 1, column 16 (offset 15), within /1/x
	// stride: nesting depth exceeds the limit of 4 at line 1, column 5 (offset 4), within /0/0/0/0
	// unexpected end of JSON input
	// <nil> 1
	// stride: duplicate object key "age" (offset 19), within /age
}
