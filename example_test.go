package stride_test

import (
	"fmt"
	"os"
	"strings"

	json "github.com/stridejson/stride"
)

func ExampleMarshal() {
	type Item struct {
		Name  string            `json:"name"`
		Price float64           `json:"price,omitempty"`
		Tags  map[string]string `json:"tags"`
	}
	b, err := json.Marshal(Item{Name: "<Gopher>", Tags: map[string]string{"z": "1", "a": "2"}})
	fmt.Println(string(b), err)
	// Output: {"name":"\u003cGopher\u003e","tags":{"a":"2","z":"1"}} <nil>
}

func ExampleUnmarshal() {
	var v struct {
		ID   int
		Tags []string
	}
	err := json.Unmarshal([]byte(`{"id": 7, "tags": ["a", "b"], "extra": null}`), &v)
	fmt.Println(v.ID, v.Tags, err)
	// Output: 7 [a b] <nil>
}

func ExampleDecoder_Token() {
	dec := json.NewDecoder(strings.NewReader(`{"a": [1, "x", null]}`))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		fmt.Printf("%T %v\n", tok, tok)
	}
	// Output:
	// json.Delim {
	// string a
	// json.Delim [
	// float64 1
	// string x
	// <nil> <nil>
	// json.Delim ]
	// json.Delim }
}

func ExampleEncoder() {
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(map[string]any{"b": []int{1, 2}, "a": "<ok>"})
	// Output:
	// {
	//   "a": "<ok>",
	//   "b": [
	//     1,
	//     2
	//   ]
	// }
}

func ExampleGet() {
	resp := []byte(`{"id":"r1","seatbid":[{"bid":[{"id":"b1","price":1.25,"w":300,"h":250}]}],"ext":{"huge":"..."}}`)
	var bid struct {
		ID    string
		Price float64
		W, H  int
	}
	if err := json.Get(resp, "/seatbid/0/bid/0", &bid); err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%+v\n", bid)
	fmt.Println(json.Get(resp, "/seatbid/1", &bid))
	// Output:
	// {ID:b1 Price:1.25 W:300 H:250}
	// stride: no value at JSON Pointer "/seatbid/1"
}
