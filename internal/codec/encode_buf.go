package codec

// The encoders' writes to encodeState.buf, made so that they store no pointer while the buffer
// has room.
//
// NOTE: e.Buf = append(e.Buf, ...) stores the slice's pointer back into *e even when nothing
// grew, and while the garbage collector marks, every such store goes through its write barrier.
// Marshal allocates its result, so it marks often: on twitter, write barriers took 14% of
// Marshal's time (pprof). A reslice of e.Buf itself (e.Buf = e.Buf[:n]) stores the length alone,
// so the writes below take that path while the buffer has room, and append only to grow it.

// put appends c.
func (e *EncodeState) put(c byte) {
	if l := len(e.Buf); l < cap(e.Buf) {
		e.Buf = e.Buf[:l+1]
		e.Buf[l] = c
		return
	}
	e.Buf = append(e.Buf, c)
}

// puts appends s.
func (e *EncodeState) puts(s string) {
	if l := len(e.Buf); cap(e.Buf)-l >= len(s) {
		e.Buf = e.Buf[:l+len(s)]
		copy(e.Buf[l:], s)
		return
	}
	e.Buf = append(e.Buf, s...)
}

// took makes b, returned by an append-style function given e.Buf, the buffer. Such a function
// returns its argument resliced (the same capacity) or a grown copy, whose capacity is larger,
// so equal capacities mean that only the length changed.
func (e *EncodeState) took(b []byte) {
	if cap(b) == cap(e.Buf) {
		e.Buf = e.Buf[:len(b)]
		return
	}
	e.Buf = b
}
