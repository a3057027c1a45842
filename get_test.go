package stride

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stridejson/stride/stream"
)

func TestGet(t *testing.T) {
	doc := []byte(`{"id":"r1","seatbid":[{"bid":[{"id":"b1","price":1.5,"w":300},{"id":"b2","price":"x"}]}],"tail":[1,2,}`)
	type bid struct {
		ID    string
		Price float64
		W     int
	}
	for _, from := range []string{"bytes", "reader"} {
		get := func(ptr string, v any) error {
			if from == "bytes" {
				return Get(doc, ptr, v)
			}
			return GetFrom(iotest.OneByteReader(strings.NewReader(string(doc))), ptr, v)
		}
		var b bid
		if err := get("/seatbid/0/bid/0", &b); err != nil || b != (bid{"b1", 1.5, 300}) {
			t.Errorf("%s: got %+v, %v", from, b, err)
		}
		var id string
		if err := get("/id", &id); err != nil || id != "r1" {
			t.Errorf("%s: id %q, %v", from, id, err)
		}
		// The error of a value that does not fit, with its offset in the document, as
		// Unmarshal reports it for the whole document.
		var whole struct {
			Seatbid []struct{ Bid []bid }
		}
		wantErr := json.Unmarshal([]byte(string(doc[:strings.Index(string(doc), `,"tail"`)])+"}"), &whole)
		err := get("/seatbid/0/bid/1", &b)
		var te, wte *UnmarshalTypeError
		if !errors.As(err, &te) || !errors.As(wantErr, &wte) || te.Offset != wte.Offset || te.Value != wte.Value {
			t.Errorf("%s: got %v, want %v", from, err, wantErr)
		}
		var nf *stream.NotFoundError
		if err := get("/seatbid/1", &b); !errors.As(err, &nf) || nf.Pointer != "/seatbid/1" {
			t.Errorf("%s: not found: %v", from, err)
		}
		var se *stream.SyntaxError
		if err := get("/tail/5", &b); !errors.As(err, &se) || se.Offset != int64(len(doc)-1) || se.Pointer != "/tail" {
			t.Errorf("%s: syntax error: %#v", from, err)
		}
		var pe *stream.PointerError
		if err := get("tail", &b); !errors.As(err, &pe) {
			t.Errorf("%s: bad pointer: %v", from, err)
		}
		var all any
		if err := get("", &all); err == nil {
			t.Errorf("%s: the whole broken document decoded: %v", from, all)
		}
		var arr []int
		if err := get("/tail", &arr); err == nil || !reflect.DeepEqual(arr, []int(nil)) {
			t.Errorf("%s: /tail: %v, %v", from, arr, err)
		}
	}
}
