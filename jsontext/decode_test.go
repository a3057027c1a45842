package jsontext

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestDecoder(t *testing.T) {
	d := NewDecoder(strings.NewReader(` {"a":[1,"x"],"b":{}} [] `))
	var got []string
	for {
		tok, err := d.ReadToken()
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		got = append(got, tok.String())
	}
	if s := strings.Join(got, " "); s != "{ a [ 1 x ] b { } } [ ]" {
		t.Errorf("tokens %q", s)
	}
	if k, n := d.StackIndex(0); d.StackDepth() != 0 || k != KindInvalid || n != 2 || d.InputOffset() != 24 {
		t.Errorf("at the end: depth %d, StackIndex(0) %v %d, offset %d", d.StackDepth(), k, n, d.InputOffset())
	}

	d.Reset(strings.NewReader(`{"a":{"b":[1,2]},"c":3}`))
	d.ReadToken()
	if v, err := d.ReadValue(); string(v) != `"a"` || err != nil {
		t.Fatalf("ReadValue of a name: %q, %v", v, err)
	}
	if d.PeekKind() != KindBeginObject || d.StackPointer() != "/a" {
		t.Errorf("PeekKind %v, StackPointer %q", d.PeekKind(), d.StackPointer())
	}
	if err := d.SkipValue(); err != nil || d.InputOffset() != 16 {
		t.Errorf("SkipValue: %v, offset %d", err, d.InputOffset())
	}
	if v, _ := d.ReadValue(); string(v) != `"c"` || string(d.UnreadBuffer()) != ":3}" {
		t.Errorf("ReadValue %q, UnreadBuffer %q", v, d.UnreadBuffer())
	}
}

func TestDecoderErrors(t *testing.T) {
	var se *SyntacticError
	d := NewDecoder(strings.NewReader(`{"a":1,"a":2}`))
	var err error
	for err == nil {
		_, err = d.ReadToken()
	}
	if !errors.As(err, &se) || !errors.Is(err, ErrDuplicateName) || se.JSONPointer != "/a" || se.ByteOffset != 7 {
		t.Errorf("duplicate name: %v", err)
	}
	if _, again := d.ReadToken(); again == nil || again.Error() != err.Error() {
		t.Errorf("the error does not stay: %v", again)
	}
	d.Reset(strings.NewReader(`{"a":1,"a":2}`), AllowDuplicateNames(true))
	for err = nil; err == nil; {
		_, err = d.ReadToken()
	}
	if err != io.EOF {
		t.Errorf("with AllowDuplicateNames: %v", err)
	}
	d.Reset(strings.NewReader(`[1,`))
	for err = nil; err == nil; {
		_, err = d.ReadToken()
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("cut short: %v", err)
	}
	boom := errors.New("boom")
	d.Reset(io.MultiReader(strings.NewReader(`[1,`), errReader{boom}))
	for err = nil; err == nil; {
		_, err = d.ReadToken()
	}
	if !errors.Is(err, boom) || err.Error() != "jsontext: read error: boom" {
		t.Errorf("read error: %v", err)
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// TestDecoderAllocs: a Decoder reset for each document reads its tokens without allocating.
func TestDecoderAllocs(t *testing.T) {
	doc := []byte(`{"a":[1,true,"x\n"],"b":{"c":null},"d":"é"}`)
	src := bytes.NewReader(doc)
	d := NewDecoder(src)
	n := testing.AllocsPerRun(100, func() {
		src.Reset(doc)
		d.Reset(src)
		for {
			if _, err := d.ReadToken(); err != nil {
				break
			}
		}
	})
	if n != 0 {
		t.Errorf("ReadToken allocates %v times", n)
	}
}

// TestTokenStringAllocs pins the allocations of a read string token's String: one, the
// string's, for a literal without escapes longer than the Decoder interns; none, once the Decoder
// has been asked for it often enough to intern it, for a short one; none for a short one the
// caller only compares.
func TestTokenStringAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	long := strings.Repeat("plain text, é ", 3)
	dec := NewDecoder(strings.NewReader(`"` + long + `"`))
	tok, err := dec.ReadToken()
	if err != nil {
		t.Fatal(err)
	}
	var s string
	if n := testing.AllocsPerRun(100, func() { s = tok.String() }); n != 1 {
		t.Errorf("String allocates %v times, want 1", n)
	}
	if s != long {
		t.Errorf("String = %q", s)
	}
	dec = NewDecoder(strings.NewReader(`"short, é"`))
	if tok, err = dec.ReadToken(); err != nil {
		t.Fatal(err)
	}
	for range internFrom {
		s = tok.String()
	}
	if n := testing.AllocsPerRun(100, func() { s = tok.String() }); n != 0 {
		t.Errorf("String of an interned string allocates %v times, want 0", n)
	}
	if s != "short, é" {
		t.Errorf("String = %q", s)
	}
	// Short ones not interned (each seen once), only compared: none (String inlines, and the
	// compiler copies the bytes to its buffer on the stack). The Decoder reads 70 first, so that
	// it has made its table of them.
	var sb strings.Builder
	var want []string
	sb.WriteByte('[')
	for i := range 300 {
		want = append(want, fmt.Sprintf("once %d", i))
		fmt.Fprintf(&sb, "%q,", want[i])
	}
	sb.WriteString("0]")
	dec = NewDecoder(strings.NewReader(sb.String()))
	next, same := 0, true
	compare := func() {
		tok, err := dec.ReadToken()
		if err != nil || tok.Kind() == '[' {
			return
		}
		same = same && tok.String() == want[next]
		next++
	}
	for range 71 {
		compare()
	}
	if n := testing.AllocsPerRun(100, compare); n != 0 || !same || next != 171 {
		t.Errorf("String compared allocates %v times (equal %v, %d read), want 0", n, same, next)
	}
	// A literal with escapes is decoded into a pooled buffer: one allocation too.
	dec = NewDecoder(strings.NewReader(`"line\nbreak, \u00e9"`))
	if tok, err = dec.ReadToken(); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { s = tok.String() }); n != 1 {
		t.Errorf("String of a literal with escapes allocates %v times, want 1", n)
	}
	if s != "line\nbreak, é" {
		t.Errorf("String = %q", s)
	}
}

// TestDecoderStrings reads strings and names that repeat (past the point where a Decoder interns
// them), that do not, that share slots of its table, and that have escapes, non-ASCII text or more
// bytes than it interns, and holds each token's String, and its Clone's, to encoding/json's value.
func TestDecoderStrings(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("[")
	for i := range 600 {
		fmt.Fprintf(&sb, `{"id":"%d","k%d":"v%d","name":"é%d","kind":"a\u0062","text":"%s","same":"same"},`,
			i, i%400, i%7, i%3, strings.Repeat("long ", 8+i%3))
	}
	sb.WriteString(`"\u00e9\n", "", "\ud83d\ude00"]`)
	doc := sb.String()
	d := NewDecoder(strings.NewReader(doc))
	var kept []Token
	var want []string
	for {
		tok, err := d.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if tok.Kind() != KindString {
			continue
		}
		var s string
		if err := json.Unmarshal(tok.text(), &s); err != nil {
			t.Fatal(err)
		}
		if got := tok.String(); got != s {
			t.Fatalf("String of %s = %q, want %q", tok.text(), got, s)
		}
		kept, want = append(kept, tok.Clone()), append(want, s)
	}
	for i, tok := range kept {
		if got := tok.String(); got != want[i] {
			t.Fatalf("String of a Clone = %q, want %q", got, want[i])
		}
	}
}

// TestDecoderInternAllocs: a Decoder interns the short strings that repeat, so that reading the
// tokens of documents of such strings and their values as strings allocates nothing, once it has
// seen them.
func TestDecoderInternAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	doc := []byte(strings.Repeat(`{"id":12,"name":"x","kind":"a","tags":["b","c"]}`, 100))
	src := bytes.NewReader(doc)
	d := NewDecoder(src)
	n := 0
	allocs := testing.AllocsPerRun(100, func() {
		src.Reset(doc)
		d.Reset(src)
		for {
			tok, err := d.ReadToken()
			if err != nil {
				break
			}
			if tok.Kind() == KindString {
				n += len(tok.String())
			}
		}
	})
	if allocs != 0 {
		t.Errorf("ReadToken and String allocate %v times", allocs)
	}
}
