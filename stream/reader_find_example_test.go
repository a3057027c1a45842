package stream_test

import (
	"fmt"
	"strings"

	"github.com/stridejson/stride/stream"
)

const bidResponse = `{"id":"r1","seatbid":[{"bid":[{"id":"b1","price":1.25,"adm":"<VAST version=\"4.0\"/>"}]}],"cur":"USD"}`

func ExampleReader_Seek() {
	r := stream.NewReader([]byte(bidResponse))
	if r.Seek("/seatbid/0/bid/0/price") {
		fmt.Println(r.Float64())
	}
	if err := r.Err(); err != nil {
		fmt.Println(err)
	}
	// Output: 1.25
}

func ExampleReader_Find() {
	q, err := stream.NewQuery("/cur", "/seatbid/0/bid/0/adm", "/seatbid/0/bid/1")
	if err != nil {
		panic(err)
	}
	r := stream.NewStreamReader(strings.NewReader(bidResponse))
	found := make([]string, q.Len())
	err = r.Find(q, func(i int, vr *stream.Reader) error {
		found[i] = vr.String()
		return nil
	})
	for i, v := range found {
		fmt.Printf("%s: %q\n", q.Pointer(i), v)
	}
	fmt.Println(err)
	// Output:
	// /cur: "USD"
	// /seatbid/0/bid/0/adm: "<VAST version=\"4.0\"/>"
	// /seatbid/0/bid/1: ""
	// <nil>
}

// With UncheckedSkip the arrays and objects on the way to the value are stepped over by matching
// brackets and quotes only: here the broken array before "cur" goes unreported, while the value
// found is read and checked as ever. For input from a trusted source.
func ExampleReaderOptions_uncheckedSkip() {
	doc := []byte(`{"seatbid":[{"bid":[1 2, tru]}],"cur":"USD"}`)
	r := stream.NewReader(doc, stream.ReaderOptions{UncheckedSkip: true})
	if r.Seek("/cur") {
		fmt.Println(r.String())
	}
	fmt.Println(r.Err())

	checked := stream.NewReader(doc)
	checked.Seek("/cur")
	fmt.Println(checked.Err())
	// Output:
	// USD
	// <nil>
	// stride: invalid character '2' after array element at line 1, column 23 (offset 22), within /seatbid
}
