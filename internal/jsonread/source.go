package jsonread

import (
	"io"
	"sync"

	"github.com/stridejson/stride/internal/jsonstr"
)

// A Source is the input of a Decoder: a buffer that an io.Reader fills, and, in stream mode, the
// Cursor's way to read on when it reaches the end of what it sees (Begin). So a huge value never
// sits whole in memory: the buffer holds what the Cursor has not finished, back to the start of
// the member or element being read, and what the last read brought.
//
// The Cursor sees the buffer up to its last white space or punctuation (see more), not to its
// end: a number or literal name that the Cursor sees is whole, so only white space, strings and
// the punctuation between them need reading on. A string cut off by the end of what the Cursor
// sees is scanned on as more arrives (moreString), once, and then read again from its start.
type Source struct {
	R       io.Reader
	Buf     []byte
	Scanp   int   // start of unread data in Buf
	Scanned int64 // bytes dropped from the front of Buf
	Rerr    error // the error of the last read, kept until the buffered data is used up

	// held is the most Buf has held from Scanp on at a refill (a value and what was read past
	// it) in this value, heldHist the same for the values before (see Done).
	held     int
	heldHist Recent

	vis    int // the end of what the Cursor sees of Buf
	seen   int // how far Buf has been searched for the end of what it may see
	Pinned int // values being read by Raw, whose bytes must stay in Buf; 1 keeps the value whole

	// Mark is where the innermost container's last Next began (in the Cursor's data), the point
	// before which Buf may be dropped; MarkDepth and MarkAfter are the state there: how many
	// containers were open, and whether the innermost had a member or element before it.
	Mark, MarkDepth int
	MarkAfter       bool

	Kinds []byte // '{' or '[' for each open container, outermost first

	// With TrackPath, the path of open containers (see PathLevel), kept for errors that name
	// the place of a value whose front has been dropped.
	TrackPath bool
	Path      []PathLevel

	// The state where Buf starts, once the front of the value has been dropped: the kinds of
	// the containers open there, and whether the innermost had a member or element before.
	Front      []byte
	FrontAfter bool

	// Work counts the bytes that more and moreString search and that read and Refill move, and
	// those the Decoder's scan of a number or literal name at the top level searches: the cost
	// of reading on, which must stay linear in the input whatever the sizes of the reads
	// (TestDecoderOneByteReadsLinear). Counted once per read, not per byte.
	Work int64
}

// A PathLevel is where decoding stands in one open container.
type PathLevel struct {
	Name  []byte // an object's: the name of the member being read (kept when a child opens)
	Index int    // an array's: the index of the element being read
	Mark  int    // where the member or element being read began, in the value
}

// minRead is the least room Refill reads into.
const minRead = 512

// Refill reads more input into Buf, growing it when it has little room left, to twice its size
// (and minRead more), from takeBuf. Indices into Buf stay valid, and so do views of the old
// buffer, which is never reused.
func (s *Source) Refill() {
	if cap(s.Buf)-len(s.Buf) < minRead {
		s.Buf = append(takeBuf(2*cap(s.Buf)+minRead), s.Buf...)
		s.Work += int64(len(s.Buf))
	}
	n, err := s.R.Read(s.Buf[len(s.Buf):cap(s.Buf)])
	s.Buf = s.Buf[:len(s.Buf)+n]
	s.held = max(s.held, len(s.Buf)-s.Scanp)
	s.Rerr = err
}

// Compact moves the unread data to the front of Buf.
func (s *Source) Compact() {
	if s.Scanp > 0 {
		s.Scanned += int64(s.Scanp)
		s.Buf = s.Buf[:copy(s.Buf, s.Buf[s.Scanp:])]
		s.Scanp = 0
	}
}

// PeekValue returns the first byte after white space in the unread input, reading as needed,
// or false at the end of the input.
func (s *Source) PeekValue() (byte, bool) {
	for i := s.Scanp; ; {
		if i = jsonstr.SpaceEnd(s.Buf, i); i < len(s.Buf) {
			return s.Buf[i], true
		}
		if s.Rerr != nil {
			return 0, false
		}
		i -= s.Scanp
		s.Compact()
		s.Refill()
	}
}

// Done moves past a value of n bytes (with the white space before it) that c decoded, and lets
// go of a buffer larger than recent values needed.
func (s *Source) Done(n int, c *Cursor) {
	s.Scanp += n
	need := s.heldHist.Keep(s.held) + minRead
	s.held = 0
	if s.Scanp == len(s.Buf) && cap(s.Buf) >= poolFrom {
		// Nothing read is left: the buffer goes to the next Decoder that grows one (see
		// Refill), and this one gets another when it reads again. What was decoded holds
		// copies, never views of the buffer.
		s.Scanned += int64(s.Scanp)
		putBuf(s.Buf)
		s.Buf, s.Scanp = nil, 0
		c.Data, c.Name = nil, nil
		if cap(c.Str) >= poolFrom {
			putBuf(c.Str)
			c.Str = nil
		}
	} else if cap(s.Buf) > 2*need+minRead && cap(s.Buf) >= poolFrom {
		s.shrink(need, c)
	}
}

// shrink moves the unread data to a buffer of need bytes (or what the data needs), as Buf is more
// than twice what the values of the last KeepDocs to 2*KeepDocs needed (and the room Refill
// keeps): one large value does not leave its buffer to the values after it. A new buffer, not
// one from readBufs, where the one let go is about to go.
//
// NOTE: without it a Decoder that read one 10 MB value kept its 16 MiB buffer through every
// value after it, unless one ended exactly where a read did. The doubling of Refill leaves Buf
// at most about twice what it held, plus minRead; the margin keeps that from shrinking.
func (s *Source) shrink(need int, c *Cursor) {
	unread := s.Buf[s.Scanp:]
	b := make([]byte, len(unread), max(need, len(unread)+minRead))
	copy(b, unread)
	s.Scanned += int64(s.Scanp)
	putBuf(s.Buf)
	s.Buf, s.Scanp = b, 0
	c.Data, c.Name = nil, nil
}

// readBufs holds the read buffers and string decode buffers of Decoders that used up all they had
// read (see Done), of at least poolFrom bytes, for the next Decoder that grows one of its own
// (takeBuf).
//
// NOTE: a Decoder made to read one document (a request body) grows its buffer from 512 bytes by
// doubling, about twice the document (or 64 KiB) allocated for each; Decode of openrtb_vast.json
// from an io.Reader was allocating 229 KB for 43 KB. Its 40 KB string took a decode buffer of its
// own for each document too, until those went to the pool as well.
var readBufs sync.Pool // *[]byte

const poolFrom = 4 << 10

// putBuf gives b to the pool of buffers.
func putBuf(b []byte) {
	b = b[:0]
	readBufs.Put(&b)
}

// takeBuf returns an empty buffer with room for n bytes: one from readBufs if the one there has
// that room and at most four times it (so that a Decoder holds little more than it needs), else a
// new one.
func takeBuf(n int) []byte {
	if p, ok := readBufs.Get().(*[]byte); ok {
		if n <= cap(*p) && cap(*p) <= 4*n {
			return *p
		}
		if cap(*p) > 4*n {
			readBufs.Put(p) // for a Decoder further on
		}
	}
	return make([]byte, 0, n)
}

// TakePooled gives s, before it reads, the buffer the pool holds, whatever its size, so that a
// Source that reads one value and then releases its buffer (UnmarshalRead) reads into the last
// one's rather than growing one from minRead bytes by doubling, as a Source kept for a stream does.
//
// NOTE: UnmarshalRead of twitter.json (632 KB) allocated 2.1 times the document, half of it
// buffers outgrown, and its GC cycles were a fifth of its time; takeBuf's bound (a pooled buffer at
// most four times the room asked for) is for a Decoder that holds its buffer.
func (s *Source) TakePooled() {
	if p, ok := readBufs.Get().(*[]byte); ok {
		if len(s.Buf) == 0 && cap(*p) > cap(s.Buf) {
			s.Buf = (*p)[:0]
		} else {
			readBufs.Put(p)
		}
	}
}

// Release gives Buf to the pool of read buffers, for the next Source that grows one, when
// nothing decoded holds a view of it; s reads into a new one if it reads again.
func (s *Source) Release() {
	if cap(s.Buf) >= poolFrom {
		s.Scanned += int64(len(s.Buf))
		putBuf(s.Buf)
		s.Buf, s.Scanp, s.vis, s.seen = nil, 0, 0, 0
	}
}

// Begin makes c read the value at the start of the unread input in stream mode, reading on as
// it needs; the value must be an object or array (PeekValue). With whole, nothing of the value
// is dropped from Buf while it is read.
func (s *Source) Begin(c *Cursor, whole bool) {
	s.seen, s.vis = len(s.Buf), len(s.Buf)
	if s.Rerr == nil {
		s.vis = lastDelim(s.Buf, s.Scanp) // the '{' or '[' at least
	}
	c.Reset(s.Buf[s.Scanp:s.vis])
	c.Src, c.Limit = s, MaxDepth
	s.Mark, s.Pinned, s.Kinds, s.Path = 0, 0, s.Kinds[:0], s.Path[:0]
	if whole {
		s.Pinned = 1
	}
}

// Finish ends stream mode for c: it reads only what it sees.
func (s *Source) Finish(c *Cursor) { c.Src = nil }

// opened records the kind of the container the Cursor has just begun.
func (s *Source) opened(c *Cursor, b byte) {
	s.Kinds = append(s.Kinds[:c.Depth-1], b)
	if s.TrackPath {
		s.trackOpen(c)
	}
}

// setMark records the start of a Next: what comes before it may be dropped.
func (s *Source) setMark(c *Cursor, after bool) {
	s.Mark, s.MarkDepth, s.MarkAfter = c.Pos, c.Depth, after
	if s.TrackPath {
		s.trackNext(c, after)
	}
}

// trackOpen follows a container opened at depth c.Depth.
func (s *Source) trackOpen(c *Cursor) {
	l := c.Depth - 1
	if l < cap(s.Path) {
		s.Path = s.Path[:l+1]
	} else {
		s.Path = append(s.Path[:cap(s.Path)], make([]PathLevel, l+1-cap(s.Path))...)
	}
	if l > 0 && s.Kinds[l-1] == '{' {
		p := &s.Path[l-1]
		p.Name = append(p.Name[:0], c.Name...)
	}
	s.Path[l].Index = 0
}

// trackNext follows a Next of the innermost container: the next element of an array.
func (s *Source) trackNext(c *Cursor, after bool) {
	if l := c.Depth - 1; l >= 0 && l < len(s.Path) {
		p := &s.Path[l]
		p.Mark = c.Base + c.Pos
		if s.Kinds[l] == '[' {
			if after {
				p.Index++
			} else {
				p.Index = 0
			}
		}
	}
}

// raw is the Cursor's Raw in stream mode: the value's bytes stay in Buf while it is read.
func (s *Source) raw(c *Cursor) []byte {
	s.Pinned++
	start := c.Base + c.Pos
	c.skip()
	s.Pinned--
	return c.Data[start-c.Base : c.Pos]
}

// more reads on for the Cursor, which has read all it sees, and reports whether it sees more.
// What moreString read past a string may already hold more to see.
func (s *Source) more(c *Cursor) bool {
	for !c.Bad {
		from := s.seen
		v := lastDelim(s.Buf, from)
		s.Work += int64(len(s.Buf) - from)
		s.seen = len(s.Buf)
		if v > s.vis {
			s.show(c, v)
			return true
		}
		if s.Rerr != nil {
			if s.vis == len(s.Buf) {
				return false
			}
			s.show(c, len(s.Buf))
			return true
		}
		s.read(c)
	}
	return false
}

// moreString reads on until the string whose opening quote is at the Cursor, cut off by the end
// of what the Cursor sees, ends or breaks, and reports whether the Cursor then sees more of it.
// The string is stepped over once as it arrives (jsonstr.SkipStringFrom), not once per read. For
// a string to be decoded (value), the decode buffer is made as long as the literal at once,
// instead of growing as the string is decoded.
func (s *Source) moreString(c *Cursor, value bool) bool {
	from := c.Pos + 1
	for !c.Bad {
		// The string is read again once it has arrived, which checks it under strict strings.
		end, resume := jsonstr.SkipStringFrom(s.Buf[s.Scanp:], from, s.Rerr != nil)
		s.Work += int64(len(s.Buf) - s.Scanp - from)
		if end >= 0 {
			if s.Scanp+end <= s.vis {
				return false
			}
			s.show(c, s.Scanp+end)
			if n := end - c.Pos; value && cap(c.Str) < n {
				c.Str = takeBuf(n)
			}
			return true
		}
		from = resume - c.Pos
		s.read(c)
		from += c.Pos
	}
	return false
}

// show lets the Cursor see Buf up to end.
func (s *Source) show(c *Cursor, end int) {
	s.vis = max(s.vis, end)
	c.Data = s.Buf[s.Scanp:s.vis]
}

// StreamKeep is the size of buffer below which a Source drops nothing from the value being read,
// so that a value that fits is read as encoding/json reads it: an error leaves it all in Buffered.
const StreamKeep = 16 << 10

// DropAlways makes read drop what the Cursor is done with before every read, for tests.
var DropAlways = false

// read reads more input into Buf. When Buf is full, it first drops what comes before the value
// (values read before) and, once Buf is at least StreamKeep long, the part of the value the
// Cursor is done with, if that is at least half of Buf.
func (s *Source) read(c *Cursor) {
	if cap(s.Buf)-len(s.Buf) < minRead || DropAlways {
		k := 0 // bytes of the value to drop
		if s.Pinned == 0 && (DropAlways || len(s.Buf) >= StreamKeep) {
			k = s.Mark
		}
		if n := s.Scanp + k; n > 0 && (DropAlways || 2*n >= len(s.Buf)) {
			s.keepName(c)
			if k > 0 {
				s.Front = append(s.Front[:0], s.Kinds[:s.MarkDepth]...)
				s.FrontAfter = s.MarkAfter
				c.Base += k
				c.Pos -= k
				s.Mark = 0
			}
			s.Buf = s.Buf[:copy(s.Buf, s.Buf[n:])]
			s.Work += int64(len(s.Buf))
			s.Scanned += int64(n)
			s.vis -= n
			s.seen = max(s.seen-n, 0)
			s.Scanp = 0
		}
	}
	s.Refill()
	c.Data = s.Buf[s.Scanp:s.vis]
	if c.Interned == nil && len(s.Buf) >= InternFrom {
		c.Interned = new([InternSlots]string) // see intern
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

// cutOff reports whether the string at Pos, which err ended, was cut off by the end of what the
// Cursor sees in stream mode and has been read on: the caller then reads it again, decoding it
// into c.Str if value.
func (c *Cursor) cutOff(err *jsonstr.Error, value bool) bool {
	return c.Src != nil && err.Code == jsonstr.ErrUnterminated && c.Src.moreString(c, value)
}

// nameAgain is NextKey once the rest of a name cut off by the end of what the Cursor saw has
// arrived: it reads the member from its name again, as the first one is read.
func (o *ObjectIter) nameAgain(key *NameKey) bool {
	n := o.n
	o.n = 0
	ok := o.NextKey(key)
	if o.n > 0 {
		o.n = n
	}
	return ok
}

// keepName copies the Cursor's current name into c.Names when it is a view of Buf, which a drop
// is about to move: NextKey reads on for the ':' after it. A name of the object's own is in
// c.Names already; a view only ends where Buf ends, with the same backing array.
func (s *Source) keepName(c *Cursor) {
	if n, m := cap(c.Name), cap(s.Buf); n > 0 && m > 0 && &c.Name[:n][n-1] == &s.Buf[:m][m-1] {
		c.Names = append(c.Names, c.Name...)
		c.Name = c.Names[len(c.Names)-len(c.Name):]
	}
}

// IsSpace reports whether b is one of JSON's four white-space characters.
func IsSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// ReadRest reads the rest of a value after decoding stopped on an error that is not a syntax
// error (an invalid ,string member, say): encoding/json has checked all of it first, and a
// syntax error after that point is the error to report. Every container still open had a
// member or element begun, since decoding stops only inside a value.
func (s *Source) ReadRest(c *Cursor) {
	if c.Want {
		c.SkipValue()
	}
	for c.Depth > 0 && !c.Bad {
		if s.Kinds[c.Depth-1] == '{' {
			for o := (ObjectIter{c: c, n: 1, nameOff: len(c.Names)}); o.Next(); {
			}
		} else {
			for a := (ArrayIter{c: c, n: 1}); a.Next(); {
			}
		}
	}
}
