package stride

// The encoders' writes to encodeState.buf, made so that they store no pointer while the buffer
// has room.
//
// NOTE: e.buf = append(e.buf, ...) stores the slice's pointer back into *e even when nothing
// grew, and while the garbage collector marks, every such store goes through its write barrier.
// Marshal allocates its result, so it marks often: on twitter, write barriers took 14% of
// Marshal's time (pprof). A reslice of e.buf itself (e.buf = e.buf[:n]) stores the length alone,
// so the writes below take that path while the buffer has room, and append only to grow it.

// put appends c.
func (e *encodeState) put(c byte) {
	if l := len(e.buf); l < cap(e.buf) {
		e.buf = e.buf[:l+1]
		e.buf[l] = c
		return
	}
	e.buf = append(e.buf, c)
}

// puts appends s.
func (e *encodeState) puts(s string) {
	if l := len(e.buf); cap(e.buf)-l >= len(s) {
		e.buf = e.buf[:l+len(s)]
		copy(e.buf[l:], s)
		return
	}
	e.buf = append(e.buf, s...)
}

// took makes b, returned by an append-style function given e.buf, the buffer. Such a function
// returns its argument resliced (the same capacity) or a grown copy, whose capacity is larger,
// so equal capacities mean that only the length changed.
func (e *encodeState) took(b []byte) {
	if cap(b) == cap(e.buf) {
		e.buf = e.buf[:len(b)]
		return
	}
	e.buf = b
}
