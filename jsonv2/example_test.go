package json_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/stridejson/stride/jsontext"
	json "github.com/stridejson/stride/jsonv2"
)

// A Bid is the part of an OpenRTB bid the examples read and write.
type Bid struct {
	ID    string    `json:"id"`
	Price float64   `json:"price"`
	Adm   string    `json:"adm,omitempty"`
	Tags  []string  `json:"tags"`
	Seen  time.Time `json:"seen,omitzero"`
}

func ExampleMarshal() {
	b, err := json.Marshal(Bid{ID: "b1", Price: 1.25, Adm: `<VAST version="4.0"/>`})
	fmt.Println(string(b), err)
	// Output: {"id":"b1","price":1.25,"adm":"<VAST version=\"4.0\"/>","tags":[]} <nil>
}

func ExampleMarshal_options() {
	v := map[string]any{"b": []int(nil), "a": "<&>"}
	b, _ := json.Marshal(v, json.Deterministic(true), json.FormatNilSliceAsNull(true), jsontext.EscapeForHTML(true))
	fmt.Println(string(b))
	// Output: {"a":"\u003c\u0026\u003e","b":null}
}

func ExampleMarshalWrite() {
	// MarshalWrite streams to the writer in bounded chunks, inside a long string too.
	err := json.MarshalWrite(os.Stdout, []Bid{{ID: "b1", Tags: []string{"video"}}}, jsontext.Multiline(true))
	fmt.Println()
	fmt.Println(err)
	// Output:
	// [
	// 	{
	// 		"id": "b1",
	// 		"price": 0,
	// 		"tags": [
	// 			"video"
	// 		]
	// 	}
	// ]
	// <nil>
}

func ExampleMarshalEncode() {
	// Values and tokens written to one Encoder make one document.
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf)
	enc.WriteToken(jsontext.BeginArray)
	for _, id := range []string{"b1", "b2"} {
		if err := json.MarshalEncode(enc, Bid{ID: id}); err != nil {
			fmt.Println(err)
		}
	}
	enc.WriteToken(jsontext.EndArray)
	fmt.Print(buf.String())
	// Output: [{"id":"b1","price":0,"tags":[]},{"id":"b2","price":0,"tags":[]}]
}

func ExampleUnmarshal() {
	var b Bid
	err := json.Unmarshal([]byte(`{"id":"b1","price":2.5,"tags":["video"],"seen":"2026-12-05T10:00:00Z"}`), &b)
	fmt.Printf("%+v %v\n", b, err)
	// Output: {ID:b1 Price:2.5 Adm: Tags:[video] Seen:2026-12-05 10:00:00 +0000 UTC} <nil>
}

func ExampleUnmarshal_errors() {
	// Errors say where: the byte offset and the JSON Pointer of the value.
	var b Bid
	err := json.Unmarshal([]byte(`{"id":"b1","price":"high"}`), &b)
	var se *json.SemanticError
	if errors.As(err, &se) {
		fmt.Println(se.ByteOffset, se.JSONPointer, se.GoType)
	}
	err = json.Unmarshal([]byte(`{"id":"b1","ID":"b2"}`), &b, json.RejectUnknownMembers(true))
	fmt.Println(errors.Is(err, json.ErrUnknownName))
	err = json.Unmarshal([]byte(`{"id":"b1","id":"b2"}`), &b)
	fmt.Println(errors.Is(err, jsontext.ErrDuplicateName))
	// Output:
	// 19 /price float64
	// true
	// true
}

func ExampleUnmarshalRead() {
	var bids []Bid
	err := json.UnmarshalRead(strings.NewReader(`[{"id":"b1"},{"id":"b2","price":3}]`), &bids)
	fmt.Println(len(bids), bids[1].ID, bids[1].Price, err)
	// Output: 2 b2 3 <nil>
}

func ExampleUnmarshalDecode() {
	// A stream of values, one after another, read with one Decoder.
	dec := jsontext.NewDecoder(strings.NewReader(`{"id":"b1"} {"id":"b2"}` + "\n"))
	for {
		var b Bid
		if err := json.UnmarshalDecode(dec, &b); err != nil {
			fmt.Println(err)
			break
		}
		fmt.Println(b.ID)
	}
	// Output:
	// b1
	// b2
	// EOF
}

func ExampleWithMarshalers() {
	// Prices written as strings with two decimals, wherever they are.
	type Price float64
	price := json.MarshalFunc(func(p Price) ([]byte, error) {
		return []byte(fmt.Sprintf(`"%.2f"`, float64(p))), nil
	})
	b, _ := json.Marshal(map[string]Price{"floor": 0.5}, json.WithMarshalers(price))
	fmt.Println(string(b))
	// Output: {"floor":"0.50"}
}

func ExampleMarshalToFunc() {
	// A MarshalToFunc writes tokens to the Encoder itself: here a time as Unix seconds.
	unix := json.MarshalToFunc(func(enc *jsontext.Encoder, t time.Time) error {
		return enc.WriteToken(jsontext.Int(t.Unix()))
	})
	b, _ := json.Marshal(Bid{ID: "b1", Seen: time.Unix(1700000000, 0)}, json.WithMarshalers(unix))
	fmt.Println(string(b))
	// Output: {"id":"b1","price":0,"tags":[],"seen":1700000000}
}

func ExampleWithUnmarshalers() {
	// Tags given as one comma-separated string, read into the slice.
	tags := json.UnmarshalFunc(func(b []byte, tags *[]string) error {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*tags = strings.Split(s, ",")
		return nil
	})
	var b Bid
	err := json.Unmarshal([]byte(`{"id":"b1","tags":"video,banner"}`), &b, json.WithUnmarshalers(tags))
	fmt.Println(b.Tags, len(b.Tags), err)
	// Output: [video banner] 2 <nil>
}

func ExampleUnmarshalFromFunc() {
	// An UnmarshalFromFunc reads tokens from the Decoder itself: here a number or a string.
	anyNumber := json.UnmarshalFromFunc(func(dec *jsontext.Decoder, f *float64) error {
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if tok.Kind() == '"' {
			_, err = fmt.Sscan(tok.String(), f)
			return err
		}
		*f, err = tok.Float()
		return err
	})
	var prices []float64
	err := json.Unmarshal([]byte(`[1.5,"2.25"]`), &prices, json.WithUnmarshalers(anyNumber))
	fmt.Println(prices, err)
	// Output: [1.5 2.25] <nil>
}

func ExampleGetOption() {
	opts := json.JoinOptions(json.Deterministic(true), jsontext.WithIndent("  "))
	det, set := json.GetOption(opts, json.Deterministic)
	indent, _ := json.GetOption(opts, jsontext.WithIndent)
	fmt.Println(det, set, fmt.Sprintf("%q", indent))
	// Output: true true "  "
}
