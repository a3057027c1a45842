package stream

// The grammar. state says what may come next; its values up to stComma are the common cases of
// compact output, where a value needs at most a comma before it, so a value's fast path is one
// comparison (and the room check). Every other state, and the sticky error, takes the cold path.
const (
	stNone     uint8 = iota // a value, with nothing before it: after a name, first in a compact array, at the top
	stComma                 // a value after a comma: a compact array after an element
	stArrFirst              // indented array: the first element, on a new line
	stArrNext               // indented array: a comma, a new line, the next element
	stObjFirst              // an object: the first name
	stObjNext               // an object: a comma, then the next name
	stTopDone               // a complete top-level value: Newline, or nothing
	stClosed                // after Close: nothing until Reset
	stErr                   // the sticky error
)

// value prepares for a value of at most n bytes: it checks the grammar, writes the separator and
// makes room. It reports false after an error (then w.err is set). Token methods call its two
// halves themselves, w.valueFast(n) || w.valueSlow(n), so that the fast half, which makes no call,
// is inlined into them.
func (w *Writer) value(n int) bool { return w.valueFast(n) || w.valueSlow(n) }

// valueFast is value's common case: compact output, at most a comma before the value, and room.
func (w *Writer) valueFast(n int) bool {
	if w.state > stComma || len(w.buf)+n >= w.limit {
		return false
	}
	if w.state == stComma {
		w.buf = append(w.buf, ',')
	}
	w.state = w.next
	return true
}

// misplaced reports whether the state forbids a value here, recording the error: after an error
// or Close, where an object member name is expected, and after a top-level value without a
// separator (the states from stObjFirst up).
func (w *Writer) misplaced() bool {
	switch w.state {
	case stErr:
	case stObjFirst, stObjNext:
		w.fail(w.OutputOffset(), "value where an object member name is expected", nil)
	case stTopDone:
		w.fail(w.OutputOffset(), "second top-level value without a separator (call Newline between top-level values)", nil)
	case stClosed:
		w.failClosed()
	default:
		return false
	}
	return true
}

func (w *Writer) valueSlow(n int) bool {
	if len(w.stack) == 0 {
		w.next = stTopDone // a zero Writer's first token comes here (its limit is 0)
	}
	if w.state >= stObjFirst && w.misplaced() { // the states misplaced refuses, and none else
		return false
	}
	switch w.state {
	case stComma, stArrNext:
		if !w.need(2) {
			return false
		}
		w.buf = append(w.buf, ',')
		if w.spComma {
			w.buf = append(w.buf, ' ')
		}
	}
	if w.lines && (w.state == stArrFirst || w.state == stArrNext) {
		if !w.newline(len(w.stack)) {
			return false
		}
	}
	if !w.need(n) {
		return false
	}
	w.state = w.next
	return true
}

// name prepares for an object member name: it checks the grammar and writes the separator.
func (w *Writer) name() bool {
	switch w.state {
	case stObjFirst, stObjNext:
	case stErr:
		return false
	case stClosed:
		w.failClosed()
		return false
	case stNone:
		if len(w.stack) > 0 && w.stack[len(w.stack)-1] == '{' {
			w.fail(w.OutputOffset(), "object member name where its value is expected", nil)
			return false
		}
		fallthrough
	default:
		w.fail(w.OutputOffset(), "object member name outside an object", nil)
		return false
	}
	if w.state == stObjNext {
		if !w.need(2) {
			return false
		}
		w.buf = append(w.buf, ',')
		if w.spComma {
			w.buf = append(w.buf, ' ')
		}
	}
	if w.lines && !w.newline(len(w.stack)) {
		return false
	}
	w.state = stNone
	return true
}

// push opens a container whose opening delimiter has been written.
func (w *Writer) push(c byte) {
	w.stack = append(w.stack, c)
	switch {
	case c == '{':
		w.state, w.next = stObjFirst, stObjNext
	case w.pretty:
		w.state, w.next = stArrFirst, stArrNext
	default:
		w.state, w.next = stNone, stComma
	}
}

// pop closes the innermost container, whose closing delimiter has been written.
func (w *Writer) pop() {
	w.stack = w.stack[:len(w.stack)-1]
	switch {
	case len(w.stack) == 0:
		w.next = stTopDone
	case w.stack[len(w.stack)-1] == '{':
		w.next = stObjNext
	case w.pretty:
		w.next = stArrNext
	default:
		w.next = stComma
	}
	w.state = w.next
}

// end is the cold path of EndObject and EndArray.
func (w *Writer) end(c byte) error {
	if w.state == stErr {
		return w.err
	}
	if w.state == stClosed {
		return w.failClosed()
	}
	open := byte('{')
	if c == ']' {
		open = '['
	}
	switch {
	case len(w.stack) == 0:
		return w.fail(w.OutputOffset(), "unbalanced "+quoteChar(c)+": no open object or array", nil)
	case w.stack[len(w.stack)-1] != open:
		return w.fail(w.OutputOffset(), quoteChar(c)+" closes an open "+quoteChar(w.stack[len(w.stack)-1]), nil)
	case c == '}' && w.state == stNone:
		return w.fail(w.OutputOffset(), "'}' after an object member name, before its value", nil)
	}
	if w.lines && (w.state == stObjNext || w.state == stArrNext) && !w.newline(len(w.stack)-1) {
		return w.err
	}
	if !w.need(1) {
		return w.err
	}
	w.buf = append(w.buf, c)
	w.pop()
	return nil
}

// newline writes a line break, the prefix and depth indents.
func (w *Writer) newline(depth int) bool {
	if !w.need(1) {
		return false
	}
	w.buf = append(w.buf, '\n')
	if !appendLong(w, w.prefix) {
		return false
	}
	for range depth {
		if !appendLong(w, w.indent) {
			return false
		}
	}
	return true
}

// fail records the sticky error (unless one is already recorded) and returns it. start is the
// output offset where the failed token began: in memory the buffer is cut back to it, so Bytes holds
// the output before the token; streaming, the buffer is dropped.
func (w *Writer) fail(start int64, msg string, cause error) error {
	if w.err != nil {
		return w.err
	}
	w.err = &TokenError{Offset: start, Msg: msg, Err: cause}
	w.state = stErr
	if k := start - w.flushed; w.dst == nil && k >= 0 && k <= int64(len(w.buf)) {
		w.buf = w.buf[:k]
	} else {
		w.buf = w.buf[:0]
	}
	return w.err
}
