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
