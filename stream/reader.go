package stream

import (
	"io"

	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/jsonstr"
	"github.com/stridejson/stride/internal/nameset"
)

// A Reader is a strict pull parser for JSON text (RFC 8259), read from memory (NewReader) or from an
// io.Reader (NewStreamReader). Both read the same bytes the same way: same values, same errors.
//
// Read a value with the method for its kind (Null, Bool, Int64, Uint64, Float64, Number, String,
// StringBytes), step through containers with Object and Array, or take a value whole with Raw or
// SkipValue. Kind says what comes next. Errors are sticky: after the first one every method returns
// a zero value and Err reports it, so a hand-written decoder checks once at the end:
//
//	for obj := r.Object(); obj.Next(); {
//		switch string(obj.Name()) {
//		case "id":
//			id = r.Int64()
//		case "tags":
//			for arr := r.Array(); arr.Next(); {
//				tags = append(tags, r.String())
//			}
//		}
//	}
//	if err := r.Err(); err != nil { ... }
//
// A member or element the loop body does not read is skipped (and validated) by the next call of Next.
// Several top-level values may follow each other (NDJSON, concatenated JSON): read them while More
// reports true, or call End to require that only white space remains.
//
// Byte slices the Reader returns (StringBytes, Number, Raw, and Name of an ObjectIter) are views of
// the input or of the Reader's buffers: valid until the next call on the Reader (Name: until the next
// call of that object's Next), never to be modified. A Reader is not safe for concurrent use; reuse
// one with Reset or ResetReader to keep its buffers. The buffers keep the size the longest string
// (and, from an io.Reader, the longest token) of the last 16 to 32 documents needed, and shrink to
// it only when they are more than twice that.
//
// The Reader holds its state in concrete fields rather than behind interfaces (a call through an
// interface per token would cost more than most tokens), and a memory reader is a stream reader whose
// buffer is the whole input and whose refill always reports the end, so one code path serves both.
// A string or name is found and decoded in one pass when its closing quote is in the buffer (always
// for a memory reader); a stream reader scans one that the buffer cuts as more arrives, then decodes
// it. Short plain ASCII literals take a word-at-a-time path of this package (skip_string.go), tested
// against the kernel it stands in for. SkipValue, Raw and the values Next skips are walked by
// jsonread.Skip, the walk the codecs' Cursor skips with; the Reader reads what it leaves.
type Reader struct {
	buf  []byte    // the input (memory) or a window of it (stream); buf[pos:] is unread
	pos  int       // next unread byte in buf
	src  io.Reader // nil for a memory reader
	base int64     // input offset of buf[0]
	eof  bool      // no more bytes will come
	err  error     // the sticky error

	state   uint8         // stValue, stAfter or stOpen
	stack   []frame       // open containers
	names   []byte        // names of the current members of the open objects that needed a copy, back to back
	skipper jsonread.Skip // the walk of SkipValue and Raw

	str     []byte          // decode buffer for StringBytes
	strMax  int             // longest string decoded in this document
	strHist jsonread.Recent // longest strings of the documents before

	// stream state
	win     []byte          // the stream buffer; buf is win[:n]
	pin     int             // index in buf before which Raw needs bytes kept, or -1
	total   int64           // bytes read from src
	srcErr  error           // a read error waiting behind bytes that came with it
	lines   int64           // newlines in bytes dropped from the buffer
	lineOff int64           // input offset just after the last dropped newline
	bufMax  int             // the most room one token needed in this document (since the last ResetReader)
	winHist jsonread.Recent // the most room of the documents before
	scanned int64           // bytes handed to the scans of tokens cut by the buffer's end (TestRefillLinear)

	opts ReaderOptions
	dups []nameset.Set // names seen per open object, with RejectDuplicateNames
	dupB []byte

	// rawUTF8 makes the steps over string literals and names (the walk's, jsonread.Skip.RawUTF8,
	// and skipStr's for what it leaves: all that SkipValue and Raw read, and what Next skips)
	// reject invalid UTF-8 while accepting every \uXXXX escape, paired or not: the check
	// Writer.Raw needs, since it must not write invalid UTF-8 and must pass whatever JSON's grammar
	// allows. StrictStrings rejects more (unpaired surrogate escapes) and wins where both are set.
	// The decoding methods (String, StringBytes, Name) do not look at it. Reset and ResetReader
	// keep it.
	rawUTF8 bool

	tokStart int  // where the token ReadToken or ReadValue reads begins in buf
	tokPlain bool // the string ReadToken read last has no escapes and no invalid UTF-8

	found []uint64 // Find's record of the nodes of its Query found, a bit each
}

// Reader states: whether a value is expected next, or a value has just ended, or a container has just
// opened (before the first call of Next). Inside a container, a value may be read only in stValue,
// so that the methods check one field per token (not the state and the count of the innermost frame).
const (
	stValue uint8 = iota
	stAfter
	stOpen
	stName // after a name read by ReadToken, before its ':' (reader_token.go)
)

// A frame is an open container.
type frame struct {
	obj     bool
	n       int    // members or elements begun
	nameOff int    // where this object's names go in r.names
	name    []byte // the current member's name: a view of the input, or of r.names
}

// ReaderOptions set a Reader's limits and strictness. The zero value of each field means its default.
type ReaderOptions struct {
	// MaxDepth is the deepest nesting of arrays and objects allowed; default 10,000.
	MaxDepth int
	// MaxTokenSize bounds one token the Reader holds whole (a string or name it decodes, a number,
	// the whole value read by Raw) read from an io.Reader, and so the Reader's buffer; default 64
	// MiB. A string or name skipped (by SkipValue, or Next) is checked in bounded room as it
	// arrives, whatever its length.
	MaxTokenSize int
	// MaxInputSize bounds the bytes read from an io.Reader; default no limit.
	MaxInputSize int64
	// BufferSize is the initial buffer size of a stream reader; default 4 KiB.
	BufferSize int
	// StrictStrings rejects invalid UTF-8 and unpaired surrogate escapes in strings and names. By
	// default they are replaced by U+FFFD, as encoding/json does.
	StrictStrings bool
	// RejectDuplicateNames rejects an object with two members of the same name. By default both are
	// read. (Checking allocates only for objects of more than 16 members, once the Reader is
	// warm; the default path never does.)
	RejectDuplicateNames bool
	// UncheckedSkip makes the Reader step over the arrays and objects it skips (SkipValue, and
	// the values Next, Seek and Find pass over) by matching brackets and quotes only, several
	// times as fast: nothing inside them is checked, not even that they are JSON, and MaxDepth
	// does not bound them (their depth costs no stack). Bad input there goes unreported, or
	// misleads the Reader about where the value ends; only the values the Reader reads (names it
	// compares, scalars, Raw, which checks as always) are checked. For input from a trusted
	// source, where speed matters more than finding out that it is not JSON.
	UncheckedSkip bool
}

const (
	defaultMaxDepth     = 10_000
	defaultMaxTokenSize = 64 << 20
	defaultBufferSize   = 4 << 10
	minBufferSize       = 64
)

func (o *ReaderOptions) fill(opts []ReaderOptions) {
	for _, x := range opts {
		*o = x
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = defaultMaxDepth
	}
	if o.MaxTokenSize <= 0 {
		o.MaxTokenSize = defaultMaxTokenSize
	}
	if o.BufferSize <= 0 {
		o.BufferSize = defaultBufferSize
	}
	o.BufferSize = max(min(o.BufferSize, o.MaxTokenSize), minBufferSize)
}

// NewReader returns a Reader of data, which it reads in place without copying. Pass at most one
// ReaderOptions.
func NewReader(data []byte, opts ...ReaderOptions) *Reader {
	r := &Reader{}
	r.opts.fill(opts)
	r.Reset(data)
	return r
}

// NewStreamReader returns a Reader of the JSON text read from src through a buffer that starts at
// ReaderOptions.BufferSize and grows only when one token needs more, up to MaxTokenSize. It reads src
// as the values being read need it, never the whole input first; like encoding/json's Decoder it
// may read ahead of the current value, and it needs the byte after a number or a literal to see where
// that ends. Errors from src are returned as they are. Pass at most one ReaderOptions.
func NewStreamReader(src io.Reader, opts ...ReaderOptions) *Reader {
	r := &Reader{}
	r.opts.fill(opts)
	r.ResetReader(src)
	return r
}

// SetOptions sets r's options (the zero value of a field meaning its default) for the input that
// the next call of Reset or ResetReader gives it.
func (r *Reader) SetOptions(opts ReaderOptions) {
	r.opts = ReaderOptions{}
	r.opts.fill([]ReaderOptions{opts})
}

// Buffered returns the bytes of the input r holds but has not read: for a memory reader the rest
// of the input, for a stream reader what it has read from its io.Reader ahead of the next token. It
// is a view of r's buffer, valid until the next call on r.
func (r *Reader) Buffered() []byte { return r.buf[r.pos:] }

// Reset makes r read data from the start, keeping its options and buffers. A zero Reader reads with
// the default options once Reset or ResetReader has given it an input.
func (r *Reader) Reset(data []byte) {
	r.reset()
	r.src, r.buf, r.eof = nil, data, true
}

// ResetReader makes r read from src from the start, keeping its options and buffers.
func (r *Reader) ResetReader(src io.Reader) {
	r.reset()
	// The same policy as the decode buffer's (see reset): the buffer keeps the size the tokens of
	// recent documents needed, and lets go of what one huge token made it.
	keep := r.winHist.Keep(r.bufMax)
	if cap(r.win) > 2*keep && cap(r.win) > r.opts.BufferSize {
		r.win = nil
	}
	if r.win == nil {
		r.win = make([]byte, max(keep, r.opts.BufferSize))
	}
	r.bufMax = 0
	r.win = r.win[:cap(r.win)]
	r.src, r.buf, r.eof = src, r.win[:0], false
}

func (r *Reader) reset() {
	if r.opts.MaxDepth == 0 {
		r.opts.fill(nil) // the zero Reader
	}
	// The decode buffer keeps the size the strings of recent documents needed (see
	// jsonread.Recent and Shrunk).
	r.str = jsonread.Shrunk(r.str, r.strHist.Keep(r.strMax))
	r.strMax = 0
	r.pos, r.base, r.err, r.state = 0, 0, nil, stValue
	r.stack, r.names = r.stack[:0], r.names[:0]
	r.skipper.Forget() // its masks are of the last input
	r.pin, r.total, r.srcErr, r.lines, r.lineOff = -1, 0, nil, 0, 0
}

// Err returns the first error the Reader met, or nil.
func (r *Reader) Err() error { return r.err }

// InputOffset returns the input offset of the next unread byte.
func (r *Reader) InputOffset() int64 { return r.base + int64(r.pos) }

// Depth returns the number of arrays and objects open around the next value.
func (r *Reader) Depth() int { return len(r.stack) }

// Kind reports the kind of the next value without reading it. It returns KindNone after an error,
// at the end of the input, where the end of a container comes next or a name is expected, and where
// the next byte starts no value (the method that reads it then reports the error).
func (r *Reader) Kind() Kind {
	if r.err != nil || r.state != stValue && len(r.stack) > 0 {
		return KindNone // after a value, or just inside '[' or '{' (Next has not been called)
	}
	c := r.ws()
	ok := c != 0 || r.pos < len(r.buf)
	if !ok {
		return KindNone
	}
	return kindOf(c)
}

// More reports whether another top-level value follows: after skipping white space, whether input
// remains. Inside a container it reports false.
func (r *Reader) More() bool {
	if r.err != nil || len(r.stack) > 0 {
		return false
	}
	c := r.ws()
	ok := c != 0 || r.pos < len(r.buf)
	return ok
}

// End requires the end of the input: only white space may follow the values read. It returns the
// sticky error, or a *SyntaxError for anything else that follows, or nil. Inside a container, End
// reports the container as unterminated.
func (r *Reader) End() error {
	if r.err != nil {
		return r.err
	}
	if len(r.stack) > 0 {
		r.state = stAfter // the error names the innermost open container
		r.fail(len(r.buf), "unexpected end of input", "end of "+r.containerName())
		return r.err
	}
	c := r.ws()
	ok := c != 0 || r.pos < len(r.buf)
	if ok {
		r.failChar(r.pos, c, "after top-level value", "end of input")
	}
	return r.err
}

// ws skips white space and returns the next byte. It returns 0 at the end of the input or after an
// error, with r.pos == len(r.buf); a NUL byte in the input comes back as 0 with r.pos < len(r.buf).
// It may refill the buffer.
func (r *Reader) ws() (c byte) {
	// NOTE: kept within the inlining budget (go build -gcflags=-m; TestInlining), as it runs before
	// every token and most tokens of compact JSON follow no space.
	if r.pos < len(r.buf) {
		c = r.buf[r.pos]
	}
	if c <= ' ' {
		c = r.wsSlow()
	}
	return
}

func (r *Reader) wsSlow() byte {
	for {
		if i := jsonstr.SpaceEnd(r.buf, r.pos); i < len(r.buf) {
			r.pos = i
			return r.buf[i]
		}
		r.pos = len(r.buf)
		if _, ok := r.more(); !ok {
			return 0
		}
	}
}

// peek returns the first byte of the value to read when it can be read at once and follows no white
// space, as in compact JSON or after ": "; otherwise 0 (or the white space), and the caller calls
// value. It is small enough to inline (TestInlining), which saves the read methods a call per token
// in the common case; value does the whole check.
func (r *Reader) peek() (c byte) {
	if r.state == stValue && r.err == nil && r.pos < len(r.buf) {
		c = r.buf[r.pos]
	}
	return
}

// value begins reading a value: it returns the value's first byte, or ok false with r.err set.
func (r *Reader) value() (byte, bool) {
	if r.err != nil {
		return 0, false
	}
	if r.state != stValue && len(r.stack) > 0 {
		r.failUsage() // a second value without Next between, or a value before the first Next
		return 0, false
	}
	c := r.ws()
	if c == 0 && r.pos >= len(r.buf) {
		if r.err == nil {
			r.noElement(0, true)
		}
		r.failEnd("", "value") // a read error, already recorded, stays
		return 0, false
	}
	return c, true
}

// decode appends the value of the literal buf[start:end], already checked, to dst.
func (r *Reader) decode(dst []byte, start, end int) []byte {
	dst, _ = jsonstr.AppendUnquote(dst, r.buf[start:end], r.opts.StrictStrings)
	return dst
}
