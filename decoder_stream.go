package stride

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strings"

	"github.com/stridejson/stride/internal/jsonstr"
)

// A Decoder decodes an object or array into a zero value of a type that calls no decode methods
// of the caller's (see onePass) while it reads it: the cursor reads the Decoder's buffer, and
// when it runs out, the Decoder reads more input into the buffer, dropping the part of the value
// the cursor is done with. So a huge value never sits whole in memory: the buffer holds what
// the cursor has not finished, back to the start of the member or element being read, and what
// the last read brought. As in Unmarshal's one pass, a syntax error sets the value back to zero
// (what it was) and is reported as encoding/json reports it.
//
// The cursor sees the buffer up to its last white space or punctuation (see more), not to its
// end: a number or literal name that the cursor sees is whole, so only white space, strings and
// the punctuation between them need reading on. A string cut off by the end of what the cursor
// sees is scanned on as more arrives (moreString), once, and then read again from its start.
//
// The error of a value whose front has been dropped comes from the rest: the kinds of the
// containers open where the buffer now starts, and whether a member or element came before that
// point in the innermost, are written out as the shortest JSON that leads a scanner there
// (statePrefix), and encoding/json's Decoder is shown that prefix and the rest of the buffer.

// A streamState is the part of a Decoder that follows the cursor through a value.
type streamState struct {
	vis    int // the end of what the cursor sees of buf
	seen   int // how far buf has been searched for the end of what it may see
	pinned int // values being read by Raw, whose bytes must stay in buf

	// mark is where the innermost container's last Next began (in the cursor's data), the point
	// before which buf may be dropped; markDepth and markAfter are the state there: how many
	// containers were open, and whether the innermost had a member or element before it.
	mark, markDepth int
	markAfter       bool

	kinds []byte // '{' or '[' for each open container, outermost first

	// dropped says the last value decoded had part of it dropped from buf before it ended, so
	// its errors are not encoding/json's from the value's bytes (see decodeV2).
	dropped bool

	// On a v2-based build: the path of open containers, and the document that leads to the
	// first error (see decoder_stream_v2.go); first is the value's '{' or '[', lead the white
	// space before it.
	path     []pathLevel
	errDoc   []byte
	errAt    int
	errRel   int64
	first    byte
	lead     int64
	captured bool   // by captureMismatch, for the error being saved
	errName  []byte // the name of the member of the wrong kind, for captureMismatch

	// The state where buf starts, once the front of the value has been dropped.
	front      []byte
	frontAfter bool

	// work counts the bytes that more and moreString search and that read and refill move: the
	// cost of reading on, which must stay linear in the input whatever the sizes of the reads
	// (TestDecoderOneByteReadsLinear). Counted once per read, not per byte.
	work int64
}

// decodeStream decodes the next value in stream mode when it is an object or array, v is a zero
// value of a type that qualifies and no MaxInputSize is set; it reports false, with v as it was,
// otherwise.
//
// Under the checks of SetOptions, the cursor makes them as it reads (as Unmarshal's one pass
// does) and the value stays whole in the buffer: a value that breaks one, or any error, sends
// the Decoder back to the value's start, v set back to zero, to read it as before, the checks
// first (readValueOpt), so that the error and where the next Decode starts are what they were.
func (dec *Decoder) decodeStream(v any) (ok bool, err error) {
	rv := reflect.ValueOf(v)
	if dec.opt != nil && (dec.opt.limit > 0 || !streamChecks) || !onePass(rv) {
		return false, nil
	}
	if b, ok := dec.peekValue(); !ok || b != '{' && b != '[' {
		return false, nil
	}
	c, d, st := &dec.mem, &dec.d, &dec.st
	st.dropped = false
	st.seen, st.vis = len(dec.buf), len(dec.buf)
	if dec.rerr == nil {
		st.vis = lastDelim(dec.buf, dec.scanp) // the '{' or '[' at least
	}
	c.Reset(dec.buf[dec.scanp:st.vis])
	c.src, c.limit = dec, maxDepth
	st.mark, st.pinned, st.kinds = 0, 0, st.kinds[:0]
	if v2Based {
		st.path, st.errDoc, st.captured = st.path[:0], nil, false
		lead := len(c.data) - len(bytes.TrimLeft(c.data, " \t\r\n"))
		st.first, st.lead = c.data[lead], int64(lead)
	}
	if o := dec.opt; o != nil {
		c.setChecks(&o.check)
		st.pinned = 1 // nothing of the value is dropped: the way back needs it whole
	}
	d.r, d.data, d.saved, d.errStruct, d.errFields = c, nil, nil, nil, d.errFields[:0]
	err = d.unmarshal(v)
	if dec.opt != nil && (c.bad || err != nil || d.saved != nil) {
		c.src = nil
		rv.Elem().SetZero()
		d.saved, d.errStruct, d.errFields = nil, nil, d.errFields[:0]
		return false, nil
	}
	if v2Based && err != nil && !c.bad {
		dec.captureError(c) // the error that ends decoding is the one to report
	}
	if err != nil && !c.bad {
		dec.finish(c)
	}
	c.src = nil
	st.dropped = c.base > 0
	if c.bad {
		rv.Elem().SetZero()
		dec.scanned -= int64(c.base) // InputOffset stays at the value's start
		dec.err = dec.streamError(c)
		return true, dec.err
	}
	if err == nil {
		err = d.saved
	}
	if err != nil && c.base == 0 {
		// The value is whole in the buffer: its errors can be encoding/json's own (see
		// stdDecodeError).
		err = d.stdDecodeError(bytes.TrimLeft(dec.buf[dec.scanp:dec.scanp+c.pos], " \t\r\n"), v, err)
	} else if v2Based && err != nil {
		err = d.capturedError(st, v, err)
	}
	dec.scanBytes += int64(c.base)
	dec.valueEnd(c.pos)
	return true, err
}

// peekValue returns the first byte after white space in the unread input, reading as needed,
// or false at the end of the input.
func (dec *Decoder) peekValue() (byte, bool) {
	for i := dec.scanp; ; i++ {
		for i == len(dec.buf) {
			if dec.rerr != nil {
				return 0, false
			}
			i -= dec.scanp
			dec.compact()
			dec.refill()
		}
		if !isSpace(dec.buf[i]) {
			return dec.buf[i], true
		}
	}
}

// compact moves the unread data to the front of buf.
func (dec *Decoder) compact() {
	if dec.scanp > 0 {
		dec.scanned += int64(dec.scanp)
		dec.buf = dec.buf[:copy(dec.buf, dec.buf[dec.scanp:])]
		dec.scanp = 0
	}
}

// finish reads the rest of a value after decoding stopped on an error that is not a syntax
// error (an invalid ,string member, say): encoding/json has checked all of it first, and a
// syntax error after that point is the error to report. Every container still open had a
// member or element begun, since decoding stops only inside a value.
func (dec *Decoder) finish(c *cursor) {
	if c.want {
		c.SkipValue()
	}
	for c.depth > 0 && !c.bad {
		if dec.st.kinds[c.depth-1] == '{' {
			for o := (cursorObject{c: c, n: 1, nameOff: len(c.names)}); o.Next(); {
			}
		} else {
			for a := (cursorArray{c: c, n: 1}); a.Next(); {
			}
		}
	}
}

// streamError returns encoding/json's error for the value the cursor found bad.
func (dec *Decoder) streamError(c *cursor) error {
	data, base := dec.buf[dec.scanp:], dec.scanBytes+int64(c.base)
	if v2Based {
		// That encoding/json counts offsets from the start of the stream, tokens read
		// included; the caller has moved scanned back by the part dropped.
		base = dec.scanned + int64(c.base+dec.scanp)
	}
	if c.base > 0 {
		p := statePrefix(dec.st.front, dec.st.frontAfter)
		data = append(p, data...)
		base -= int64(len(p))
	}
	failed := dec.rerr != nil && dec.rerr != io.EOF
	if prefix, tokens := valuePrefix(dec.tokenState); v2Based && (failed || tokens > 0) {
		// That encoding/json's message depends on the tokens read before the value too (a ']'
		// where a member's value should be is "after object key:value pair" once Token has
		// read the member's name), and it wraps a read error or not by where it came: it is
		// shown the same, after a prefix that leads to the same state.
		src := io.MultiReader(strings.NewReader(prefix), bytes.NewReader(data))
		if failed {
			src = io.MultiReader(src, failingReader{dec.rerr})
		}
		d := json.NewDecoder(src)
		for range tokens {
			d.Token()
		}
		err := d.Decode(new(RawMessage))
		if se, ok := err.(*SyntaxError); ok {
			return offsetError(se, base-int64(len(prefix))+se.Offset)
		}
		return err
	}
	err := finalError(data, base)
	if err == io.ErrUnexpectedEOF && dec.rerr != nil && dec.rerr != io.EOF {
		return dec.rerr // the read failed before the value ended
	}
	return err
}

// valuePrefix returns JSON text, and the tokens it holds, after which a Decoder that has read
// those tokens with Token reads the next value with Decode in the given state: where
// decodeStream reads a value, after the comma or colon before it.
func valuePrefix(state int) (string, int) {
	switch state {
	case tokenArrayStart:
		return "[", 1
	case tokenArrayValue:
		return `["",`, 2
	case tokenObjectValue:
		return `{"a":`, 2
	}
	return "", 0
}

// statePrefix returns the shortest JSON text after which a scanner is where one is at the start
// of the innermost container's member or element (after its ',', or its opening bracket unless
// after), inside containers of the given kinds. A scanner's message for a syntax error depends
// only on that state. The member or element before is a string, which no byte can continue.
func statePrefix(kinds []byte, after bool) []byte {
	var p []byte
	for i, k := range kinds {
		switch last := i == len(kinds)-1; {
		case k == '{' && !last:
			p = append(p, `{"":`...)
		case k == '[' && !last:
			p = append(p, '[')
		case k == '{' && after:
			p = append(p, `{"":""`...)
		case k == '[' && after:
			p = append(p, `[""`...)
		default:
			p = append(p, k)
		}
	}
	return p
}

// opened records the kind of the container the cursor has just begun.
func (dec *Decoder) opened(c *cursor, b byte) {
	dec.st.kinds = append(dec.st.kinds[:c.depth-1], b)
	if v2Based {
		dec.trackOpen(c)
	}
}

// setMark records the start of a Next: what comes before it may be dropped.
func (dec *Decoder) setMark(c *cursor, after bool) {
	st := &dec.st
	st.mark, st.markDepth, st.markAfter = c.pos, c.depth, after
	if v2Based {
		dec.trackNext(c, after)
	}
}

// raw is the cursor's Raw in stream mode: the value's bytes stay in buf while it is read.
func (dec *Decoder) raw(c *cursor) []byte {
	dec.st.pinned++
	start := c.base + c.pos
	c.skip()
	dec.st.pinned--
	return c.data[start-c.base : c.pos]
}

// more reads on for the cursor, which has read all it sees, and reports whether it sees more.
// What moreString read past a string may already hold more to see.
func (dec *Decoder) more(c *cursor) bool {
	st := &dec.st
	for !c.bad {
		from := st.seen
		v := lastDelim(dec.buf, from)
		st.work += int64(len(dec.buf) - from)
		st.seen = len(dec.buf)
		if v > st.vis {
			dec.show(c, v)
			return true
		}
		if dec.rerr != nil {
			if st.vis == len(dec.buf) {
				return false
			}
			dec.show(c, len(dec.buf))
			return true
		}
		dec.read(c)
	}
	return false
}

// moreString reads on until the string whose opening quote is at the cursor, cut off by the end
// of what the cursor sees, ends or breaks, and reports whether the cursor then sees more of it.
// The string is stepped over once as it arrives (jsonstr.SkipStringFrom), not once per read. For
// a string to be decoded (value), the decode buffer is made as long as the literal at once,
// instead of growing as the string is decoded.
func (dec *Decoder) moreString(c *cursor, value bool) bool {
	from := c.pos + 1
	for !c.bad {
		// The string is read again once it has arrived, which checks it under strict strings.
		end, resume := jsonstr.SkipStringFrom(dec.buf[dec.scanp:], from, dec.rerr != nil)
		dec.st.work += int64(len(dec.buf) - dec.scanp - from)
		if end >= 0 {
			if dec.scanp+end <= dec.st.vis {
				return false
			}
			dec.show(c, dec.scanp+end)
			if n := end - c.pos; value && cap(c.str) < n {
				c.str = takeBuf(n)
			}
			return true
		}
		from = resume - c.pos
		dec.read(c)
		from += c.pos
	}
	return false
}

// show lets the cursor see buf up to end.
func (dec *Decoder) show(c *cursor, end int) {
	dec.st.vis = max(dec.st.vis, end)
	c.data = dec.buf[dec.scanp:dec.st.vis]
}

// streamKeep is the size of buffer below which a Decoder drops nothing from the value being read,
// so that a value that fits is read as encoding/json reads it: an error leaves it all in Buffered.
const streamKeep = 16 << 10

// streamChecks lets stream mode make the checks of SetOptions; tests turn it off to compare with
// the way without.
var streamChecks = true

// dropAlways makes read drop what the cursor is done with before every read, for tests.
var dropAlways = false

// read reads more input into buf. When buf is full, it first drops what comes before the value
// (values read before) and, once buf is at least streamKeep long, the part of the value the cursor
// is done with, if that is at least half of buf.
func (dec *Decoder) read(c *cursor) {
	st := &dec.st
	if cap(dec.buf)-len(dec.buf) < minRead || dropAlways {
		k := 0 // bytes of the value to drop
		if st.pinned == 0 && (dropAlways || len(dec.buf) >= streamKeep) {
			k = st.mark
		}
		if n := dec.scanp + k; n > 0 && (dropAlways || 2*n >= len(dec.buf)) {
			dec.keepName(c)
			if k > 0 {
				st.front = append(st.front[:0], st.kinds[:st.markDepth]...)
				st.frontAfter = st.markAfter
				c.base += k
				c.pos -= k
				st.mark = 0
			}
			dec.buf = dec.buf[:copy(dec.buf, dec.buf[n:])]
			st.work += int64(len(dec.buf))
			dec.scanned += int64(n)
			st.vis -= n
			st.seen = max(st.seen-n, 0)
			dec.scanp = 0
		}
	}
	dec.refill()
	c.data = dec.buf[dec.scanp:st.vis]
	if c.interned == nil && len(dec.buf) >= internFrom {
		c.interned = new([internSlots]string) // see intern
	}
}

// lastDelim returns the index after the last byte of b[from:] that cannot be part of a number
// or literal name (white space, punctuation or a quote), or 0 if there is none.
func lastDelim(b []byte, from int) int {
	for i := len(b) - 1; i >= from; i-- {
		if isDelim[b[i]] {
			return i + 1
		}
	}
	return 0
}

var isDelim = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, ',': true, ':': true,
	'[': true, ']': true, '{': true, '}': true, '"': true}

// cutOff reports whether the string at pos, which err ended, was cut off by the end of what the
// cursor sees in stream mode and has been read on: the caller then reads it again, decoding it
// into c.str if value.
func (c *cursor) cutOff(err *jsonstr.Error, value bool) bool {
	return c.src != nil && err.Code == jsonstr.ErrUnterminated && c.src.moreString(c, value)
}

// nameAgain is NextKey once the rest of a name cut off by the end of what the cursor saw has
// arrived: it reads the member from its name again, as the first one is read.
func (o *cursorObject) nameAgain(key *nameKey) bool {
	n := o.n
	o.n = 0
	ok := o.NextKey(key)
	if o.n > 0 {
		o.n = n
	}
	return ok
}

// keepName copies the cursor's current name into c.names when it is a view of buf, which a drop
// is about to move: NextKey reads on for the ':' after it. A name of the object's own is in
// c.names already; a view only ends where buf ends, with the same backing array.
func (dec *Decoder) keepName(c *cursor) {
	if n, m := cap(c.name), cap(dec.buf); n > 0 && m > 0 && &c.name[:n][n-1] == &dec.buf[:m][m-1] {
		c.names = append(c.names, c.name...)
		c.name = c.names[len(c.names)-len(c.name):]
	}
}
