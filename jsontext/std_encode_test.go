//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"bytes"
	stdtext "encoding/json/jsontext"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The Encoder held to Go 1.27's: the same calls with the same options give the same errors (text,
// offset, pointer, the cause), offsets, stack and output, call by call.

// An encodeOp is a WriteToken or WriteValue call, made the same on both Encoders.
type encodeOp struct {
	name   string
	ours   func(*Encoder) error
	theirs func(*stdtext.Encoder) error
}

// tokenOp is a WriteToken call with the token each package's constructor makes.
func tokenOp(name string, ours Token, theirs stdtext.Token) encodeOp {
	return encodeOp{name,
		func(e *Encoder) error { return e.WriteToken(ours) },
		func(e *stdtext.Encoder) error { return e.WriteToken(theirs) }}
}

// rawOp is a WriteToken call with the first token each package's Decoder reads from text.
func rawOp(text string) encodeOp {
	ours, err := NewDecoder(strings.NewReader(text), AllowInvalidUTF8(true)).ReadToken()
	if err != nil {
		panic(err)
	}
	theirs, err := stdtext.NewDecoder(strings.NewReader(text), stdtext.AllowInvalidUTF8(true)).ReadToken()
	if err != nil {
		panic(err)
	}
	return tokenOp("raw "+text, ours.Clone(), theirs.Clone())
}

// valueOp is a WriteValue call.
func valueOp(text string) encodeOp {
	return encodeOp{"value " + text,
		func(e *Encoder) error { return e.WriteValue(Value(text)) },
		func(e *stdtext.Encoder) error { return e.WriteValue(stdtext.Value(text)) }}
}

func stringOp(s string) encodeOp {
	return tokenOp(fmt.Sprintf("string %q", s), String(s), stdtext.String(s))
}

// encodeOps are tokens and values of every kind, valid and invalid, and names that repeat.
var encodeOps = []encodeOp{
	tokenOp("null", Null, stdtext.Null), tokenOp("true", True, stdtext.True), tokenOp("false", False, stdtext.False),
	tokenOp("{", BeginObject, stdtext.BeginObject), tokenOp("}", EndObject, stdtext.EndObject),
	tokenOp("[", BeginArray, stdtext.BeginArray), tokenOp("]", EndArray, stdtext.EndArray),
	tokenOp("zero", Token{}, stdtext.Token{}),
	stringOp("a"), stringOp("b"), stringOp(""), stringOp("a/b~c"), stringOp("\xff"), stringOp("x\xfey"),
	stringOp("<&>"), stringOp("\u2028\u2029"), stringOp("\x00\x1f\"\\\n\t"), stringOp("é€😀"),
	stringOp(strings.Repeat("long text ", 40) + "\xff"),
	tokenOp("int -7", Int(-7), stdtext.Int(-7)), tokenOp("uint max", Uint(math.MaxUint64), stdtext.Uint(math.MaxUint64)),
	tokenOp("float 1.5", Float(1.5), stdtext.Float(1.5)), tokenOp("float 1e21", Float(1e21), stdtext.Float(1e21)),
	tokenOp("float32 0.1", Float32(0.1), stdtext.Float32(0.1)), tokenOp("float NaN", Float(math.NaN()), stdtext.Float(math.NaN())),
	tokenOp("float -Inf", Float(math.Inf(-1)), stdtext.Float(math.Inf(-1))), tokenOp("int 0", Int(0), stdtext.Int(0)),
	rawOp(`"\u0041\n\/"`), rawOp(`"a"`), rawOp(`"<\u2028>"`), rawOp("\"\xff\""), rawOp(`-0`), rawOp(`1.50e+2`),
	rawOp(`12345678901234567890`), rawOp(`123`), rawOp(`1e400`),
	// Plain literals (no escapes, valid UTF-8), which an Encoder writes as they are unless asked to escape.
	rawOp(`"<&>"`), rawOp("\"\u2028é😀\""), rawOp(`"a/b~c"`), rawOp(`"b"`), rawOp(`""`), rawOp(`"` + strings.Repeat("plain ", 20) + `"`),
	valueOp(`null`), valueOp(` true `), valueOp(`"a"`), valueOp(`"\u0061"`), valueOp(`"b"`), valueOp(`1`),
	valueOp(`-0`), valueOp(`1.50e+2`), valueOp(`1e400`), valueOp(`01`), valueOp(`-`), valueOp(`1.`), valueOp(`tru`),
	valueOp(`"\u00e9\/<"`), valueOp(`"a\u0000"`), valueOp(`false`), valueOp(`12345678901234567890`),
	valueOp(`{}`), valueOp(`[]`), valueOp(`{"a":1,"b":[true,{"c":null}]}`), valueOp(` [ 1 , "x" , { } ] `),
	valueOp(`{"a":1,"a":2}`), valueOp(`{"\u0061":1,"a":2}`), valueOp(`[1,x]`), valueOp(`{"a":[1,{"b":tru}]}`),
	valueOp(`{"a" 1}`), valueOp(`{"a":1,}`), valueOp(`[1 2]`), valueOp(`1 2`), valueOp(`{}x`), valueOp(``),
	valueOp(`  `), valueOp(`x`), valueOp(`[1,2`), valueOp(`{"a":`), valueOp(`"ab`), valueOp("\"\xff\""),
	valueOp("{\"\xff\":1}"), valueOp(`{"<>":"\u2028 <"}`), valueOp(`[-0, 1.50e+2, 12345678901234567890, 1e400]`),
	valueOp(`{"a":{"a":{}},"b":[[],[{}]]}`), valueOp(`"\ud800"`), valueOp(`{1:2}`), valueOp(`]`),
	valueOp(strings.Repeat("[", 10000) + strings.Repeat("]", 10000)), valueOp(strings.Repeat("[", 10001) + strings.Repeat("]", 10001)),
}

// encodeOptions are the option sets the traces run under, by index.
var encodeOptions = []struct {
	ours   []Options
	theirs []stdtext.Options
}{
	{},
	{[]Options{AllowDuplicateNames(true), AllowInvalidUTF8(true)}, []stdtext.Options{stdtext.AllowDuplicateNames(true), stdtext.AllowInvalidUTF8(true)}},
	{[]Options{EscapeForHTML(true), EscapeForJS(true)}, []stdtext.Options{stdtext.EscapeForHTML(true), stdtext.EscapeForJS(true)}},
	{[]Options{Multiline(true)}, []stdtext.Options{stdtext.Multiline(true)}},
	{[]Options{WithIndentPrefix(" "), WithIndent("  "), SpaceAfterComma(true)}, []stdtext.Options{stdtext.WithIndentPrefix(" "), stdtext.WithIndent("  "), stdtext.SpaceAfterComma(true)}},
	{[]Options{SpaceAfterComma(true), SpaceAfterColon(true)}, []stdtext.Options{stdtext.SpaceAfterComma(true), stdtext.SpaceAfterColon(true)}},
	{[]Options{Multiline(true), SpaceAfterColon(false), WithIndent("")}, []stdtext.Options{stdtext.Multiline(true), stdtext.SpaceAfterColon(false), stdtext.WithIndent("")}},
	{[]Options{PreserveRawStrings(true), EscapeForHTML(true), AllowInvalidUTF8(true)}, []stdtext.Options{stdtext.PreserveRawStrings(true), stdtext.EscapeForHTML(true), stdtext.AllowInvalidUTF8(true)}},
	{[]Options{CanonicalizeRawInts(true), CanonicalizeRawFloats(true)}, []stdtext.Options{stdtext.CanonicalizeRawInts(true), stdtext.CanonicalizeRawFloats(true)}},
	{[]Options{PreserveRawStrings(true)}, []stdtext.Options{stdtext.PreserveRawStrings(true)}},
	{[]Options{ReorderRawObjects(true), AllowDuplicateNames(true)}, []stdtext.Options{stdtext.ReorderRawObjects(true), stdtext.AllowDuplicateNames(true)}},
	{[]Options{ReorderRawObjects(true), Multiline(true), CanonicalizeRawFloats(true)}, []stdtext.Options{stdtext.ReorderRawObjects(true), stdtext.Multiline(true), stdtext.CanonicalizeRawFloats(true)}},
}

// encoderAPI is what the traces read of an Encoder.
type encoderAPI interface {
	OutputOffset() int64
	StackDepth() int
	stackIndex(i int) (string, int64)
	StackPointer() string
}

type oursEnc struct{ *Encoder }

func (e oursEnc) stackIndex(i int) (string, int64) { k, n := e.StackIndex(i); return k.String(), n }
func (e oursEnc) StackPointer() string             { return string(e.Encoder.StackPointer()) }

type stdEnc struct{ *stdtext.Encoder }

func (e stdEnc) stackIndex(i int) (string, int64) { k, n := e.StackIndex(i); return k.String(), n }
func (e stdEnc) StackPointer() string             { return string(e.Encoder.StackPointer()) }

// encodeLine is the trace of one call: its error (text, offset, pointer, cause), the offset and
// the stack after it, and the output so far (its length and checksum) when the stack is empty
// (both Encoders hand their output over at the end of each top-level value).
func encodeLine(e encoderAPI, err error, out *bytes.Buffer) string {
	var b strings.Builder
	fmt.Fprintf(&b, "err %s", errText(err))
	if err != nil {
		var off int64
		var ptr string
		var cause error
		if se, ok := errors.AsType[*SyntacticError](err); ok {
			off, ptr, cause = se.ByteOffset, string(se.JSONPointer), se.Err
		} else if se, ok := errors.AsType[*stdtext.SyntacticError](err); ok {
			off, ptr, cause = se.ByteOffset, string(se.JSONPointer), se.Err
		}
		fmt.Fprintf(&b, " [off %d ptr %q cause %s eof %v dup %v]", off, ptr, errText(cause),
			errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, ErrDuplicateName) || errors.Is(err, stdtext.ErrDuplicateName))
	}
	fmt.Fprintf(&b, " off %d depth %d ptr %q", e.OutputOffset(), e.StackDepth(), e.StackPointer())
	for i := range e.StackDepth() + 1 {
		k, n := e.stackIndex(i)
		fmt.Fprintf(&b, " %s%d", k, n)
	}
	if e.StackDepth() == 0 {
		fmt.Fprintf(&b, " out %d %x", out.Len(), crc32.ChecksumIEEE(out.Bytes()))
	}
	return b.String()
}

// checkEncode compares the traces of the two Encoders making the calls ops (indexes into
// encodeOps) under the option set opts.
func checkEncode(t *testing.T, opts int, ops []int) {
	t.Helper()
	o := encodeOptions[opts]
	var gotOut, wantOut bytes.Buffer
	ours, theirs := NewEncoder(&gotOut, o.ours...), stdtext.NewEncoder(&wantOut, o.theirs...)
	for i, op := range ops {
		c := encodeOps[op]
		got := encodeLine(oursEnc{ours}, c.ours(ours), &gotOut)
		want := encodeLine(stdEnc{theirs}, c.theirs(theirs), &wantOut)
		got, want = strings.ReplaceAll(got, "jsontext: ", ""), strings.ReplaceAll(want, "jsontext: ", "")
		if got != want {
			got += fmt.Sprintf("\noutput %.300q", gotOut.String())
			want += fmt.Sprintf("\noutput %.300q", wantOut.String())
			var names []string
			for _, op := range ops[:i+1] {
				names = append(names, encodeOps[op].name)
			}
			t.Fatalf("options %d, calls %.300q:\n got %.600s\nwant %.600s", opts, names, got, want)
		}
	}
}

// encodeSeqs are call sequences that reach every state: each op alone, after a name, in an
// array, after a value in an object, and random ones.
func encodeSeqs() [][]int {
	find := func(name string) int {
		for i, op := range encodeOps {
			if op.name == name {
				return i
			}
		}
		panic(name)
	}
	obj, arr, a, one := find("{"), find("["), find(`string "a"`), find("int -7")
	var seqs [][]int
	for i := range encodeOps {
		seqs = append(seqs, []int{i, i}, []int{obj, i, i}, []int{obj, a, i, i}, []int{arr, i, one, i, i},
			[]int{obj, a, one, i, a, i}, []int{arr, obj, a, arr, i, i, find("]"), find("}"), i, find("]")})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 4000 {
		seq := make([]int, 1+rng.IntN(14))
		for j := range seq {
			seq[j] = rng.IntN(len(encodeOps) - 2) // the deep values last: in the fixed sequences only
		}
		seqs = append(seqs, seq)
	}
	return seqs
}

func TestEncoderStd(t *testing.T) {
	seqs := encodeSeqs()
	for opts := range encodeOptions {
		for i, seq := range seqs {
			if opts > 0 && i%3 != 0 {
				continue // every sequence under the defaults, a third under each other option set
			}
			if opts > 0 && slices.ContainsFunc(seq, func(op int) bool { return len(encodeOps[op].name) > 1000 }) {
				continue // the deep values (quadratic when indented) under the defaults only
			}
			checkEncode(t, opts, seq)
		}
	}
}

func FuzzEncoderStd(f *testing.F) {
	f.Add(byte(0), []byte{3, 8, 21, 4})
	f.Add(byte(3), []byte{5, 3, 8, 40, 8, 41, 4, 6})
	f.Fuzz(func(t *testing.T, opts byte, calls []byte) {
		if len(calls) > 24 {
			calls = calls[:24]
		}
		ops := make([]int, len(calls))
		for i, c := range calls {
			ops[i] = int(c) % (len(encodeOps) - 2) // not the deep values: see TestEncoderStd
		}
		checkEncode(t, int(opts)%len(encodeOptions), ops)
	})
}
