package jsontext_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stridejson/stride/jsontext"
)

func ExampleDecoder_ReadToken() {
	// Read a document token by token; StackPointer says where each one is.
	dec := jsontext.NewDecoder(strings.NewReader(`{"seatbid":[{"bid":[{"price":1.5,"adm":"<VAST/>"}]}]}`))
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		if k, n := dec.StackIndex(dec.StackDepth()); k == jsontext.KindBeginObject && n%2 == 1 {
			continue // a member name
		}
		switch tok.Kind() {
		case jsontext.KindString, jsontext.KindNumber:
			fmt.Println(dec.StackPointer(), tok.Kind(), tok.String())
		}
	}
	// Output:
	// /seatbid/0/bid/0/price number 1.5
	// /seatbid/0/bid/0/adm string <VAST/>
}

func ExampleDecoder_ReadValue() {
	// ReadValue returns a whole value, here each element of a top-level array.
	dec := jsontext.NewDecoder(strings.NewReader(`[{"id":1}, [2, 3], "four"]`))
	dec.ReadToken() // [
	for dec.PeekKind() != ']' {
		v, err := dec.ReadValue()
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(v.Kind(), string(v))
	}
	// Output:
	// { {"id":1}
	// [ [2, 3]
	// string "four"
}

func ExampleDecoder_errors() {
	// A syntax error has the byte offset and the JSON Pointer of where it is: here the ',' that
	// a value should follow.
	dec := jsontext.NewDecoder(strings.NewReader(`{"a":[1,2,}`))
	var err error
	for err == nil {
		_, err = dec.ReadToken()
	}
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		fmt.Println(se.ByteOffset, se.JSONPointer)
	}
	fmt.Println(err)
	// Output:
	// 9 /a
	// jsontext: invalid character ',' at start of value within "/a" after offset 9
}

func ExampleEncoder_WriteToken() {
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf, jsontext.Multiline(true), jsontext.WithIndent("  "))
	for _, t := range []jsontext.Token{
		jsontext.BeginObject,
		jsontext.String("id"), jsontext.String("b1"),
		jsontext.String("price"), jsontext.Float(1.25),
		jsontext.String("tags"), jsontext.BeginArray, jsontext.String("video"), jsontext.EndArray,
		jsontext.EndObject,
	} {
		if err := enc.WriteToken(t); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Print(buf.String())
	// Output:
	// {
	//   "id": "b1",
	//   "price": 1.25,
	//   "tags": [
	//     "video"
	//   ]
	// }
}

func ExampleEncoder_WriteValue() {
	// WriteValue copies a value as it is, checked, laid out as the Encoder's options say.
	enc := jsontext.NewEncoder(os.Stdout)
	enc.WriteToken(jsontext.BeginObject)
	enc.WriteToken(jsontext.String("raw"))
	if err := enc.WriteValue(jsontext.Value(`{ "a" : [1, 2] }`)); err != nil {
		fmt.Println(err)
	}
	enc.WriteToken(jsontext.EndObject)
	err := enc.WriteToken(jsontext.String("x"))
	fmt.Println(err)
	// Output:
	// {"raw":{"a":[1,2]}}
	// "x"
	// <nil>
}

func ExampleValue_Indent() {
	v := jsontext.Value(`{"b":[1,2],"a":"x"}`)
	if err := v.Indent(jsontext.WithIndent("  ")); err != nil {
		fmt.Println(err)
	}
	fmt.Println(string(v))
	// Output:
	// {
	//   "b": [
	//     1,
	//     2
	//   ],
	//   "a": "x"
	// }
}

func ExampleValue_Canonicalize() {
	// RFC 8785: members sorted, numbers and strings in their one canonical form.
	v := jsontext.Value(`{ "b": 1.0E2, "a": "\u0041\u00e9" }`)
	if err := v.Canonicalize(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(string(v))
	// Output: {"a":"Aé","b":100}
}

func ExampleValue_IsValid() {
	fmt.Println(jsontext.Value(`{"a":1}`).IsValid(), jsontext.Value(`{"a":1,"a":2}`).IsValid())
	fmt.Println(jsontext.Value(`{"a":1,"a":2}`).IsValid(jsontext.AllowDuplicateNames(true)))
	// Output:
	// true false
	// true
}

func ExampleAppendFormat() {
	b, err := jsontext.AppendFormat(nil, []byte(` [ "<a>" , 1 ] `), jsontext.EscapeForHTML(true))
	fmt.Println(string(b), err)
	// Output: ["\u003ca\u003e",1] <nil>
}

func ExampleAppendQuote() {
	b, err := jsontext.AppendQuote(nil, "say \"hi\"\n")
	fmt.Println(string(b), err)
	_, err = jsontext.AppendQuote(nil, "bad \xff")
	fmt.Println(err)
	// Output:
	// "say \"hi\"\n" <nil>
	// jsontext: invalid UTF-8
}

func ExampleAppendUnquote() {
	b, err := jsontext.AppendUnquote(nil, `"caf\u00e9 \ud83d\ude00"`)
	fmt.Println(string(b), err)
	// Output: café 😀 <nil>
}

func ExamplePointer_Tokens() {
	p := jsontext.Pointer("/seatbid/0/a~1b")
	for tok := range p.Tokens() {
		fmt.Println(tok)
	}
	fmt.Println(p.LastToken(), p.Parent())
	// Output:
	// seatbid
	// 0
	// a/b
	// a/b /seatbid/0
}
