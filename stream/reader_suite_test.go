package stream

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stridejson/stride/internal/jsontest"
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
		// The reading is timed, against a hang or a quadratic walk; the checks below are not
		// (the pointer checks visit every value of 500 nested arrays from the top, 125,000 steps,
		// which took over 5 s under -race on a loaded machine).
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: took %v", name, d)
		}
		checkSame(t, data, 1, ReaderOptions{})
		checkSame(t, data, 2, ReaderOptions{StrictStrings: true})
		checkRaw(t, &raw, data) // Writer.Raw, through its Reader, against json.Valid
		checkSuitePointers(t, name, data, accept)
		checkUnchecked(t, data, 1)
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
	}
	if y < 90 || n < 180 {
		t.Fatalf("too few cases: %d y_, %d n_, %d i_", y, n, i)
	}
}

// checkSuitePointers holds Seek, Find and Transform to the Reader's verdict on a JSONTestSuite case:
// the whole value by the pointer "" is found exactly where the Reader accepts the input, every
// pointer of an accepted input finds what the reference finds (checkSeek, checkFind), and
// Transform copies a sequence of values the Reader accepts byte for byte and rejects the others.
func checkSuitePointers(t *testing.T, name string, data []byte, accept bool) {
	t.Helper()
	r := NewReader(data)
	found := r.Seek("")
	if found {
		r.SkipValue()
	}
	if ok := found && r.End() == nil; ok != accept {
		t.Errorf("%s: Seek of the whole value gives valid=%v, the Reader %v (%v)", name, ok, accept, r.Err())
	}
	// Transform takes a sequence of values, as a Reader reading them one after the other does.
	all := NewReader(data)
	for all.More() {
		all.SkipValue()
	}
	seq := all.End() == nil
	var out bytes.Buffer
	err := Transform(&out, bytes.NewReader(data), nil)
	if (err == nil) != seq && len(bytes.TrimSpace(data)) > 0 {
		t.Errorf("%s: Transform error %v, the Reader's valid=%v", name, err, seq)
	}
	if err == nil && !bytes.Equal(out.Bytes(), data) {
		t.Errorf("%s: Transform changed the input", name)
	}
	if accept {
		checkSeek(t, data, 1)
		checkFind(t, data, rand.New(rand.NewPCG(1, 1)))
	}
}
