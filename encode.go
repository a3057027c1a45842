package stride

import (
	"io"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/stridejson/stride/stream"
)

// An encodeState is the output of one Marshal or Encode call: the buffer every encoder appends
// to, the escaping choice, the cycle check's state and, for an Encoder, the destination that full
// chunks go to.
type encodeState struct {
	buf      []byte
	pol      *escPolicy      // the escaping policy (see setEscaper)
	esc      *stream.Escaper // pol.esc
	html     bool            // pol.html
	qerr     error           // the first error of esc (RejectInvalidUTF8), returned once the value is done
	ptrLevel int
	ptrSeen  map[any]struct{}
	entries  []mapEntry // members of the maps being written (encodeMap)
	order    []int32    // their order by key, per map (encodeMap)

	dst   io.Writer // streaming Encoder, or nil
	chunk int       // hand buf to dst once it holds this much
	ind   *indenter // indents on the way to dst, or nil
	werr  error     // dst's error
}

// An encoderFunc appends v to e.buf. v has the type the function was built for.
type encoderFunc func(e *encodeState, v reflect.Value) error

// startCycleCheck is the pointer depth from which pointers, maps and slices are remembered to find
// cycles, as encoding/json does: shallow values pay nothing for the check.
const startCycleCheck = 1000

// enter records the container or pointer p (its identity as a comparable value) on the way down;
// it reports false when p closes a cycle, whose error cycleError builds.
func (e *encodeState) enter(p any) bool {
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
	return &UnsupportedValueError{Value: v, Str: "encountered a cycle via " + v.Type().String()}
}

// leave undoes enter on the way up.
func (e *encodeState) leave(p any) {
	if e.ptrLevel > startCycleCheck {
		delete(e.ptrSeen, p)
	}
	e.ptrLevel--
}

// quote appends s as a string literal under the state's escaping. Only a custom Escaper with
// RejectInvalidUTF8 fails; the error is kept in e.qerr (see failQuote) and s is left out.
func (e *encodeState) quote(s string) {
	if e.dst != nil && len(s) > e.chunk {
		e.quoteLong(s)
		return
	}
	b, err := e.esc.AppendQuote(e.buf, s)
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
func (e *encodeState) quoteLong(s string) {
	e.put('"')
	done := 0 // bytes of s written
	for len(s) > 0 {
		n := min(len(s), e.chunk)
		for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
			n--
		}
		if n == 0 {
			n = e.chunk
		}
		at := len(e.buf)
		var err error
		if e.buf, err = e.esc.AppendQuote(e.buf, s[:n]); err != nil {
			e.failQuote(err, done)
			return
		}
		e.buf = append(e.buf[:at], e.buf[at+1:len(e.buf)-1]...) // drop the piece's own quotes
		s, done = s[n:], done+n
		e.maybeFlush()
	}
	e.put('"')
}

// maybeFlush hands the buffer to a streaming Encoder's destination once it holds a chunk. It is
// called between elements and members, so a value larger than a chunk never sits whole in memory.
func (e *encodeState) maybeFlush() {
	if e.dst != nil && len(e.buf) >= e.chunk {
		e.flush()
	}
}

// flush hands the buffer to dst (through the indenter, if any) and empties it.
func (e *encodeState) flush() {
	if e.werr == nil && e.qerr == nil && len(e.buf) > 0 {
		out := e.buf
		if e.ind != nil {
			out = e.ind.feed(out)
		}
		e.werr = writeAll(e.dst, out)
	}
	e.buf = e.buf[:0]
}

var statePool = sync.Pool{New: func() any { return new(encodeState) }}

// bufHint is the capacity a new encodeState's buffer starts with: that of the last state freed.
//
// NOTE: sync.Pool lets idle states go at garbage collections, which come every few calls when
// each Marshal allocates megabytes; a new state's buffer then grew from nothing by doubling, an
// allocation per step (canada.json: 7 allocations per Marshal on average). Starting at the size
// the last value needed makes that one.
var bufHint atomic.Int64

func newState(html bool) *encodeState {
	e := statePool.Get().(*encodeState)
	if e.buf == nil {
		if n := bufHint.Load(); n > 0 {
			e.buf = make([]byte, 0, n)
		}
	}
	e.buf = e.buf[:0]
	e.setHTML(html)
	return e
}

func (e *encodeState) setHTML(html bool) {
	if html {
		e.setPolicy(htmlPolicy)
	} else {
		e.setPolicy(plainPolicy)
	}
}

// free returns e to the pool, unless its buffer grew too big to keep.
func (e *encodeState) free() {
	if cap(e.buf) > 16<<20 { // sync.Pool drops idle states at GC anyway; this bounds one outlier
		e.buf = nil
	}
	if n := int64(cap(e.buf)); n != bufHint.Load() { // no store, and no cache line shared for writing, in a steady state
		bufHint.Store(n)
	}
	e.ptrLevel, e.ptrSeen = 0, nil
	if cap(e.entries) > 1<<16 {
		e.entries, e.order = nil, nil
	}
	e.dst, e.ind, e.werr, e.qerr = nil, nil, nil, nil
	statePool.Put(e)
}

// marshalValue appends v as JSON.
func (e *encodeState) marshalValue(v any) error {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		e.puts("null")
		return nil
	}
	if err := typeEncoder(rv.Type())(e, rv); err != nil {
		return stdEncodeError(v, err)
	}
	return e.qerr
}

// encKey names a cached encoder: the type, and whether the `string` tag option applies.
type encKey struct {
	t      reflect.Type
	quoted bool
}

// encoders caches an encoderFunc per encKey (see cached).
var encoders sync.Map

func typeEncoder(t reflect.Type) encoderFunc { return cachedEncoder(encKey{t, false}) }

func cachedEncoder(k encKey) encoderFunc {
	return cached(&encoders, k, func() encoderFunc { return newEncoder(k.t, k.quoted, true) },
		func(wg *sync.WaitGroup, f *encoderFunc) encoderFunc {
			return func(e *encodeState, v reflect.Value) error { wg.Wait(); return (*f)(e, v) }
		})
}

// newEncoder builds the encoder for t. allowAddr lets a value that is addressable use a Marshaler
// or TextMarshaler method on *t, as encoding/json does; quoted is the `string` tag option.
func newEncoder(t reflect.Type, quoted, allowAddr bool) encoderFunc {
	pt := reflect.PointerTo(t)
	if v2Based {
		// MarshalJSONTo comes before MarshalJSON, on *t for an addressable value first.
		if t.Kind() != reflect.Pointer && allowAddr && implementsMarshalerTo(pt) {
			return condAddr(addrMarshalToEncoder, newEncoder(t, quoted, false))
		}
		if implementsMarshalerTo(t) {
			return marshalToEncoder
		}
	}
	if t.Kind() != reflect.Pointer && allowAddr && pt.Implements(marshalerType) {
		return condAddr(addrMarshalerEncoder, newEncoder(t, quoted, false))
	}
	if t.Implements(marshalerType) {
		return marshalerEncoder
	}
	if t.Kind() != reflect.Pointer && allowAddr && pt.Implements(textMarshalerType) {
		return condAddr(addrTextMarshalerEncoder, newEncoder(t, quoted, false))
	}
	if t.Implements(textMarshalerType) {
		return textMarshalerEncoder
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		return scalarEncoder(t, quoted)
	case reflect.Interface:
		return interfaceEncoder
	case reflect.Struct:
		return newStructEncoder(t)
	case reflect.Map:
		return newMapEncoder(t)
	case reflect.Slice:
		return newSliceEncoder(t)
	case reflect.Array:
		return newArrayEncoder(t)
	case reflect.Pointer:
		return newPtrEncoder(t, quoted)
	}
	return unsupportedTypeEncoder
}

func unsupportedTypeEncoder(_ *encodeState, v reflect.Value) error {
	return &UnsupportedTypeError{Type: v.Type()}
}

// condAddr uses addr for addressable values and other for the rest.
func condAddr(addr, other encoderFunc) encoderFunc {
	return func(e *encodeState, v reflect.Value) error {
		if v.CanAddr() {
			return addr(e, v)
		}
		return other(e, v)
	}
}
