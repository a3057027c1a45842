package stream

import (
	"strings"
	"testing"
)

// TestReaderErrorPositions pins the offset, line, column and JSON Pointer of an error at every
// structural position, read token by token (the pointer convention is jsontext's; see pointer) and
// with SkipValue (which names the value it skips), from memory and through stream readers that see
// the input in pieces of every size. The expectations are worked out by hand from the input: off is
// the index of the offending byte (or len(in) at the end of the input).
func TestReaderErrorPositions(t *testing.T) {
	type pos struct {
		off       int64
		line, col int // 0: line 1, column off+1
		ptr       string
	}
	for _, tc := range []struct {
		in   string
		tok  pos    // one value read with Kind and the method for its kind (containers with Object and Array), then End
		msg  string // the token reader's message
		skip string // SkipValue's pointer at the top level: always "" but where noted
	}{
		// Objects: after '{', in and after a name, after ':', after a value, after ','.
		{in: `{`, tok: pos{off: 1}, msg: "unexpected end of input in object"},
		{in: `{x`, tok: pos{off: 1}, msg: "invalid character 'x' where an object key should begin"},
		{in: `{1:2}`, tok: pos{off: 1}, msg: "invalid character '1' where an object key should begin"},
		{in: `{"ab`, tok: pos{off: 4}, msg: "unexpected end of input in object key"},
		{in: `{"a\x":1}`, tok: pos{off: 4}, msg: "invalid character 'x' in string escape"},
		{in: `{"a"`, tok: pos{off: 4, ptr: "/a"}, msg: "unexpected end of input after object key"},
		{in: `{"a" 1}`, tok: pos{off: 5, ptr: "/a"}, msg: "invalid character '1' after object key"},
		{in: `{"a":`, tok: pos{off: 5, ptr: "/a"}, msg: "unexpected end of input"},
		{in: `{"a":}`, tok: pos{off: 5, ptr: "/a"}, msg: "invalid character '}' where a value should begin"},
		{in: `{"a":,}`, tok: pos{off: 5, ptr: "/a"}, msg: "invalid character ',' where a value should begin"},
		{in: `{"a":tru}`, tok: pos{off: 8, ptr: "/a"}, msg: "invalid character '}' in literal true"},
		{in: `{"a":"\x"}`, tok: pos{off: 7, ptr: "/a"}, msg: "invalid character 'x' in string escape"},
		{in: `{"a":1`, tok: pos{off: 6}, msg: "unexpected end of input in object"},
		{in: `{"a":1 "b":2}`, tok: pos{off: 7}, msg: `invalid character '"' after object member`},
		{in: `{"a":1,`, tok: pos{off: 7}, msg: "unexpected end of input in object"},
		{in: `{"a":2,}`, tok: pos{off: 7}, msg: "invalid character '}' where an object key should begin"},
		{in: `{"a":1,"b\x":2}`, tok: pos{off: 10}, msg: "invalid character 'x' in string escape"},
		{in: `{"a":1,"b":x}`, tok: pos{off: 11, ptr: "/b"}, msg: "invalid character 'x' where a value should begin"},
		// Arrays: after '[', in an element, after one, after ','.
		{in: `[`, tok: pos{off: 1}, msg: "unexpected end of input in array"},
		{in: `[x]`, tok: pos{off: 1, ptr: "/0"}, msg: "invalid character 'x' where a value should begin"},
		{in: `[,]`, tok: pos{off: 1}, msg: "invalid character ',' where a value should begin"},
		{in: `[}`, tok: pos{off: 1}, msg: "invalid character '}' where a value should begin"},
		{in: `[tru`, tok: pos{off: 4, ptr: "/0"}, msg: "unexpected end of input in literal true"},
		{in: `[1`, tok: pos{off: 2}, msg: "unexpected end of input in array"},
		{in: `[1 2]`, tok: pos{off: 3}, msg: "invalid character '2' after array element"},
		{in: `[1,`, tok: pos{off: 3}, msg: "unexpected end of input"},
		{in: `[1,]`, tok: pos{off: 3}, msg: "invalid character ']' where a value should begin"},
		{in: `[1,,]`, tok: pos{off: 3}, msg: "invalid character ',' where a value should begin"},
		{in: `[1,x]`, tok: pos{off: 3, ptr: "/1"}, msg: "invalid character 'x' where a value should begin"},
		{in: `[1,2,-]`, tok: pos{off: 6, ptr: "/2"}, msg: "invalid character ']' in number"},
		{in: `["a",01]`, tok: pos{off: 6, ptr: "/1"}, msg: "invalid character '1' in number"},
		// Nested: the pointer runs through every open container.
		{in: `{"a":[1,{"b":x}]}`, tok: pos{off: 13, ptr: "/a/1/b"}, msg: "invalid character 'x' where a value should begin"},
		{in: `{"x":{"a":1 "b":2}}`, tok: pos{off: 12, ptr: "/x"}, msg: `invalid character '"' after object member`},
		{in: `{"a":{"b":1,}}`, tok: pos{off: 12, ptr: "/a"}, msg: "invalid character '}' where an object key should begin"},
		{in: `[{"x":1}x]`, tok: pos{off: 8}, msg: "invalid character 'x' after array element"},
		{in: `{"a":[]x}`, tok: pos{off: 7}, msg: "invalid character 'x' after object member"},
		{in: `[[[1,2,[3 4]]]]`, tok: pos{off: 10, ptr: "/0/0/2"}, msg: "invalid character '4' after array element"},
		{in: `[[[1,2,[3,`, tok: pos{off: 10, ptr: "/0/0/2"}, msg: "unexpected end of input"},
		{in: `{"a":{"b":[`, tok: pos{off: 11, ptr: "/a/b"}, msg: "unexpected end of input in array"},
		{in: `{"a~/":x}`, tok: pos{off: 7, ptr: "/a~0~1"}, msg: "invalid character 'x' where a value should begin"},
		{in: `{"a\u002fb":[x]}`, tok: pos{off: 13, ptr: "/a~1b/0"}, msg: "invalid character 'x' where a value should begin"},
		// The top level.
		{in: ``, tok: pos{off: 0}, msg: "unexpected end of input"},
		{in: `   `, tok: pos{off: 3}, msg: "unexpected end of input"},
		{in: `x`, tok: pos{off: 0}, msg: "invalid character 'x' where a value should begin"},
		{in: `]`, tok: pos{off: 0}, msg: "invalid character ']' where a value should begin"},
		{in: `{"a":1}}`, tok: pos{off: 7}, msg: "invalid character '}' after top-level value"},
		{in: `1 x`, tok: pos{off: 2}, msg: "invalid character 'x' after top-level value"},
		// Lines and columns: columns count bytes from 1 after the last '\n'; "\r\n" is one line end.
		{in: "{\n  \"a\": [\n    1,\n    ]\n}", tok: pos{off: 22, line: 4, col: 5, ptr: "/a"}, msg: "invalid character ']' where a value should begin"},
		{in: "[1,\r\n x]", tok: pos{off: 6, line: 2, col: 2, ptr: "/1"}, msg: "invalid character 'x' where a value should begin"},
		{in: "[\n\n\n", tok: pos{off: 4, line: 4, col: 1}, msg: "unexpected end of input in array"},
		{in: "{\"a\":\n\"\xc3\xa9\x01\"}", tok: pos{off: 9, line: 2, col: 4, ptr: "/a"}, msg: `invalid control character '\x01' in string literal`},
	} {
		want := tc.tok
		if want.line == 0 {
			want.line, want.col = 1, int(want.off)+1
		}
		data := []byte(tc.in)
		for i, r := range append(streamReaders(data, 3, ReaderOptions{}), NewReader(data)) {
			out := traceValue(r, modeTokens, nil)
			if r.End(); r.Err() == nil {
				t.Fatalf("tokens of %q (reader %d): no error, read %q", tc.in, i, out)
			}
			se := syntaxErr(t, r.Err())
			got := pos{se.Offset, se.Line, se.Column, se.Pointer}
			if got != want || se.Msg != tc.msg {
				t.Errorf("tokens of %q (reader %d): got %+v %q\nwant %+v %q", tc.in, i, got, se.Msg, want, tc.msg)
			}
			// SkipValue at the top level finds the same byte, and names the value it skips.
			r.Reset(data)
			r.SkipValue()
			r.End()
			if r.Err() == nil {
				t.Fatalf("SkipValue of %q (reader %d): no error", tc.in, i)
			}
			se = syntaxErr(t, r.Err())
			if se.Offset != want.off || se.Line != want.line || se.Column != want.col || se.Pointer != tc.skip {
				t.Errorf("SkipValue of %q (reader %d): got %d %d:%d %q, want %d %d:%d %q", tc.in, i,
					se.Offset, se.Line, se.Column, se.Pointer, want.off, want.line, want.col, tc.skip)
			}
		}
	}
}

// TestReaderErrorPositionsSkipped covers values that Next skips because the caller did not read
// them, and Raw: the pointer names the value skipped, the offset the byte at fault inside it.
func TestReaderErrorPositionsSkipped(t *testing.T) {
	names := func(r *Reader) { // reads the names of the top-level object, none of its values
		for obj := r.Object(); obj.Next(); {
		}
	}
	elems := func(r *Reader) { // reads the top-level array's elements with Raw
		for arr := r.Array(); arr.Next(); {
			r.Raw()
		}
	}
	for _, tc := range []struct {
		in   string
		read func(*Reader)
		off  int64
		ptr  string
	}{
		{`{"a":[1,x],"b":2}`, names, 8, "/a"},
		{`{"a":1,"b":{"c":[}}`, names, 17, "/b"},
		{`{"a":1,"b":2 x}`, names, 13, ""},
		{`{"a":1,"b":`, names, 11, "/b"},
		{`[1,{"a":[1,,]}]`, elems, 11, "/1"},
		{`[1,]`, elems, 3, ""},
		{`[1,`, elems, 3, ""},
	} {
		data := []byte(tc.in)
		for i, r := range append(streamReaders(data, 5, ReaderOptions{}), NewReader(data)) {
			tc.read(r)
			r.End()
			se := syntaxErr(t, r.Err())
			if se.Offset != tc.off || se.Line != 1 || se.Column != int(tc.off)+1 || se.Pointer != tc.ptr {
				t.Errorf("%q (reader %d): got %d %d:%d %q (%s), want %d 1:%d %q", tc.in, i,
					se.Offset, se.Line, se.Column, se.Pointer, se.Msg, tc.off, tc.off+1, tc.ptr)
			}
		}
	}
}

// TestReaderEndPointer: End inside containers names the innermost open one.
func TestReaderEndPointer(t *testing.T) {
	r := NewReader([]byte(`{"a": [1, 2, 3]}`))
	obj := r.Object()
	obj.Next()
	arr := r.Array()
	arr.Next()
	r.Int64()
	err := r.End()
	if se := syntaxErr(t, err); se.Pointer != "/a" || se.Offset != 16 || !strings.Contains(se.Msg, "unexpected end of input") {
		t.Errorf("End: %v (pointer %q)", err, se.Pointer)
	}
}
