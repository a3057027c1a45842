package faulty

import (
	"errors"
	"testing"
)

func TestWriter(t *testing.T) {
	w := &Writer{Limit: 5}
	if n, err := w.Write([]byte("abc")); n != 3 || err != nil {
		t.Fatal(n, err)
	}
	if n, err := w.Write([]byte("defg")); n != 2 || !errors.Is(err, ErrInjected) {
		t.Fatal(n, err)
	}
	if n, err := w.Write([]byte("h")); n != 0 || err == nil || w.Failed != 1 {
		t.Fatal(n, err, w.Failed)
	}
	if string(w.Got) != "abcde" || w.Calls != 3 || w.MaxWrite != 4 {
		t.Fatalf("%q %d %d", w.Got, w.Calls, w.MaxWrite)
	}
	s := &Writer{Limit: 1, Short: true}
	if n, err := s.Write([]byte("xy")); n != 1 || err != nil {
		t.Fatal(n, err)
	}
	u := &Writer{Limit: -1}
	if n, err := u.Write(make([]byte, 100)); n != 100 || err != nil {
		t.Fatal(n, err)
	}
	var c Counter
	c.Write(make([]byte, 7))
	c.Write(make([]byte, 3))
	if c.N != 10 || c.Calls != 2 || c.MaxWrite != 7 {
		t.Fatal(c)
	}
}
