package stream

import (
	"encoding/json"
	"io"
	"strconv"
	"testing"
)

// A benchmark document of a few hundred KB as a token list: objects, arrays, integers, floats, and
// strings, some with escapes. Replaying a list keeps the cost of producing values out of the timing.

type benchTok struct {
	kind byte // '{', '}', '[', ']', 'k' name, 's' string, 'i' int, 'f' float, 'b' bool, '0' null
	s    string
	i    int64
	f    float64
}

func benchTokens() []benchTok {
	var t []benchTok
	add := func(k byte) { t = append(t, benchTok{kind: k}) }
	name := func(s string) { t = append(t, benchTok{kind: 'k', s: s}) }
	str := func(s string) { t = append(t, benchTok{kind: 's', s: s}) }
	add('[')
	for i := range 1500 {
		add('{')
		name("id")
		t = append(t, benchTok{kind: 'i', i: int64(i) * 7919})
		name("name")
		str("item number " + strconv.Itoa(i))
		name("price")
		t = append(t, benchTok{kind: 'f', f: float64(i)*1.25 + 0.01})
		name("ratio")
		t = append(t, benchTok{kind: 'f', f: 1 / float64(i+3)})
		name("active")
		add('b')
		name("note")
		add('0')
		name("description")
		str("A \"quoted\" description\nwith a tab\tand <markup> & an accent: café, " + strconv.Itoa(i))
		name("tags")
		add('[')
		for k := range 4 {
			str("tag-" + strconv.Itoa(k))
		}
		add(']')
		name("dims")
		add('{')
		name("w")
		t = append(t, benchTok{kind: 'i', i: int64(i % 640)})
		name("h")
		t = append(t, benchTok{kind: 'i', i: int64(i % 480)})
		add('}')
		add('}')
	}
	add(']')
	return t
}

func replay(w *Writer, toks []benchTok) {
	for i := range toks {
		t := &toks[i]
		switch t.kind {
		case '{':
			w.BeginObject()
		case '}':
			w.EndObject()
		case '[':
			w.BeginArray()
		case ']':
			w.EndArray()
		case 'k':
			w.Name(t.s)
		case 's':
			w.String(t.s)
		case 'i':
			w.Int64(t.i)
		case 'f':
			w.Float64(t.f)
		case 'b':
			w.Bool(true)
		case '0':
			w.Null()
		}
	}
}

func BenchmarkWriter(b *testing.B) {
	toks := benchTokens()
	var mem Writer
	replay(&mem, toks)
	if mem.Err() != nil || !json.Valid(mem.Bytes()) {
		b.Fatal("bad benchmark document", mem.Err())
	}
	size := int64(len(mem.Bytes()))
	b.Run("mode=memory", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			mem.Reset(nil)
			replay(&mem, toks)
		}
	})
	b.Run("mode=stream", func(b *testing.B) {
		w := NewWriter(io.Discard)
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			w.Reset(io.Discard)
			replay(w, toks)
			w.Flush()
		}
	})
	b.Run("mode=memory-indent", func(b *testing.B) {
		w := NewWriter(nil)
		w.SetIndent("", "  ")
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			w.Reset(nil)
			replay(w, toks)
		}
	})
}

// BenchmarkStreamLongString streams strings longer than the chunk (written in pieces) to
// io.Discard through the default chunk.
func BenchmarkStreamLongString(b *testing.B) {
	for _, bc := range benchCases[:4] {
		b.Run("case="+bc.name, func(b *testing.B) {
			w := NewWriter(io.Discard)
			b.SetBytes(int64(len(bc.s)))
			b.ReportAllocs()
			for b.Loop() {
				w.Reset(io.Discard)
				w.String(bc.s)
				w.Flush()
			}
		})
	}
}
