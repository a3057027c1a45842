package stream

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// tokenTrace reads in with ReadToken (and ReadValue where useValue says, by call number) and
// returns a line per call: the token or value and the Reader's state, and the error last.
func tokenTrace(r *Reader, useValue func(int) bool) []string {
	var lines []string
	for i := 0; i < 1000; i++ {
		var kind byte
		var text []byte
		if useValue(i) {
			text = r.ReadValue()
			kind = 'v'
			if text == nil {
				kind = 0
			}
		} else {
			kind, text = r.ReadToken()
		}
		if kind == 0 {
			err := r.Err()
			var e *SyntaxError
			if errors.As(err, &e) {
				lines = append(lines, fmt.Sprintf("error at %d %q: %s", e.Offset, e.Pointer, e.Msg))
			} else {
				lines = append(lines, fmt.Sprintf("end %v", err))
			}
			return lines
		}
		lines = append(lines, fmt.Sprintf("%c %s off=%d depth=%d ptr=%q", kind, text, r.InputOffset(), r.Depth(), r.TokenPointer()))
	}
	return lines
}

func tokensOnly(int) bool { return false }

func TestReadToken(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{``, `end <nil>`},
		{` {"a" : [1, true,"x"] , "b":{}} 7`, `{ { off=2 depth=1 ptr="" | " "a" off=5 depth=1 ptr="/a" | [ [ off=9 depth=2 ptr="/a" | ` +
			`0 1 off=10 depth=2 ptr="/a/0" | t true off=16 depth=2 ptr="/a/1" | " "x" off=20 depth=2 ptr="/a/2" | ` +
			`] ] off=21 depth=1 ptr="/a" | " "b" off=27 depth=1 ptr="/b" | { { off=29 depth=2 ptr="/b" | ` +
			`} } off=30 depth=1 ptr="/b" | } } off=31 depth=0 ptr="" | 0 7 off=33 depth=0 ptr="" | end <nil>`},
		{`truex`, `t true off=4 depth=0 ptr="" | error at 4 "": invalid character 'x' at start of value`},
		{`01`, `0 0 off=1 depth=0 ptr="" | 0 1 off=2 depth=0 ptr="" | end <nil>`},
		{`{"a" 1}`, `{ { off=1 depth=1 ptr="" | " "a" off=4 depth=1 ptr="/a" | error at 5 "/a": invalid character '1' after object name (expecting ':')`},
		{`{"a":}`, `{ { off=1 depth=1 ptr="" | " "a" off=4 depth=1 ptr="/a" | error at 5 "/a": missing value after object name`},
		{`[1,]`, `[ [ off=1 depth=1 ptr="" | 0 1 off=2 depth=1 ptr="/0" | error at 2 "": invalid character ',' at start of value`},
		{`[1}`, `[ [ off=1 depth=1 ptr="" | 0 1 off=2 depth=1 ptr="/0" | error at 2 "": invalid character '}' after array element (expecting ',' or ']')`},
		{`{1:2}`, `{ { off=1 depth=1 ptr="" | error at 1 "": object member name must be a string`},
		{`{"a":1,"a":2}`, `{ { off=1 depth=1 ptr="" | " "a" off=4 depth=1 ptr="/a" | 0 1 off=6 depth=1 ptr="/a" | error at 7 "/a": duplicate object member name`},
		{`[nul]`, `[ [ off=1 depth=1 ptr="" | error at 4 "/0": invalid character ']' in literal null (expecting 'l')`},
		{`["\ud800"]`, `[ [ off=1 depth=1 ptr="" | error at 2 "/0": invalid surrogate pair ` + "`" + `\ud800"]` + "`" + ` in string`},
		{`[1,2`, `[ [ off=1 depth=1 ptr="" | 0 1 off=2 depth=1 ptr="/0" | 0 2 off=4 depth=1 ptr="/1" | error at 4 "": unexpected EOF`},
		// The literals, read as one word each where they are whole in the buffer.
		{`[true,false,null]`, `[ [ off=1 depth=1 ptr="" | t true off=5 depth=1 ptr="/0" | f false off=11 depth=1 ptr="/1" | n null off=16 depth=1 ptr="/2" | ] ] off=17 depth=0 ptr="" | end <nil>`},
		{`{"a":true,"b":false,"c":null}`, `{ { off=1 depth=1 ptr="" | " "a" off=4 depth=1 ptr="/a" | t true off=9 depth=1 ptr="/a" | " "b" off=13 depth=1 ptr="/b" | ` +
			`f false off=19 depth=1 ptr="/b" | " "c" off=23 depth=1 ptr="/c" | n null off=28 depth=1 ptr="/c" | } } off=29 depth=0 ptr="" | end <nil>`},
		{`{true:1}`, `{ { off=1 depth=1 ptr="" | error at 1 "": object member name must be a string`},
		{`[trux]`, `[ [ off=1 depth=1 ptr="" | error at 4 "/0": invalid character 'x' in literal true (expecting 'e')`},
		{`{"a":falsE}`, `{ { off=1 depth=1 ptr="" | " "a" off=4 depth=1 ptr="/a" | error at 9 "/a": invalid character 'E' in literal false (expecting 'e')`},
		{`[fals,`, `[ [ off=1 depth=1 ptr="" | error at 5 "/0": invalid character ',' in literal false (expecting 'e')`},
		{`[nul`, `[ [ off=1 depth=1 ptr="" | error at 4 "/0": unexpected EOF`},
		{`tru`, `error at 3 "": unexpected EOF`},
	} {
		opts := ReaderOptions{StrictStrings: true, RejectDuplicateNames: true}
		if got := strings.Join(tokenTrace(NewReader([]byte(c.in), opts), tokensOnly), " | "); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func TestReadValue(t *testing.T) {
	values := func(i int) bool { return i != 0 }
	for _, c := range []struct{ in, want string }{
		{`{"a":[1,{"b":2}], "c" : 3}`, `{ { off=1 depth=1 ptr="" | v "a" off=4 depth=1 ptr="/a" | v [1,{"b":2}] off=16 depth=1 ptr="/a" | ` +
			`v "c" off=21 depth=1 ptr="/c" | v 3 off=25 depth=1 ptr="/c" | error at 25 "": invalid character '}' at start of value`},
		{`[[1,{"b":[2,x]}]]`, `[ [ off=1 depth=1 ptr="" | error at 12 "/0/1/b/1": invalid character 'x' at start of value`},
		{`[{"a":1,"a":2}]`, `[ [ off=1 depth=1 ptr="" | error at 8 "/0/a": duplicate object member name`},
		{`[{"a":[1,}]}]`, `[ [ off=1 depth=1 ptr="" | error at 9 "/0/a/1": invalid character '}' at start of value`},
		{`{"a":{"b":1]}`, `{ { off=1 depth=1 ptr="" | v "a" off=4 depth=1 ptr="/a" | error at 11 "/a": invalid character ']' after object value (expecting ',' or '}')`},
	} {
		opts := ReaderOptions{StrictStrings: true, RejectDuplicateNames: true}
		if got := strings.Join(tokenTrace(NewReader([]byte(c.in), opts), values), " | "); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// FuzzReadTokenStream holds token reading from an io.Reader, one byte per Read, to token reading
// in memory: the same tokens, values, offsets, pointers and errors (but for the bad text an error
// quotes, which runs to the end of the buffer).
func FuzzReadTokenStream(f *testing.F) {
	for _, s := range []string{`{"a":[1,true,"x"],"b":{}}`, `[1,]`, `{"a" 1}`, `"\ud800\u`, `[[1,{"b":[2,x]}]]`, `1 2`, `[true,fals,nul]`, `{"a":trux}`} {
		f.Add(s, uint8(0), uint16(0))
		f.Add(s, uint8(2), uint16(0)) // tokens only, duplicate names refused
		f.Add(s, uint8(3), uint16(0x5555))
	}
	f.Fuzz(func(t *testing.T, in string, opts uint8, values uint16) {
		o := ReaderOptions{StrictStrings: opts&1 != 0, RejectDuplicateNames: opts&2 != 0}
		useValue := func(i int) bool { return values>>(i%16)&1 != 0 }
		want := tokenTrace(NewReader([]byte(in), o), useValue)
		got := tokenTrace(NewStreamReader(iotest.OneByteReader(strings.NewReader(in)), o), useValue)
		if len(got) != len(want) {
			t.Fatalf("%q: %d lines from an io.Reader, %d in memory:\n%s\n%s", in, len(got), len(want), got, want)
		}
		for i := range got {
			g, w := got[i], want[i]
			if strings.HasPrefix(w, "error") {
				g, w = g[:strings.Index(g, ":")], w[:strings.Index(w, ":")]
			}
			if g != w {
				t.Fatalf("%q, line %d:\n got %s\nwant %s", in, i, got[i], want[i])
			}
		}
	})
}

// TestReadTokenReadError: an error of the io.Reader comes back as it is.
func TestReadTokenReadError(t *testing.T) {
	boom := errors.New("boom")
	r := NewStreamReader(io.MultiReader(strings.NewReader(`[1,`), iotest.ErrReader(boom)))
	for {
		if k, _ := r.ReadToken(); k == 0 {
			break
		}
	}
	if r.Err() != boom {
		t.Errorf("Err() = %v, want the reader's", r.Err())
	}
}

func TestReadTokenAllocs(t *testing.T) {
	doc := []byte(`{"a":[1,true,"x\n"],"b":{"c":null},"d":"é"}`)
	r := NewReader(nil, ReaderOptions{StrictStrings: true, RejectDuplicateNames: true})
	n := testing.AllocsPerRun(100, func() {
		r.Reset(doc)
		for {
			if k, _ := r.ReadToken(); k == 0 {
				break
			}
		}
	})
	if n != 0 || r.Err() != nil {
		t.Errorf("ReadToken allocates %v times (err %v)", n, r.Err())
	}
}
