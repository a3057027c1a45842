package stride

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stridejson/stride/internal/faulty"
	"github.com/stridejson/stride/internal/jsonread"
)

// keepNothing makes Decoders drop every part of a value they are done with, however small the
// buffer, for the rest of the test.
func keepNothing(t *testing.T) {
	jsonread.DropAlways = true
	t.Cleanup(func() { jsonread.DropAlways = false })
}

// bufferedEscape reports whether err and want, a Decoder's errors, differ as encoding/json's on
// Go 1.27 may, which is not held to: its text of a bad \u escape quotes what follows the
// backslash up to six bytes, but no further than the end of its Decoder's buffer (whose size
// follows from its reads: 64 bytes, then 128, ...), and its offset is after what it quotes.
// Stride's buffers differ: its text holds the standard one's and more of the six bytes, and its
// offset is as much further on.
func bufferedEscape(err, want error) bool {
	var se, we *SyntaxError
	if !errors.As(err, &se) || !errors.As(want, &we) {
		return false
	}
	const pre = "invalid escape sequence "
	g, ok1 := strings.CutPrefix(se.Error(), pre)
	w, ok2 := strings.CutPrefix(we.Error(), pre)
	gs, err1 := strconv.QuotedPrefix(g)
	ws, err2 := strconv.QuotedPrefix(w)
	if !ok1 || !ok2 || err1 != nil || err2 != nil || g[len(gs):] != w[len(ws):] {
		return false
	}
	gq, _ := strconv.Unquote(gs)
	wq, _ := strconv.Unquote(ws)
	return len(wq) < len(gq) && len(gq) <= 6 && strings.HasPrefix(gq, wq) &&
		se.Offset-we.Offset == int64(len(gq)-len(wq))
}

// compareStream decodes data value by value, into values made by fresh, with a Decoder reading
// r and with encoding/json's reading all of data, and compares values, errors (with their
// offsets) and InputOffset, and, after each value decoded without an error, whatever each checks
// (a complaint, or ""). It reports false on the first difference.
func compareStream(t *testing.T, data []byte, r io.Reader, fresh func() any, each func(ours *Decoder, theirs *json.Decoder) string) bool {
	t.Helper()
	ours, theirs := NewDecoder(r), json.NewDecoder(bytes.NewReader(data))
	for i := 0; ; i++ {
		got, want := fresh(), fresh()
		err, wantErr := ours.Decode(got), theirs.Decode(want)
		where := fmt.Sprintf("%q into %T, value %d", data, got, i)
		if !sameError(err, wantErr) && !bufferedEscape(err, wantErr) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %v, %v; want %v, %v", where, deref(got), err, deref(want), wantErr)
			return false
		}
		if se, ok := wantErr.(*SyntaxError); ok && !bufferedEscape(err, wantErr) && se.Offset != err.(*SyntaxError).Offset {
			t.Errorf("%s: offset %d, want %d", where, err.(*SyntaxError).Offset, se.Offset)
			return false
		}
		if g, w := ours.InputOffset(), theirs.InputOffset(); g != w {
			t.Errorf("%s: InputOffset %d, want %d", where, g, w)
			return false
		}
		if wantErr != nil {
			return true
		}
		if each != nil {
			if msg := each(ours, theirs); msg != "" {
				t.Errorf("%s: %s", where, msg)
				return false
			}
		}
	}
}

// TestDecoderStreamMutations decodes streams of generated documents, one of them broken one byte
// at a time as in TestOnePassMutations, arriving in short pieces to a Decoder that drops what it
// is done with as soon as it can: errors found after the front of a value has gone must be
// encoding/json's, with its offsets, and values must be left as encoding/json leaves them.
func TestDecoderStreamMutations(t *testing.T) {
	keepNothing(t)
	g := newTypeGen(17)
	r := rand.New(rand.NewPCG(7, 8))
	breakers := []byte("\"\\,:[]{} 0-.ex\x01\xffntf")
	n := 200
	if testing.Short() {
		n = 60
	}
	for i := range n {
		typ := g.typ(0)
		doc, err := json.Marshal(g.value(typ, 0).Interface())
		if err != nil || len(doc) == 0 {
			continue
		}
		if i%2 == 1 {
			doc, _ = json.Marshal(randomDoc(r, 0))
		}
		for range 8 {
			data := bytes.Join([][]byte{doc, mutate(r, doc, breakers), doc}, []byte("\n"))
			seed := r.Uint64()
			for _, fresh := range []func() any{func() any { return reflect.New(typ).Interface() }, newAny} {
				if !compareStream(t, data, faulty.NewReader(data, seed, 1+int(seed%9)), fresh, nil) {
					return
				}
			}
		}
	}
}

// TestDecoderStreamDeep breaks long values nested deep in objects and arrays at every kind of
// place, read a few bytes at a time with nothing kept: the error's message depends on where the
// scanner is, which the Decoder writes out again for the part of the value it has dropped.
func TestDecoderStreamDeep(t *testing.T) {
	keepNothing(t)
	type node struct {
		A []any
		B *node
		C map[string]node
		S string
	}
	var sb strings.Builder
	for d := range 40 {
		switch d % 3 {
		case 0:
			sb.WriteString(`{"S":"x","A":[1,"two",[3],{"k":null}],"B":`)
		case 1:
			sb.WriteString(`{"C":{"k":`)
		default:
			sb.WriteString(`[`)
		}
	}
	sb.WriteString(`{"A":[` + strings.Repeat(`1.5, "s\u00e9",`, 20) + `true]}`)
	closing := []byte(sb.String())
	for d := 39; d >= 0; d-- {
		switch d % 3 {
		case 0:
			closing = append(closing, `,"S":"y"}`...)
		case 1:
			closing = append(closing, `},"S":"z"}`...)
		default:
			closing = append(closing, `,{},[]]`...)
		}
	}
	doc := closing
	if !json.Valid(doc) {
		t.Fatal("the document is not valid")
	}
	r := rand.New(rand.NewPCG(3, 4))
	breakers := []byte("\"\\,:[]{} 0-.ex\x01\xffntf")
	for i := 0; i < len(doc); i += 1 + r.IntN(7) {
		for _, b := range []byte{breakers[r.IntN(len(breakers))], ']', '}', ','} {
			var data []byte
			switch r.IntN(3) {
			case 0:
				data = append(append(append([]byte(nil), doc[:i]...), b), doc[i+1:]...)
			case 1:
				data = append(append(append([]byte(nil), doc[:i]...), b), doc[i:]...)
			default:
				data = append([]byte(nil), doc[:i]...)
			}
			data = append(data, " 1"...)
			for _, fresh := range []func() any{newAny, func() any { return new(node) }} {
				for _, size := range []int{1, 6} {
					if !compareStream(t, data, faulty.NewReader(data, uint64(i), size), fresh, nil) {
						return
					}
				}
			}
		}
	}
	// The depth limit, with the front dropped.
	for _, depth := range []int{jsonread.MaxDepth, jsonread.MaxDepth + 1} {
		data := []byte(strings.Repeat("[1,", depth) + strings.Repeat("]", depth))
		compareStream(t, data, faulty.NewReader(data, 1, 64), newAny, nil)
	}
}

// numbered has members whose decoding stops on a bad value that is valid JSON.
type numbered struct {
	N  Number
	I  int `json:",string"`
	L  []numbered
	Rm RawMessage
}

// TestDecoderStreamStopped decodes values in which decoding stops early, on an error that is not
// a syntax error: encoding/json checks the whole value first, so a syntax error further on wins
// and leaves the value untouched, and without one the value is left as decoding left it.
func TestDecoderStreamStopped(t *testing.T) {
	keepNothing(t)
	long := `{"N":1,"I":"2","Rm":[` + strings.Repeat(`{"x":"yyyyyyyy"},`, 30) + `0]}`
	for _, bad := range []string{`{"N":"x"}`, `{"I":"x"}`, `{"I":3}`, `{"L":[{"N":"1e"}]}`} {
		for _, tail := range []string{`]}`, `]]`, `],"N":1}`, `],"N":}`, `]} {"N":2}`, `]`} {
			data := []byte(`{"L":[` + long + `,` + long + `,` + bad + `,` + long + tail)
			for seed := range uint64(3) {
				if !compareStream(t, data, faulty.NewReader(data, seed, 5), func() any { return new(numbered) }, nil) {
					return
				}
			}
		}
	}
}

// failing delivers data in pieces of up to 7 bytes, then err.
type failing struct {
	r   io.Reader
	err error
}

func (f *failing) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		err = f.err
	}
	return n, err
}

// TestDecoderStreamReadError cuts a stream off with a read error at every place: a value cut off
// by it gets the read error, as from encoding/json's Decoder, unless a syntax error comes first.
func TestDecoderStreamReadError(t *testing.T) {
	keepNothing(t)
	boom := errors.New("boom")
	doc := `{"a":[1,2,{"b":"ccc"}],"d":"` + strings.Repeat("e", 40) + `"} [true,"x"] `
	for _, s := range []string{doc, doc + `{"a":1 "b"}`} {
		for i := range len(s) + 1 {
			data := []byte(s[:i])
			ours := &failing{faulty.NewReader(data, uint64(i), 7), boom}
			theirs := json.NewDecoder(&failing{bytes.NewReader(data), boom})
			dec := NewDecoder(ours)
			for k := 0; ; k++ {
				var got, want any
				err, wantErr := dec.Decode(&got), theirs.Decode(&want)
				if !sameError(err, wantErr) && !(errors.Is(err, boom) && errors.Is(wantErr, boom)) ||
					!reflect.DeepEqual(got, want) {
					t.Fatalf("%q value %d: got %v, %v; want %v, %v", data, k, got, err, want, wantErr)
				}
				if wantErr != nil {
					break
				}
			}
		}
	}
}

// endless is an io.Reader of one JSON array of n objects, each with a member decoded and a long
// one skipped, made as it is read.
type endless struct {
	n, i int
	pend []byte
}

func (e *endless) Read(p []byte) (int, error) {
	for len(e.pend) == 0 {
		switch {
		case e.i == 0:
			e.pend = []byte("[")
		case e.i <= e.n:
			e.pend = fmt.Appendf(nil, `{"skip":"%s","A":%d},`, strings.Repeat("z", 1000), e.i)
			if e.i == e.n {
				e.pend = e.pend[:len(e.pend)-1]
			}
		case e.i == e.n+1:
			e.pend = []byte("]")
		default:
			return 0, io.EOF
		}
		e.i++
	}
	n := copy(p, e.pend)
	e.pend = e.pend[n:]
	return n, nil
}

// TestDecoderStreamBounded decodes a value of 100 MB from a reader: the Decoder's buffer must stay
// a small multiple of jsonread.StreamKeep, since it holds only what the cursor has not finished.
// The drops keep it within about 2*jsonread.StreamKeep, and a buffer taken from readBufs may be up
// to four times the room wanted: 16*jsonread.StreamKeep leaves a margin.
func TestDecoderStreamBounded(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 20_000
	}
	var rows []struct{ A int }
	dec := NewDecoder(&endless{n: n})
	if err := dec.Decode(&rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != n || rows[n-1].A != n {
		t.Fatalf("decoded %d rows", len(rows))
	}
	if c := cap(dec.in.Buf); c > 16*jsonread.StreamKeep {
		t.Errorf("buffer of %d bytes for a value of %d MB", c, dec.InputOffset()>>20)
	}
	if c := cap(dec.mem.Str); c > 0 { // the skipped strings need no decode buffer
		t.Errorf("decode buffer of %d bytes, with no string decoded", c)
	}
}

// watched delivers data through r and counts the reads asked of it once all of data is out.
type watched struct {
	r     io.Reader
	left  int
	after int
}

func (w *watched) Read(p []byte) (int, error) {
	if w.left == 0 {
		w.after++
		return 0, io.EOF
	}
	n, err := w.r.Read(p)
	w.left -= n
	return n, err
}

// TestDecoderStreamReadsOnlyWhatItNeeds decodes values whose last byte ends the input: the
// Decoder must not read again once it holds the whole value (from a network peer waiting for an
// answer, that read would never return), even when the rest arrived with a string's end.
func TestDecoderStreamReadsOnlyWhatItNeeds(t *testing.T) {
	docs := []string{`{"a":"` + strings.Repeat("b", 3000) + `","c":[1,2,{"d":"e"}],"f":1.5}`,
		`[` + strings.Repeat(`"`+strings.Repeat("s", 40)+`",`, 200) + `{}]`}
	for _, drop := range []bool{false, true} {
		jsonread.DropAlways = drop
		for _, doc := range docs {
			for seed := range uint64(20) {
				w := &watched{r: faulty.NewReader([]byte(doc), seed, 700), left: len(doc)}
				var v any
				if err := NewDecoder(w).Decode(&v); err != nil || w.after > 0 {
					t.Fatalf("seed %d, dropping %v: %v, %d reads after the value", seed, drop, err, w.after)
				}
			}
		}
	}
	jsonread.DropAlways = false
}

// chunks delivers its pieces one per Read.
type chunks [][]byte

func (c *chunks) Read(p []byte) (int, error) {
	if len(*c) == 0 {
		return 0, io.EOF
	}
	n := copy(p, (*c)[0])
	if (*c)[0] = (*c)[0][n:]; len((*c)[0]) == 0 {
		*c = (*c)[1:]
	}
	return n, nil
}

// TestDecoderBufferReuse has a Decoder give up its buffer when a value ends where its reads
// end, lets other Decoders take it and fill it, and checks that what the first decoded, and what
// it decodes and reports next, are all as encoding/json has them.
func TestDecoderBufferReuse(t *testing.T) {
	type doc struct {
		S   []string
		Raw RawMessage
		M   map[string]any
	}
	value := func(tag string) []byte {
		b, _ := json.Marshal(map[string]any{
			"S":   []string{strings.Repeat(tag, 3000), strings.Repeat(tag+`"`, 3000), tag + " short"},
			"Raw": map[string]any{"k": strings.Repeat(tag, 2000)},
			"M":   map[string]any{tag: []any{1.5, tag, nil}},
		})
		return b
	}
	first, second := value("a"), value("b")
	for _, into := range []func() any{func() any { return new(doc) }, newAny} {
		src := chunks{first, []byte("\n"), second}
		dec := NewDecoder(&src)
		got1 := into()
		if err := dec.Decode(got1); err != nil {
			t.Fatal(err)
		}
		if cap(dec.in.Buf) != 0 || dec.InputOffset() != int64(len(first)) {
			t.Fatalf("after the first value: buffer of %d kept, InputOffset %d", cap(dec.in.Buf), dec.InputOffset())
		}
		if rest, _ := io.ReadAll(dec.Buffered()); len(rest) != 0 {
			t.Fatalf("Buffered %q", rest)
		}
		for range 3 { // other Decoders take the buffer and overwrite it
			var other any
			if err := NewDecoder(bytes.NewReader(value("z"))).Decode(&other); err != nil {
				t.Fatal(err)
			}
		}
		got2 := into()
		if err := dec.Decode(got2); err != nil || dec.InputOffset() != int64(len(first)+1+len(second)) {
			t.Fatalf("second value: %v, InputOffset %d", err, dec.InputOffset())
		}
		for _, c := range []struct {
			data []byte
			got  any
		}{{first, got1}, {second, got2}} {
			want := into()
			if err := json.Unmarshal(c.data, want); err != nil || !reflect.DeepEqual(c.got, want) {
				t.Fatalf("decoded %.200v, want %.200v", deref(c.got), deref(want))
			}
		}
	}
}
