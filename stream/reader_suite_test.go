package stream

import (
	"testing"

	"github.com/stridejson/stride/internal/jsontest"
	"time"
)

func TestJSONTestSuite(t *testing.T) {
	var y, n, i int
	var raw Writer
	for name, data := range jsontest.SuiteCases(t) {
		start := time.Now()
		// One slice, and one byte at a time; every way of reading must agree.
		accept := valid(NewReader(data))
		for _, sr := range streamReaders(data, 1, ReaderOptions{}) {
			if got := valid(sr); got != accept {
				t.Errorf("%s: stream reader says valid=%v, memory reader %v", name, got, accept)
			}
		}
		checkSame(t, data, 1, ReaderOptions{})
		checkSame(t, data, 2, ReaderOptions{StrictStrings: true})
		checkRaw(t, &raw, data) // Writer.Raw, through its Reader, against json.Valid
		switch name[0] {
		case 'y':
			y++
			if !accept {
				t.Errorf("%s: rejected: %v (%q)", name, NewReader(data).SkipValue(), data)
			}
		case 'n':
			n++
			if accept {
				t.Errorf("%s: accepted (%q)", name, data)
			}
		case 'i':
			i++
			strict := valid(NewReader(data, ReaderOptions{StrictStrings: true}))
			t.Logf("%s: accepted=%v, with StrictStrings %v", name, accept, strict)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: took %v", name, d)
		}
	}
	if y < 90 || n < 180 {
		t.Fatalf("too few cases: %d y_, %d n_, %d i_", y, n, i)
	}
}
