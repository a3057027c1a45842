package codec

import (
	"encoding/base64"
	"encoding/json"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/stridejson/stride/internal/jsonfmt"
	"github.com/stridejson/stride/stream"
)

// An escPolicy is an Escaper as the encoders use it: what it leaves to the prebuilt fast paths.
// Every policy takes them; the two encoding/json presets differ from the others only in how
// MarshalJSON output is treated (compacted as encoding/json does, or escaped again).
type escPolicy struct {
	esc    *stream.Escaper
	id     int  // the index of its member names in a nameTable; -1: names are quoted as written
	html   bool // EncodingJSON: HTML escaping of compacted MarshalJSON output and of appendStd
	preset bool // EncodingJSON or EncodingJSONNoHTML: MarshalJSON output is compacted, not re-escaped
	// base64Raw: the policy escapes no character of base64's alphabet, so []byte is written
	// without going through the Escaper.
	base64Raw bool
	// escHTML: a custom policy escapes all of '<', '>' and '&', as encoding/json's HTML escaping
	// does, so appendStd asks it for that too (what it writes inside a `string` option's quotes
	// is not escaped again).
	escHTML bool
}

var (
	htmlPolicy  = &escPolicy{esc: stream.EncodingJSON, id: 0, html: true, preset: true, base64Raw: true}
	plainPolicy = &escPolicy{esc: stream.EncodingJSONNoHTML, id: 1, preset: true, base64Raw: true}
)

// maxPolicies bounds the policies whose member names structs keep prebuilt, and the Escapers
// remembered: Escapers are meant to be built once and reused, but a program that builds one per
// call must not grow every struct's table without bound. Past the bound, an Escaper is looked at
// anew on each Marshal and member names are quoted as they are written (correct, slower).
const maxPolicies = 64

var (
	policies    sync.Map // *stream.Escaper to *escPolicy
	policyCount atomic.Int32
)

// base64Alphabet holds every character base64.StdEncoding writes.
const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

// policyOf returns the policy of esc (nil is EncodingJSON).
func policyOf(esc *stream.Escaper) *escPolicy {
	switch esc {
	case nil, stream.EncodingJSON:
		return htmlPolicy
	case stream.EncodingJSONNoHTML:
		return plainPolicy
	}
	if p, ok := policies.Load(esc); ok {
		return p.(*escPolicy)
	}
	q, _ := esc.AppendQuote(nil, base64Alphabet)
	escapes := func(c string) bool { b, _ := esc.AppendQuote(nil, c); return string(b) != `"`+c+`"` }
	p := &escPolicy{esc: esc, id: -1, base64Raw: string(q) == `"`+base64Alphabet+`"`,
		escHTML: escapes("<") && escapes(">") && escapes("&")}
	if n := policyCount.Add(1); n <= maxPolicies {
		p.id = int(n) + 1 // after the two presets
		got, _ := policies.LoadOrStore(esc, p)
		return got.(*escPolicy)
	}
	policyCount.Add(-1)
	return p
}

// A nameTable holds the member names of a struct type, prebuilt as `,"name":` (see paddedName)
// for each escaping policy that has written one.
type nameTable struct {
	names []string
	mu    sync.Mutex                 // held to add a policy
	by    atomic.Pointer[[][][]byte] // by policy id: the names, or nil when not built yet
}

// newNameTable makes the table of names, with the presets' names built as encoding/json builds
// them.
func newNameTable(names []string) *nameTable {
	t := &nameTable{names: names}
	html := make([][]byte, len(names))
	plain := make([][]byte, len(names))
	for i, n := range names {
		// Names are quoted as strings are: on a v2-based build a tag may name a member with
		// any character but a few.
		q, _ := stream.EncodingJSONNoHTML.AppendQuote([]byte{','}, n)
		plain[i] = paddedName(string(append(q, ':')))
		q, _ = stream.EncodingJSON.AppendQuote([]byte{','}, n)
		html[i] = paddedName(string(append(q, ':')))
	}
	by := [][][]byte{html, plain} // the ids of htmlPolicy and plainPolicy
	t.by.Store(&by)
	return t
}

// built returns the names under the policy of id, or nil if they are not built yet (then
// build makes them).
//
// NOTE: inlined, in the struct encoders, with build in a call beside it: it runs once per
// struct value written.
func (t *nameTable) built(id int) [][]byte {
	if by := *t.by.Load(); uint(id) < uint(len(by)) {
		return by[id]
	}
	return nil
}

// build makes the names under p, and returns them; nil when p keeps no names (id -1) or a name
// cannot be quoted under it (a RejectInvalidUTF8 policy, which then reports the error as the
// name is written).
func (t *nameTable) build(p *escPolicy) [][]byte {
	if p.id < 0 {
		return nil // quoted as written
	}
	names := make([][]byte, len(t.names))
	for i, n := range t.names {
		b := append(make([]byte, 0, len(n)+18), ',')
		b, err := p.esc.AppendQuote(b, n)
		if err != nil {
			return nil
		}
		names[i] = paddedName(string(append(b, ':')))
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	old := *t.by.Load()
	by := make([][][]byte, max(len(old), p.id+1))
	copy(by, old)
	if by[p.id] == nil {
		by[p.id] = names
	}
	t.by.Store(&by)
	return by[p.id]
}

// SetEscaper makes esc the escaping of every string written (nil is EncodingJSON).
func (e *EncodeState) SetEscaper(esc *stream.Escaper) {
	e.setPolicy(policyOf(esc))
}

func (e *EncodeState) setPolicy(p *escPolicy) {
	e.pol, e.esc, e.html = p, p.esc, p.html
}

// quoteBase64 writes b as a base64 string escaped under a policy that escapes some of its
// alphabet.
func (e *EncodeState) quoteBase64(b []byte) error {
	e.quote(base64.StdEncoding.EncodeToString(b))
	return nil
}

// failQuote records the first error of the Escaper, with its offset moved on by the bytes of the
// string already written. Nothing more reaches a streaming Encoder's destination after it.
func (e *EncodeState) failQuote(err error, done int) {
	if e.qerr != nil {
		return
	}
	if u, ok := err.(*stream.InvalidUTF8Error); ok && done > 0 {
		err = &stream.InvalidUTF8Error{Offset: u.Offset + int64(done)}
	}
	e.qerr = err
}

// appendEscapedJSON appends the output b of MarshalJSON of type t compacted, with each run of
// unescaped string text escaped under the state's Escaper, one that is not an encoding/json preset.
// Escape sequences already in b are kept.
func (e *EncodeState) appendEscapedJSON(b []byte, t reflect.Type) error {
	c, err := jsonfmt.AppendCompact(nil, b, false, false)
	if err != nil {
		return marshalerError(t, err, false)
	}
	start := 0 // c[start:i] is still to be copied as it is
	for i := 0; i < len(c); {
		if c[i] != '"' {
			i++
			continue
		}
		e.Buf = append(e.Buf, c[start:i+1]...)
		i++
		for c[i] != '"' { // c is valid JSON: every literal is closed
			j := i
			for c[j] != '"' && c[j] != '\\' {
				j++
			}
			if j > i {
				at := len(e.Buf)
				if e.Buf, err = e.esc.AppendQuoteBytes(e.Buf, c[i:j]); err != nil {
					if u, ok := err.(*stream.InvalidUTF8Error); ok {
						err = &stream.InvalidUTF8Error{Offset: u.Offset + int64(i)}
					}
					return &json.MarshalerError{Type: t, Err: err}
				}
				e.Buf = append(e.Buf[:at], e.Buf[at+1:len(e.Buf)-1]...) // drop the run's quotes
			}
			if c[j] == '\\' {
				n := 2
				if c[j+1] == 'u' {
					n = 6
				}
				e.Buf = append(e.Buf, c[j:j+n]...)
				j += n
			}
			i = j
		}
		start = i // the closing quote
		i++
	}
	e.Buf = append(e.Buf, c[start:]...)
	return nil
}

// MarshalSlow is MarshalValue under esc through the path that quotes every string as it is
// written, member names and base64 text included: the path every Escaper but the presets took
// before policies were prebuilt, and still the one of a policy beyond maxPolicies. The root
// package's tests hold the prebuilt policies to it.
func MarshalSlow(v any, esc *stream.Escaper) ([]byte, error) {
	slow := *policyOf(esc)
	slow.id, slow.base64Raw = -1, false
	e := NewState(true)
	defer e.Free()
	e.setPolicy(&slow)
	if err := e.MarshalValue(v); err != nil {
		return nil, err
	}
	return append([]byte(nil), e.Buf...), nil
}
