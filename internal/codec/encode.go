package codec

import (
	"encoding/json"
	"io"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/stridejson/stride/internal/jsonfmt"
	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/internal/rawfield"
	"github.com/stridejson/stride/stream"
)

// An EncodeState is the output of one Marshal or Encode call: the buffer every encoder appends
// to, the escaping choice, the cycle check's state and, for an Encoder, the destination that full
// chunks go to.
type EncodeState struct {
	Buf      []byte
	pol      *escPolicy      // the escaping policy (see SetEscaper)
	esc      *stream.Escaper // pol.esc
	html     bool            // pol.html
	qerr     error           // the first error of esc (RejectInvalidUTF8), returned once the value is done
	ptrLevel int
	ptrSeen  map[any]struct{}
	entries  []mapEntry // members of the maps being written (encodeMap)
	order    []int32    // their order by key, per map (encodeMap)
	top      any        // the value of the Marshal or Encode call, encoded from here by address

	dst   io.Writer         // streaming Encoder, or nil
	chunk int               // hand buf to dst once it holds this much
	ind   *jsonfmt.Indenter // indents on the way to dst, or nil
	Werr  error             // dst's error

	// Under encoding/json/v2's semantics (encode_v2.go): the call's options, the depth of
	// objects and arrays open, whether a map key is being written, and the bytes already handed
	// to dst (for error offsets).
	v2      *V2Options
	v2o     V2Options       // what v2 points to, for a v2 call (see V2Options)
	v2s     jsonopts.Struct // the call's options, folded
	boxes   []*any          // an interface box per depth (v2AnyMap)
	depth   int
	inName  bool
	forced  bool // the value at hand is addressable only as a copy (CallMethodsWithLegacySemantics)
	written int64
}

// An encoderFunc appends the value of its type at p to e.Buf (see encode_addr.go).
type encoderFunc func(e *EncodeState, p rawfield.Pointer) error

// startCycleCheck is the pointer depth from which pointers, maps and slices are remembered to find
// cycles, as encoding/json does: shallow values pay nothing for the check.
const startCycleCheck = 1000

// enter records the container or pointer p (its identity as a comparable value) on the way down;
// it reports false when p closes a cycle, whose error cycleError builds.
func (e *EncodeState) enter(p any) bool {
	if e.ptrLevel++; e.ptrLevel > startCycleCheck {
		if _, ok := e.ptrSeen[p]; ok {
			return false
		}
		if e.ptrSeen == nil {
			e.ptrSeen = make(map[any]struct{})
		}
		e.ptrSeen[p] = struct{}{}
	}
	return true
}

// cycleError is the error of a cycle through v.
func cycleError(v reflect.Value) error {
	return &json.UnsupportedValueError{Value: v, Str: "encountered a cycle via " + v.Type().String()}
}

// leave undoes enter on the way up.
func (e *EncodeState) leave(p any) {
	if e.ptrLevel > startCycleCheck {
		delete(e.ptrSeen, p)
	}
	e.ptrLevel--
}

// quote appends s as a string literal under the state's escaping. Only a custom Escaper with
// RejectInvalidUTF8 fails; the error is kept in e.qerr (see failQuote) and s is left out.
func (e *EncodeState) quote(s string) {
	if e.dst != nil && len(s) > e.chunk {
		e.quoteLong(s)
		return
	}
	b, err := e.esc.AppendQuote(e.Buf, s)
	if err != nil {
		e.failQuote(err, 0)
		return
	}
	e.took(b)
}

// quoteLong streams a string longer than a chunk in pieces of at most a chunk, flushing after
// each. A piece ends before a byte that starts a character, never inside a valid UTF-8 sequence;
// escaping is decided character by character (each invalid byte alone), so the pieces come out as
// the whole string would. (Inside a run of more than a chunk of continuation bytes, all invalid,
// any cut is safe.)
func (e *EncodeState) quoteLong(s string) {
	e.put('"')
	done := 0 // bytes of s written
	for len(s) > 0 {
		n := pieceLen(s, e.chunk)
		at := len(e.Buf)
		var err error
		if e.Buf, err = e.esc.AppendQuote(e.Buf, s[:n]); err != nil {
			e.failQuote(err, done)
			return
		}
		e.Buf = append(e.Buf[:at], e.Buf[at+1:len(e.Buf)-1]...) // drop the piece's own quotes
		s, done = s[n:], done+n
		e.maybeFlush()
	}
	e.put('"')
}

// pieceLen is how much of s the next piece of a long string takes: at most chunk bytes, ending
// before a byte that starts a character (see quoteLong).
func pieceLen(s string, chunk int) int {
	n := min(len(s), chunk)
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	if n == 0 {
		n = chunk
	}
	return n
}

// maybeFlush hands the buffer to a streaming Encoder's destination once it holds a chunk. It is
// called between elements and members, so a value larger than a chunk never sits whole in memory.
func (e *EncodeState) maybeFlush() {
	if e.dst != nil && len(e.Buf) >= e.chunk {
		e.Flush()
	}
}

// Flush hands the buffer to dst (through the indenter, if any) and empties it: between members
// and elements, and at the end of a value written by MarshalV2.
func (e *EncodeState) Flush() { e.deliver(false) }

// SetDepth tells e how many objects and arrays are open around the value it writes next (an
// Encoder's, for MarshalEncode), from which the cycle check counts.
func (e *EncodeState) SetDepth(n int) { e.depth = n }

// V2Options returns the options of a v2 call and the folded options they are read from, both
// held in e (empty), for the front end to fill in before MarshalV2.
func (e *EncodeState) V2Options() (*V2Options, *jsonopts.Struct) { return &e.v2o, &e.v2s }

// StreamTo makes e an Encoder's: it hands its output to w once it holds chunk bytes, indented by
// ind on the way if ind is not nil.
func (e *EncodeState) StreamTo(w io.Writer, chunk int, ind *jsonfmt.Indenter) {
	e.dst, e.chunk, e.ind = w, chunk, ind
}

// EndLine hands the rest of the value to dst with a newline after it, as an Encoder ends each
// value; Werr holds the destination's first error.
func (e *EncodeState) EndLine() { e.deliver(true) }

// deliver hands the buffer to dst (through the indenter, if any), followed by a newline if line,
// and empties it. Once dst has failed nothing more is written: a stream with a gap would be
// corrupt.
func (e *EncodeState) deliver(line bool) {
	if e.Werr == nil && e.qerr == nil && (len(e.Buf) > 0 || line) {
		out := e.Buf
		if e.ind != nil {
			out = e.ind.Feed(out)
		}
		if line {
			out = append(out, '\n')
		}
		e.Werr = writeAll(e.dst, out)
	}
	e.written += int64(len(e.Buf))
	e.Buf = e.Buf[:0]
}

// writeAll writes p to w, reporting io.ErrShortWrite for a short count without an error, which
// the io.Writer contract forbids: the destination has missed bytes, so the stream is broken.
func writeAll(w io.Writer, p []byte) error {
	n, err := w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	return err
}

var statePool = sync.Pool{New: func() any { return new(EncodeState) }}

// bufHint is the capacity a new encodeState's buffer starts with: that of the last state freed.
//
// NOTE: sync.Pool lets idle states go at garbage collections, which come every few calls when
// each Marshal allocates megabytes; a new state's buffer then grew from nothing by doubling, an
// allocation per step (canada.json: 7 allocations per Marshal on average). Starting at the size
// the last value needed makes that one.
var bufHint atomic.Int64

func NewState(html bool) *EncodeState {
	e := statePool.Get().(*EncodeState)
	if e.Buf == nil {
		if n := bufHint.Load(); n > 0 {
			e.Buf = make([]byte, 0, n)
		}
	}
	e.Buf = e.Buf[:0]
	e.setHTML(html)
	return e
}

func (e *EncodeState) setHTML(html bool) {
	if html {
		e.setPolicy(htmlPolicy)
	} else {
		e.setPolicy(plainPolicy)
	}
}

// Free returns e to the pool, unless its buffer grew too big to keep.
func (e *EncodeState) Free() {
	if cap(e.Buf) > 16<<20 { // sync.Pool drops idle states at GC anyway; this bounds one outlier
		e.Buf = nil
	}
	if n := int64(cap(e.Buf)); n != bufHint.Load() { // no store, and no cache line shared for writing, in a steady state
		bufHint.Store(n)
	}
	e.ptrLevel, e.ptrSeen = 0, nil
	if cap(e.entries) > 1<<16 {
		e.entries, e.order = nil, nil
	}
	e.dst, e.ind, e.Werr, e.qerr = nil, nil, nil, nil
	e.v2, e.depth, e.inName, e.forced, e.written = nil, 0, false, false, 0
	e.v2o, e.v2s = V2Options{}, jsonopts.Struct{}
	statePool.Put(e)
}

// MarshalValue appends v as JSON. v is encoded by address as the content of an interface, held
// in e.top for the call: not addressable, as in encoding/json.
func (e *EncodeState) MarshalValue(v any) error {
	if v == nil {
		e.puts("null")
		return nil
	}
	e.top = v
	err := anyEncoder(e, rawfield.Of(&e.top))
	e.top = nil
	if err != nil {
		return stdEncodeError(v, err)
	}
	return e.qerr
}

// encKey names a cached encoder: the type, whether the `string` tag option applies, and whether
// the values it is given count as addressable, which lets a value use a json.Marshaler or
// TextMarshaler method on *t, as encoding/json's do: what is reached through a pointer or a
// slice is, a map's values and what an interface holds are not, and struct members and array
// elements are as their container is. (Every value is encoded by address either way.)
type encKey struct {
	t            reflect.Type
	quoted, addr bool
}

// addrSensitive reports whether encoding a value of type t can depend on whether it is
// addressable: whether t, or a struct field or array element held in it by value, has MarshalJSON
// or MarshalText on its pointer only. (What is reached through a pointer, slice, map or interface
// is encoded the same either way.) For such a type the two encKeys share an encoder.
func addrSensitive(t reflect.Type) bool {
	return heldByValue(t, func(t reflect.Type) bool {
		pt := reflect.PointerTo(t)
		return implementsMarshaler(pt) || implementsText(pt)
	})
}

// heldByValue reports whether has holds for t, or for a struct field or array element held in
// it by value (what is reached through a pointer, slice, map or interface is left out).
func heldByValue(t reflect.Type, has func(reflect.Type) bool) bool {
	if t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
		return false
	}
	if has(t) {
		return true
	}
	switch t.Kind() {
	case reflect.Array:
		return heldByValue(t.Elem(), has)
	case reflect.Struct:
		for i := range t.NumField() {
			if heldByValue(t.Field(i).Type, has) {
				return true
			}
		}
	}
	return false
}

// encoders caches an encoderFunc per encKey (see cached).
var encoders sync.Map

// typeEncoder is the encoder of values of type t that count as addressable or not.
func typeEncoder(t reflect.Type, addr bool) encoderFunc { return cachedEncoder(encKey{t, false, addr}) }

func cachedEncoder(k encKey) encoderFunc {
	if !k.addr && !addrSensitive(k.t) {
		k.addr = true // one encoder for both
	}
	return cached(&encoders, k, func() encoderFunc { return newEncoder(k.t, k.quoted, k.addr) },
		func(wg *sync.WaitGroup, f *encoderFunc) encoderFunc {
			return func(e *EncodeState, p rawfield.Pointer) error { wg.Wait(); return (*f)(e, p) }
		})
}

// newEncoder builds the encoder for t. With addr, a method on *t is used, as encoding/json does
// for an addressable value; quoted is the `string` tag option.
func newEncoder(t reflect.Type, quoted, addr bool) encoderFunc {
	pt := reflect.PointerTo(t)
	onPtr := t.Kind() != reflect.Pointer && addr
	if V2Based {
		// MarshalJSONTo comes before MarshalJSON, on *t for an addressable value first.
		if onPtr && implementsMarshalerTo(pt) {
			return func(e *EncodeState, p rawfield.Pointer) error { return e.appendStd(reflect.NewAt(t, p).Interface()) }
		}
		if implementsMarshalerTo(t) {
			return marshalToEncoder(t)
		}
	}
	if onPtr && pt.Implements(marshalerType) {
		return func(e *EncodeState, p rawfield.Pointer) error {
			return appendMarshaler(e, reflect.NewAt(t, p).Interface().(json.Marshaler), t)
		}
	}
	if t.Implements(marshalerType) {
		return marshalerEncoder(t)
	}
	if V2Based {
		// AppendText comes before MarshalText, on *t for an addressable value first.
		if onPtr && pt.Implements(textAppenderType) {
			return func(e *EncodeState, p rawfield.Pointer) error {
				return appendText(e, reflect.NewAt(t, p).Interface(), t, appendTextMethod)
			}
		}
		if t.Implements(textAppenderType) {
			return textEncoder(t, appendTextMethod)
		}
		if v2OnlyFields(t) {
			return func(e *EncodeState, p rawfield.Pointer) error {
				v := reflect.NewAt(t, p)
				if !addr {
					return e.appendStd(v.Elem().Interface()) // a copy: not addressable there either
				}
				return e.appendStd(v.Interface())
			}
		}
	}
	if onPtr && pt.Implements(textMarshalerType) {
		return func(e *EncodeState, p rawfield.Pointer) error {
			return appendText(e, reflect.NewAt(t, p).Interface(), t, marshalText)
		}
	}
	if t.Implements(textMarshalerType) {
		return textEncoder(t, marshalText)
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return scalarEncoder(t, quoted)
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return anyEncoder
		}
		return ifaceEncoder(t)
	case reflect.Struct:
		return newStructEncoder(t, addr)
	case reflect.Map:
		return newMapEncoder(t)
	case reflect.Slice:
		return newSliceEncoder(t)
	case reflect.Array:
		return newArrayEncoder(t, addr)
	case reflect.Pointer:
		return newPtrEncoder(t, quoted)
	}
	return func(*EncodeState, rawfield.Pointer) error { return &json.UnsupportedTypeError{Type: t} }
}
