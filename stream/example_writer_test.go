package stream_test

import (
	"fmt"
	"os"

	"github.com/stridejson/stride/stream"
)

func ExampleWriter() {
	w := stream.NewWriter(os.Stdout)
	obj := w.Object()
	obj.Name("name").String("Gopher <3")
	obj.Name("born").Int(2009)
	obj.Name("ratio").Float64(1e-7)
	tags := obj.Name("tags").Array()
	w.String("fast")
	w.String("safe")
	tags.End()
	obj.End()
	w.Newline()
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"name":"Gopher \u003c3","born":2009,"ratio":1e-7,"tags":["fast","safe"]}
}

func ExampleWriter_Close() {
	var w stream.Writer
	w.BeginArray()
	w.Int(1)
	fmt.Println(w.Flush()) // part of a document: fine while streaming
	fmt.Println(w.Close()) // the end of the document: the array is still open
	// Output:
	// <nil>
	// stride: Close with the document unfinished: inside an array (depth 1) (output offset 2)
}

func ExampleWriter_SetIndent() {
	var w stream.Writer // in memory
	w.SetIndent("", "  ")
	w.SetEscaper(stream.EncodingJSONNoHTML)
	obj := w.Object()
	obj.Name("a").Array().End()
	obj.Name("b").Raw([]byte(`{"c": null}`))
	obj.End()
	fmt.Println(string(w.Bytes()))
	// Output:
	// {
	//   "a": [],
	//   "b": {"c": null}
	// }
}

func ExampleWriter_errors() {
	var w stream.Writer
	w.BeginObject()
	w.Int(1) // a value where a name is due
	w.EndObject()
	fmt.Println(w.Err())
	fmt.Printf("%s\n", w.Bytes())
	// Output:
	// stride: value where an object member name is expected (output offset 1)
	// {
}
