// Package suite turns the corpus, the documents and the registered libraries into checked,
// runnable cases, and times them round by round.
package suite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/stridejson/stride/bench/internal/corpus"
	"github.com/stridejson/stride/bench/internal/docs"
	"github.com/stridejson/stride/bench/internal/lib"
	"github.com/stridejson/stride/bench/internal/tokens"
)

// Kind is a workload kind.
type Kind string

// The workload kinds, in report order.
const (
	StringWrite     Kind = "string-write"      // a string to a JSON literal, HTML escaping off
	StringWriteHTML Kind = "string-write-html" // the same with HTML escaping on
	StringRead      Kind = "string-read"       // a JSON literal to a string
	UnmarshalTyped  Kind = "unmarshal-typed"   // a document into its Go type
	DecodeTyped     Kind = "decode-typed"      // a document read from an io.Reader into its Go type
	UnmarshalAny    Kind = "unmarshal-any"     // a document into an any
	Marshal         Kind = "marshal"           // a Go value to a document
	TokenWrite      Kind = "token-write"       // a document's tokens written one by one
	TokenRead       Kind = "token-read"        // a document read token by token
)

// Kinds lists every kind in report order.
var Kinds = []Kind{StringWrite, StringWriteHTML, StringRead, UnmarshalTyped, DecodeTyped, UnmarshalAny, Marshal, TokenWrite, TokenRead}

// Title is a kind's heading in the report.
func (k Kind) Title() string {
	switch k {
	case StringWrite:
		return "Strings written, HTML escaping off"
	case StringWriteHTML:
		return "Strings written, HTML escaping on"
	case StringRead:
		return "Strings read"
	case UnmarshalTyped:
		return "Documents unmarshalled into Go types"
	case DecodeTyped:
		return "Documents decoded into Go types from an io.Reader"
	case UnmarshalAny:
		return "Documents unmarshalled into any"
	case Marshal:
		return "Documents marshalled from Go types"
	case TokenWrite:
		return "Documents written token by token"
	case TokenRead:
		return "Documents read token by token"
	}
	return string(k)
}

// The names of the physical-limit rows.
const (
	Memcpy    = "memcpy (copy)"
	IndexByte = "bytes.IndexByte"
)

// A Workload is one input under one kind, with a case per library.
type Workload struct {
	Kind  Kind
	Input string // the string's or document's name
	Desc  string
	Bytes int // the bytes one operation processes, for MB/s
	Cases []*Case
}

// ID names the workload in file names and benchmark names.
func (w *Workload) ID() string { return string(w.Kind) + "/" + w.Input }

// Verdict is the outcome of checking a case's output before timing it.
type Verdict int

// The verdicts.
const (
	Agrees    Verdict = iota // byte for byte, or value for value, as encoding/json
	SameValue                // different bytes that decode to the same value; timed
	Disagrees                // wrong output or an error; not timed
)

// A Case is one library on one workload.
type Case struct {
	W         *Workload
	Lib       string
	Stride    bool // Stride's own row
	Limit     bool // memcpy or IndexByte
	Reference bool // encoding/json
	Verdict   Verdict
	Detail    string       // why it disagrees, or how the bytes differ
	Op        func() error // one operation; nil when the case is not timed

	N       int      // operations per measurement, set by calibration
	Samples []Sample // one per round
}

// Timed reports whether the case is measured.
func (c *Case) Timed() bool { return c.Op != nil && c.Verdict != Disagrees }

// Options choose what a suite holds.
type Options struct {
	Libs    []lib.Library
	Strings []corpus.Case
	Docs    []docs.Doc
	Kinds   map[Kind]bool // nil means every kind
}

// A Suite is every workload, checked and ready to time.
type Suite struct {
	Workloads []*Workload
}

// Build checks every library on every workload it supports. It fails only when encoding/json
// itself cannot process an input.
func Build(o Options) (*Suite, error) {
	s := &Suite{}
	want := func(k Kind) bool { return o.Kinds == nil || o.Kinds[k] }
	for _, html := range []bool{false, true} {
		k := StringWrite
		if html {
			k = StringWriteHTML
		}
		if !want(k) {
			continue
		}
		for _, sc := range o.Strings {
			s.add(stringWrite(k, sc, html, o.Libs))
		}
	}
	if want(StringRead) {
		for _, sc := range o.Strings {
			w, err := stringRead(sc, o.Libs)
			if err != nil {
				return nil, err
			}
			s.add(w)
		}
	}
	for _, d := range o.Docs {
		for _, k := range []Kind{UnmarshalTyped, DecodeTyped, UnmarshalAny, Marshal, TokenWrite, TokenRead} {
			if !want(k) || (d.New == nil && k.typed()) {
				continue
			}
			w, err := docWorkload(k, d, o.Libs)
			if err != nil {
				return nil, fmt.Errorf("%s %s: %v", k, d.Name, err)
			}
			s.add(w)
		}
	}
	// Report order: by kind, then input order.
	var ordered []*Workload
	for _, k := range Kinds {
		for _, w := range s.Workloads {
			if w.Kind == k {
				ordered = append(ordered, w)
			}
		}
	}
	s.Workloads = ordered
	return s, nil
}

// typed reports whether k needs the document's Go type.
func (k Kind) typed() bool { return k == UnmarshalTyped || k == DecodeTyped || k == Marshal }

func (s *Suite) add(w *Workload) {
	if w != nil && len(w.Cases) > 0 {
		s.Workloads = append(s.Workloads, w)
	}
}

// newCase starts a case for l on w.
func newCase(w *Workload, l lib.Library) *Case {
	i := l.Info()
	return &Case{W: w, Lib: i.Name, Stride: i.Stride, Reference: i.Name == lib.EncodingJSON}
}

// limits appends the memcpy and IndexByte rows over src.
func limits(w *Workload, src []byte) {
	dst := make([]byte, len(src))
	w.Cases = append(w.Cases,
		&Case{W: w, Lib: Memcpy, Limit: true, Op: func() error { copy(dst, src); return nil }},
		&Case{W: w, Lib: IndexByte, Limit: true, Op: func() error {
			if bytes.IndexByte(src, 0) >= 0 {
				return fmt.Errorf("input holds a NUL byte")
			}
			return nil
		}},
	)
}

func disagree(c *Case, format string, args ...any) *Case {
	c.Verdict, c.Detail, c.Op = Disagrees, fmt.Sprintf(format, args...), nil
	return c
}

// refQuote is encoding/json's literal for s.
func refQuote(s string, html bool) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func stringWrite(k Kind, sc corpus.Case, html bool, libs []lib.Library) *Workload {
	w := &Workload{Kind: k, Input: sc.Name, Desc: sc.Desc, Bytes: len(sc.S)}
	want := refQuote(sc.S, html)
	for _, l := range libs {
		sw, ok := l.(lib.StringWriter)
		if !ok {
			continue
		}
		write, ok := sw.NewStringWriter(html)
		if !ok {
			continue
		}
		c := newCase(w, l)
		w.Cases = append(w.Cases, c)
		for try := 0; try < 2; try++ { // twice, to catch a reused buffer gone wrong
			got, err := write(sc.S)
			if err != nil {
				disagree(c, "error: %v", err)
				break
			}
			if !bytes.Equal(got, want) {
				disagree(c, "output differs from encoding/json's %s", diffHint(got, want))
				break
			}
		}
		if c.Verdict == Agrees {
			s := sc.S
			c.Op = func() error { _, err := write(s); return err }
		}
	}
	limits(w, []byte(sc.S))
	return w
}

func stringRead(sc corpus.Case, libs []lib.Library) (*Workload, error) {
	lit := refQuote(sc.S, false)
	var check string
	if err := json.Unmarshal(lit, &check); err != nil || check != sc.S {
		return nil, fmt.Errorf("encoding/json does not read back %s", sc.Name)
	}
	w := &Workload{Kind: StringRead, Input: sc.Name, Desc: sc.Desc, Bytes: len(lit)}
	for _, l := range libs {
		sr, ok := l.(lib.StringReader)
		if !ok {
			continue
		}
		read := sr.NewStringReader()
		c := newCase(w, l)
		w.Cases = append(w.Cases, c)
		for try := 0; try < 2; try++ {
			got, err := read(lit)
			if err != nil {
				disagree(c, "error: %v", err)
				break
			}
			if got != sc.S {
				disagree(c, "decoded string differs from the original %s", diffHint([]byte(got), []byte(sc.S)))
				break
			}
		}
		if c.Verdict == Agrees {
			c.Op = func() error { _, err := read(lit); return err }
		}
	}
	limits(w, lit)
	return w, nil
}

func docWorkload(k Kind, d docs.Doc, libs []lib.Library) (*Workload, error) {
	w := &Workload{Kind: k, Input: d.Name, Desc: d.Source, Bytes: len(d.Data)}
	data := d.Data
	switch k {
	case UnmarshalTyped, UnmarshalAny, DecodeTyped:
		newV := d.New
		if k == UnmarshalAny {
			newV = func() any { return new(any) }
		}
		ref := newV()
		if err := json.Unmarshal(data, ref); err != nil {
			return nil, err
		}
		for _, l := range libs {
			decode, ok := decoder(k, l, data)
			if !ok {
				continue
			}
			c := newCase(w, l)
			w.Cases = append(w.Cases, c)
			v := newV()
			if err := decode(v); err != nil {
				disagree(c, "error: %v", truncate(err.Error()))
				continue
			}
			if !reflect.DeepEqual(v, ref) {
				disagree(c, "decoded value differs from encoding/json's %s", valueHint(v, ref))
				continue
			}
			c.Op = func() error { return decode(newV()) }
		}
		limits(w, data)
	case Marshal:
		v := d.New()
		if err := json.Unmarshal(data, v); err != nil {
			return nil, err
		}
		wantHTML, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
		wantPlain := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
		w.Bytes = len(wantHTML)
		for _, l := range libs {
			m, ok := l.(lib.Marshaler)
			if !ok {
				continue
			}
			c := newCase(w, l)
			w.Cases = append(w.Cases, c)
			got, err := m.Marshal(v)
			if err != nil {
				disagree(c, "error: %v", truncate(err.Error()))
				continue
			}
			want, mode := wantPlain, "SetEscapeHTML(false)"
			if m.MarshalEscapesHTML() {
				want, mode = wantHTML, "default"
			}
			if !bytes.Equal(got, want) {
				var a, b any
				if json.Unmarshal(got, &a) != nil || json.Unmarshal(want, &b) != nil || !reflect.DeepEqual(a, b) {
					disagree(c, "output differs in value from encoding/json's (%s) %s", mode, diffHint(got, want))
					continue
				}
				c.Verdict, c.Detail = SameValue, fmt.Sprintf("same value as encoding/json (%s), different bytes %s", mode, diffHint(got, want))
			}
			c.Op = func() error { _, err := m.Marshal(v); return err }
		}
		limits(w, wantHTML)
	case TokenWrite, TokenRead:
		toks, err := tokens.Parse(data)
		if err != nil {
			return nil, err
		}
		if k == TokenRead {
			var ref tokens.Hash
			sum, err := ref.Replay(toks)
			if err != nil {
				return nil, err
			}
			for _, l := range libs {
				tr, ok := l.(lib.TokenReader)
				if !ok {
					continue
				}
				read := tr.NewTokenReader()
				c := newCase(w, l)
				w.Cases = append(w.Cases, c)
				var h tokens.Hash
				h.Reset()
				if err := read(data, &h); err != nil {
					disagree(c, "error: %v", truncate(err.Error()))
					continue
				}
				if h.Sum() != sum {
					disagree(c, "tokens read differ from encoding/json's %s", traceHint(toks, data, read))
					continue
				}
				c.Op = func() error { h.Reset(); return read(data, &h) }
			}
			limits(w, data)
			break
		}
		want, err := tokens.Encode(toks)
		if err != nil {
			return nil, err
		}
		wantValue, err := decodeNumbers(want)
		if err != nil {
			return nil, err
		}
		w.Bytes = len(want)
		for _, l := range libs {
			tw, ok := l.(lib.TokenWriter)
			if !ok {
				continue
			}
			write := tw.NewTokenWriter()
			c := newCase(w, l)
			w.Cases = append(w.Cases, c)
			got, err := write(toks)
			if err != nil {
				disagree(c, "error: %v", truncate(err.Error()))
				continue
			}
			v, err := decodeNumbers(got)
			if err != nil {
				disagree(c, "output is not valid JSON: %v", truncate(err.Error()))
				continue
			}
			if !reflect.DeepEqual(v, wantValue) {
				disagree(c, "output decodes to a different value %s", diffHint(got, want))
				continue
			}
			if !bytes.Equal(got, want) {
				c.Verdict, c.Detail = SameValue, "same value as encoding/json's token by token (SetEscapeHTML(false)), different escaping "+diffHint(got, want)
			}
			c.Op = func() error { _, err := write(toks); return err }
		}
		limits(w, want)
	}
	return w, nil
}

// decoder returns l's way of decoding data into a value under k, a document kind that decodes
// (unmarshal-typed, unmarshal-any, decode-typed); ok is false when l does not support k. For
// decode-typed every call reads from a new bytes.Reader over data, as a server reads a request body.
func decoder(k Kind, l lib.Library, data []byte) (decode func(v any) error, ok bool) {
	if k == DecodeTyped {
		sd, ok := l.(lib.StreamDecoder)
		if !ok {
			return nil, false
		}
		return func(v any) error { return sd.Decode(bytes.NewReader(data), v) }, true
	}
	u, ok := l.(lib.Unmarshaler)
	if !ok {
		return nil, false
	}
	return func(v any) error { return u.Unmarshal(data, v) }, true
}

// traceHint reads data again with read and with encoding/json's tokens, both traced, and shows
// the first token where they part.
func traceHint(toks []tokens.Token, data []byte, read func([]byte, *tokens.Hash) error) string {
	var want, got []string
	ref := tokens.Hash{Trace: &want}
	if _, err := ref.Replay(toks); err != nil {
		return ""
	}
	h := tokens.Hash{Trace: &got}
	h.Reset()
	_ = read(data, &h)
	for i := range want {
		if i >= len(got) {
			return fmt.Sprintf("(stops after %d of %d tokens)", len(got), len(want))
		}
		if got[i] != want[i] {
			return fmt.Sprintf("(first at token %d, %s", i, strings.TrimPrefix(diffHint([]byte(got[i]), []byte(want[i])), "("))
		}
	}
	return ""
}

// decodeNumbers decodes data into an any with numbers kept as text.
func decodeNumbers(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// diffHint locates the first difference between got and want.
func diffHint(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	if i == len(got) && i == len(want) {
		return ""
	}
	lo := max(0, i-12)
	clip := func(b []byte) string {
		return string(b[lo:min(len(b), i+12)])
	}
	return fmt.Sprintf("(first at byte %d: %q, want %q)", i, clip(got), clip(want))
}

// valueHint locates the first difference between two decoded values, through encoding/json.
func valueHint(got, want any) string {
	a, errA := json.Marshal(got)
	b, errB := json.Marshal(want)
	if errA != nil || errB != nil {
		return ""
	}
	if h := diffHint(a, b); h != "" {
		return strings.Replace(h, "(first", "(re-encoded, first", 1)
	}
	return "(only in what re-encodes the same, e.g. a float's last bits)"
}

func truncate(s string) string {
	if len(s) > 160 {
		return s[:160] + "..."
	}
	return s
}
