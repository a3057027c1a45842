package stream_test

import (
	"fmt"

	"github.com/stridejson/stride/stream"
)

func ExampleAppendQuote() {
	b, _ := stream.AppendQuote(nil, "say \"hi\"\n<b>")
	fmt.Println(string(b))
	// Output: "say \"hi\"\n<b>"
}

func ExampleEscaper() {
	// Build a policy once and reuse it: here HTML-safe, pure ASCII output.
	e := stream.NewEscaper(stream.EscapeHTML|stream.EscapeNonASCII, "")
	b, _ := e.AppendQuote(nil, "<café> 😀")
	fmt.Println(string(b))
	// encoding/json's own output, byte for byte:
	b, _ = stream.EncodingJSON.AppendQuote(b[:0], "a&b\u2028")
	fmt.Println(string(b))
	// Output:
	// "\u003ccaf\u00e9\u003e \ud83d\ude00"
	// "a\u0026b\u2028"
}

func ExampleAppendUnquote() {
	v, err := stream.AppendUnquote(nil, `"caf\u00e9 \ud83d\ude00\n"`)
	fmt.Printf("%q %v\n", v, err)
	_, err = stream.AppendUnquote(nil, `"bad \x escape"`)
	fmt.Println(err)
	// Output:
	// "café 😀\n" <nil>
	// stride: invalid character 'x' in string escape (offset 6)
}
