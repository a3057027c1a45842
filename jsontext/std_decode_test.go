//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"bytes"
	stdtext "encoding/json/jsontext"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"
)

// The Decoder held to Go 1.27's: the same calls on the same input give the same tokens, values,
// errors (text, offset, pointer), offsets and stack, call by call.

// decodeInputs are inputs valid and invalid at every place of the grammar.
var decodeInputs = []string{
	``, ` `, `null`, `true`, `false`, `0`, `-1.5e3`, `"a"`, `{}`, `[]`, `{"a":1}`, `[1,2,3]`,
	`{"a":[1,{"b":null}],"c":"d"}`, ` [ 1 , "x" , { } ] `, "{\n\"a\" :\t1\r}",
	`1 2 3`, `{}{}`, `[][]`, `truefalse`, `truex`, `nul`, `nulx`, `tru`, `01`, `-`, `-x`, `1.`, `1.x`,
	`1e`, `1e+`, `1.5.3`, `1-2`, `"abc`, `"a\`, `"a\x"`, `"a\u12"`, `"a\u12x4"`, `"\ud800"`, `"\ud800\u0041"`,
	`"\udc00"`, `"\ud800\udc00"`, `"\ud800\u`, "\"a\x01\"", "\"\xff\"", "\"\xe2\x82\"", "\"\xe2\x82",
	`{"a"}`, `{"a":}`, `{"a" 1}`, `{"a":1,}`, `{"a":1 "b":2}`, `{,}`, `{1:2}`, `{null:1}`, `{[]:1}`,
	`{{}:1}`, `{"a":1]`, `[1}`, `[1,]`, `[,1]`, `[1 2]`, `[1:2]`, `{"a",1}`, `]`, `}`, `,`, `:`, `[}`, `{]`,
	`{"a":1,"a":2}`, `{"a":{"a":1},"a":2}`, `[{"x":1,"x":1}]`, `{"\u0061":1,"a":2}`, `x`, `[x]`, `{"a":x}`,
	`[1,2`, `{"a":1`, `{"a"`, `{"a":`, `[`, `{`, `[[[`, `{"a":{"b":{"c":[1,2,{"d":tru}]}}}`,
	`{"a/b~c":{"é":[0,1,[2,{"x":}]]}}`, `[1,[2,[3,]]]`, `{"a":[1,}]}`, `{"a":{"b":1]}`, `[{"a":1}}`,
	"[\"\xff\"]", `{"a":"\ud800"}`, `[1e400]`, `[-0]`, `1 ,2`, `[1]]`, `{"a":1}}`, "\x00", "[\x00]",
	"é", "[é]", `{"a":1,"b":[true,false,null],"c":{"d":-0.5e-3}}`,
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
	strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001),
}

// errBoom is the error of a Read that fails after the input.
var errBoom = errors.New("boom")

// decodeOp is one call on both decoders.
type decodeOp byte

const (
	opToken decodeOp = iota
	opValue
	opPeek
	opSkip
	opCount
)

// decodeTrace makes the calls ops chooses (cycling through them) on a decoder of in until an
// error, and returns one line per call: its result, InputOffset, the stack and StackPointer.
func decodeTrace(d decoderAPI, ops []byte) []string {
	var lines []string
	for i := 0; i < 20000; i++ {
		op := decodeOp(0)
		if len(ops) > 0 {
			op = decodeOp(ops[i%len(ops)]) % opCount
		}
		var line string
		var err error
		switch op {
		case opToken:
			var kind, text string
			kind, text, err = d.readToken()
			line = fmt.Sprintf("token %s %q", kind, text)
		case opValue:
			var v []byte
			v, err = d.readValue()
			line = fmt.Sprintf("value %q", v)
		case opPeek:
			line = "peek " + d.peekKind()
		case opSkip:
			err = d.skipValue()
			line = "skip"
		}
		ptr := d.stackPointer()
		if len(ptr) > 200 {
			ptr = ptr[:100] + "..." + ptr[len(ptr)-100:]
		}
		line += fmt.Sprintf(" err=%s off=%d depth=%d ptr=%q", errText(err), d.inputOffset(), d.stackDepth(), ptr)
		for j := 0; j <= d.stackDepth(); j++ {
			if j == 3 && d.stackDepth() > 5 {
				j = d.stackDepth() - 1 // the outer and the inner levels of deep input
			}
			k, n := d.stackIndex(j)
			line += fmt.Sprintf(" [%s %d]", k, n)
		}
		line += fmt.Sprintf(" unexpectedEOF=%v EOF=%v", errors.Is(err, io.ErrUnexpectedEOF), err == io.EOF)
		lines = append(lines, line)
		if err != nil {
			// The same read once more: the error stays. (The standard Decoder's state stays as it
			// was before the call that failed, and a call of another kind may fail otherwise;
			// ours keeps the error: see Decoder.)
			switch op {
			case opToken:
				_, _, err = d.readToken()
				lines = append(lines, "again "+errText(err))
			case opValue:
				_, err = d.readValue()
				lines = append(lines, "again "+errText(err))
			}
			break
		}
	}
	return lines
}

// decoderAPI is the part of the two Decoders the trace uses, with results as text.
type decoderAPI interface {
	readToken() (kind, text string, err error)
	readValue() ([]byte, error)
	peekKind() string
	skipValue() error
	inputOffset() int64
	stackDepth() int
	stackIndex(i int) (string, int64)
	stackPointer() string
}

type oursDec struct{ *Decoder }

func (d oursDec) readToken() (string, string, error) {
	t, err := d.ReadToken()
	if err != nil {
		return "", "", err
	}
	return t.Kind().String(), t.String(), nil
}
func (d oursDec) readValue() ([]byte, error)       { return d.ReadValue() }
func (d oursDec) peekKind() string                 { return d.PeekKind().String() }
func (d oursDec) skipValue() error                 { return d.SkipValue() }
func (d oursDec) inputOffset() int64               { return d.InputOffset() }
func (d oursDec) stackDepth() int                  { return d.StackDepth() }
func (d oursDec) stackPointer() string             { return string(d.StackPointer()) }
func (d oursDec) stackIndex(i int) (string, int64) { k, n := d.StackIndex(i); return k.String(), n }

type stdDec struct{ *stdtext.Decoder }

func (d stdDec) readToken() (string, string, error) {
	t, err := d.ReadToken()
	if err != nil {
		return "", "", err
	}
	return t.Kind().String(), t.String(), nil
}
func (d stdDec) readValue() ([]byte, error)       { return d.ReadValue() }
func (d stdDec) peekKind() string                 { return d.PeekKind().String() }
func (d stdDec) skipValue() error                 { return d.SkipValue() }
func (d stdDec) inputOffset() int64               { return d.InputOffset() }
func (d stdDec) stackDepth() int                  { return d.StackDepth() }
func (d stdDec) stackPointer() string             { return string(d.StackPointer()) }
func (d stdDec) stackIndex(i int) (string, int64) { k, n := d.StackIndex(i); return k.String(), n }

// badText matches the quoted text of an invalid-text error.
var badText = regexp.MustCompile("(invalid (?:escape sequence|surrogate pair|character)) (?:`[^`]*`|'(?:[^'\\\\]|\\\\.)*'|\"(?:[^\"\\\\]|\\\\.)*\") ")

// checkDecode compares the traces of the two Decoders on in, under opts (bit 0
// AllowDuplicateNames, bit 1 AllowInvalidUTF8), with calls chosen by ops, reading in whole and one
// byte per Read.
func checkDecode(t *testing.T, in string, opts byte, ops []byte) {
	t.Helper()
	dups, bad := opts&1 != 0, opts&2 != 0
	for mode := range 3 {
		oneByte, fail := mode == 1, mode == 2
		if (oneByte || fail) && len(in) > 1000 {
			break // deep input: refills are tested on the short inputs
		}
		// Both read in whole, or both one byte per Read (an error's text may quote what follows
		// the bad bytes in the buffer), or whole and then a Read that fails.
		src := func() io.Reader {
			switch {
			case oneByte:
				return iotest.OneByteReader(strings.NewReader(in))
			case fail:
				return io.MultiReader(strings.NewReader(in), iotest.ErrReader(errBoom))
			}
			return strings.NewReader(in)
		}
		want := decodeTrace(stdDec{stdtext.NewDecoder(src(),
			stdtext.AllowDuplicateNames(dups), stdtext.AllowInvalidUTF8(bad))}, ops)
		got := decodeTrace(oursDec{NewDecoder(src(), AllowDuplicateNames(dups), AllowInvalidUTF8(bad))}, ops)
		for i := range max(len(got), len(want)) {
			var g, w string
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			if oneByte {
				// The bad text an error quotes runs to the end of what the decoder holds, which
				// depends on its buffering: one byte at a time, only the rest is compared.
				g, w = badText.ReplaceAllString(g, "$1 _ "), badText.ReplaceAllString(w, "$1 _ ")
			}
			if strings.Contains(w, `"/a/////`) && !strings.Contains(g, "//") {
				// NOTE: Go 1.27.3's Decoder loses member names from the pointer of an error deep
				// inside a value ReadValue reads after ReadToken and SkipValue calls (the deep
				// {"a": input of decodeInputs); ours names them.
				continue
			}
			if g != w {
				t.Errorf("%.80q opts %d ops %v one byte %v, failing read %v, call %d:\n got %s\nwant %s", in, opts, ops, oneByte, fail, i, g, w)
				return
			}
		}
	}
}

func TestDecoderStd(t *testing.T) {
	opSets := [][]byte{{byte(opToken)}, {byte(opValue)}, {byte(opPeek), byte(opToken)},
		{byte(opToken), byte(opValue)}, {byte(opSkip)}, {byte(opToken), byte(opSkip), byte(opPeek), byte(opValue)}}
	for _, in := range decodeInputs {
		for opts := range byte(4) {
			for i, ops := range opSets {
				if len(in) > 1000 && (opts > 0 || i%2 == 1) {
					continue // deep input: a trace of each kind is enough
				}
				checkDecode(t, in, opts, ops)
			}
		}
	}
}

func FuzzDecoderStd(f *testing.F) {
	for _, in := range decodeInputs {
		if len(in) < 200 {
			f.Add(in, byte(0), []byte{0})
			f.Add(in, byte(3), []byte{1, 0, 2})
		}
	}
	f.Fuzz(func(t *testing.T, in string, opts byte, ops []byte) {
		if len(ops) > 16 {
			ops = ops[:16]
		}
		checkDecode(t, in, opts%4, ops)
	})
}

func TestDecoderReset(t *testing.T) {
	d := NewDecoder(strings.NewReader(`{"a":1,"a":2}`))
	for _, err := d.ReadToken(); err == nil; _, err = d.ReadToken() {
	}
	d.Reset(bytes.NewReader([]byte(`{"a":1,"a":2}`)), AllowDuplicateNames(true))
	for {
		if _, err := d.ReadToken(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("after Reset with AllowDuplicateNames: %v", err)
		}
	}
}
