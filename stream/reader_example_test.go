package stream_test

import (
	"fmt"
	"strings"

	"github.com/stridejson/stride/stream"
)

func ExampleReader() {
	r := stream.NewReader([]byte(`{"id": 7, "tags": ["a", "b"], "extra": {"ignored": true}}`))
	var id int64
	var tags []string
	for obj := r.Object(); obj.Next(); {
		switch string(obj.Name()) {
		case "id":
			id = r.Int64()
		case "tags":
			for arr := r.Array(); arr.Next(); {
				tags = append(tags, r.String())
			}
		}
	}
	fmt.Println(id, tags, r.End())
	// Output: 7 [a b] <nil>
}

func ExampleReader_ndjson() {
	r := stream.NewStreamReader(strings.NewReader("{\"n\": 1}\n{\"n\": 2}\n{\"n\": x}\n"))
	for r.More() {
		for obj := r.Object(); obj.Next(); {
			fmt.Println(string(obj.Name()), r.Int64())
		}
	}
	fmt.Println(r.Err())
	// Output:
	// n 1
	// n 2
	// n 0
	// stride: invalid character 'x' where a value should begin at line 3, column 7 (offset 24), within /n
}
