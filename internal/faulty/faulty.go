// Package faulty holds fault-injecting io.Writers for tests: destinations that fail after a number
// of bytes, accept short writes without an error, or fail only when a flush finally reaches them.
// Each records what it accepted, so a test can check that it is a prefix of the correct output.
package faulty

import "errors"

// ErrInjected is the error the writers here return.
var ErrInjected = errors.New("faulty: injected write error")

// Writer accepts Limit bytes in all, then fails. A Write that crosses the limit takes the bytes up
// to it and returns ErrInjected (or, with Short set, returns the short count and a nil error, which
// io.Writer forbids and a careful caller reports as io.ErrShortWrite). It records every accepted
// byte, the number of Write calls, and the largest Write it was asked to take.
type Writer struct {
	Limit    int  // bytes to accept before failing; negative: never fail
	Short    bool // fail with a short count and a nil error instead of ErrInjected
	Got      []byte
	Calls    int // Write calls, failed ones included
	MaxWrite int // the largest len(p) seen
	Failed   int // Write calls made after the first failure
	failed   bool
}

// Write implements io.Writer.
func (w *Writer) Write(p []byte) (int, error) {
	w.Calls++
	w.MaxWrite = max(w.MaxWrite, len(p))
	if w.failed {
		w.Failed++
	}
	if w.Limit < 0 || len(w.Got)+len(p) <= w.Limit {
		w.Got = append(w.Got, p...)
		return len(p), nil
	}
	n := max(w.Limit-len(w.Got), 0)
	w.Got = append(w.Got, p[:n]...)
	w.failed = true
	if w.Short {
		return n, nil
	}
	return n, ErrInjected
}

// Counter counts what it is given and keeps nothing but the largest Write, for tests that stream
// more than they can hold.
type Counter struct {
	N        int64
	Calls    int
	MaxWrite int
}

// Write implements io.Writer.
func (c *Counter) Write(p []byte) (int, error) {
	c.N += int64(len(p))
	c.Calls++
	c.MaxWrite = max(c.MaxWrite, len(p))
	return len(p), nil
}
