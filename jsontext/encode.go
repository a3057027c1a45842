package jsontext

import (
	"bytes"
	"io"
	"math/bits"
	"strconv"
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonexport"
	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/internal/nameset"
	"github.com/stridejson/stride/stream"
)

// An Encoder writes a stream of JSON values to an io.Writer, token by token (WriteToken) or value
// by value (WriteValue), which may be interleaved. It writes the commas and colons itself, and the
// white space its options ask for, and ends each top-level value with a newline, handing it to the
// io.Writer then.
//
// A token or value that would make the output invalid is a *SyntacticError, with the offset and
// JSON Pointer where it would have gone, and the Encoder is left as it was: the call may be made
// again with another token. An error of the io.Writer (a short write included) is kept: the call
// that met it and every later one return it, and nothing more is written.
//
// It writes through the token layer's stream.Writer, so it holds bounded memory while streaming,
// inside a string of any length too: the stream.Writer hands the output over in chunks. The
// exception is a string refused after part of it has been handed over (invalid UTF-8 far into a
// string longer than a chunk): that error is kept, as an error of the io.Writer is.
type Encoder struct {
	w     stream.Writer
	opts  jsonopts.Struct
	f     encFlags
	stack []encFrame    // the open objects and arrays, innermost last
	top   int64         // top-level values begun
	names []byte        // the last member name of each open object, unescaped, back to back
	sets  []nameset.Set // the names of each open object (by object depth), when duplicates are refused
	objs  int           // open objects
	check *stream.Reader
	tmp   []byte    // scratch: unquoted names, numbers
	text  tokenText // the token WriteValue writes, by writeText
	avail []byte    // AvailableBuffer's

	maxValue int // the bitwise OR of the lengths given to WriteValue: about the largest
}

// An encFrame is an open object or array.
type encFrame struct {
	obj      bool
	length   int64 // tokens written in it: an object's names and values count one each
	nameFrom int   // an object's last name is names[nameFrom:nameTo], or (duplicates refused)
	nameTo   int   // the name at index nameTo of its set (lastName)
}

// encFlags are the Encoder's options, read once by Reset.
type encFlags struct {
	dups, badUTF8, preserve bool
	html, js                bool
	canonInts, canonFloats  bool
	reorder                 bool
	omitNewline             bool // AppendFormat and Value's methods: one value, no newline
	lines                   bool
	spColon, spComma        bool
	prefix, indent          string
}

// maxDepth is how deep objects and arrays may nest, as in the standard package.
const maxDepth = 10000

// NewEncoder returns an Encoder writing to w with the options given.
func NewEncoder(w io.Writer, opts ...Options) *Encoder {
	e := new(Encoder)
	e.Reset(w, opts...)
	return e
}

// Reset makes e write afresh to w, with the options given (and only those), keeping its buffers.
// Output e holds and has not handed to its old io.Writer is dropped.
func (e *Encoder) Reset(w io.Writer, opts ...Options) {
	switch {
	case e == nil:
		panic("jsontext: invalid nil Encoder")
	case w == nil:
		panic("jsontext: invalid nil io.Writer")
	}
	e.reset(w, opts, nil)
}

// reset is Reset, with the lists of options joined, and in memory when w is nil.
func (e *Encoder) reset(w io.Writer, opts1, opts2 []Options) {
	e.opts = jsonopts.Struct{}
	e.opts.Add(opts1...)
	e.opts.Add(opts2...)
	get := func(b jsonopts.Bools) bool { v, _ := e.opts.Get(b); return v }
	if get(jsonopts.Multiline) {
		// As the standard package does: Multiline implies a space after each colon, none after
		// commas, and a tab to indent, unless the options say otherwise; Options reports them.
		var implied jsonopts.Struct
		if _, set := e.opts.Get(jsonopts.SpaceAfterColon); !set {
			implied.Add(jsonopts.SpaceAfterColon | jsonopts.On)
		}
		if _, set := e.opts.Get(jsonopts.SpaceAfterComma); !set {
			implied.Add(jsonopts.SpaceAfterComma)
		}
		if !e.opts.HasIndent {
			implied.Add(jsonopts.Indent("\t"))
		}
		e.opts.Add(&implied)
	}
	e.f = encFlags{
		dups: get(jsonopts.AllowDuplicateNames), badUTF8: get(jsonopts.AllowInvalidUTF8),
		preserve: get(jsonopts.PreserveRawStrings),
		html:     get(jsonopts.EscapeForHTML), js: get(jsonopts.EscapeForJS),
		canonInts: get(jsonopts.CanonicalizeRawInts), canonFloats: get(jsonopts.CanonicalizeRawFloats),
		reorder: get(jsonopts.ReorderRawObjects),
		lines:   get(jsonopts.Multiline), spColon: get(jsonopts.SpaceAfterColon), spComma: get(jsonopts.SpaceAfterComma),
		prefix: e.opts.IndentPrefix, indent: e.opts.Indent,
	}
	e.w.Reset(w)
	e.w.SetEscaper(escaperFor(e.f.html, e.f.js, e.f.badUTF8))
	e.w.SetLayout(stream.Layout{Multiline: e.f.lines, Prefix: e.f.prefix, Indent: e.f.indent,
		SpaceAfterColon: e.f.spColon, SpaceAfterComma: e.f.spComma})
	e.w.SetSoftErrors(true)
	e.stack, e.names, e.objs, e.top = e.stack[:0], e.names[:0], 0, 0
}

func escaperFor(html, js, badUTF8 bool) *stream.Escaper {
	return stream.JSONTextEscaper(html, js, badUTF8)
}

// Options returns the options e was made or last reset with, and those they imply (under
// Multiline: SpaceAfterColon, SpaceAfterComma and WithIndent, unless given).
func (e *Encoder) Options() Options { return &e.opts }

// last returns the innermost open object or array, or nil at the top level.
func (e *Encoder) last() *encFrame {
	if n := len(e.stack); n > 0 {
		return &e.stack[n-1]
	}
	return nil
}

// needName reports whether an object member name is due.
func (f *encFrame) needName() bool { return f != nil && f.obj && f.length&1 == 0 }

// afterName reports whether an object member's value is due.
func (f *encFrame) afterName() bool { return f != nil && f.obj && f.length&1 == 1 }

// grammar returns the error of a token or value of kind k where the grammar does not allow it, or
// nil. It changes nothing.
func (e *Encoder) grammar(k Kind) error {
	f := e.last()
	switch k {
	case KindInvalid:
		return errInvalidToken
	case KindEndObject:
		switch {
		case f == nil || !f.obj:
			return errMismatchDelim
		case f.afterName():
			return errMissingValue
		}
	case KindEndArray:
		if f == nil || f.obj {
			return errMismatchDelim
		}
	case KindString:
	default:
		if f.needName() {
			return ErrNonStringName
		}
		if (k == KindBeginObject || k == KindBeginArray) && len(e.stack) == maxDepth {
			return errMaxDepth
		}
	}
	return nil
}

// WriteToken writes the token t, after the comma or colon and the white space it needs.
func (e *Encoder) WriteToken(t Token) error {
	k := t.Kind()
	if k == KindString { // a name or a value: any place takes one
		return e.writeString(t)
	}
	if scalarKinds[k] {
		if f := e.last(); f != nil && !f.needName() {
			// The common case: a scalar in an array or as a member's value, with the effect of
			// the general path below (a token counted in its container). The scalar kinds come
			// from a table (see stream's tokenKind).
			var err error
			switch k {
			case KindNumber:
				err = e.writeNumber(t)
			case KindNull:
				err = e.w.Null()
			default:
				err = e.w.Bool(k == KindTrue)
			}
			if err != nil {
				return e.ioError()
			}
			f.length++
			return nil
		}
	}
	if err := e.grammar(k); err != nil {
		return e.fail(k, err, 0, "")
	}
	var err error
	switch k {
	case KindNull:
		err = e.w.Null()
	case KindFalse, KindTrue:
		err = e.w.Bool(k == KindTrue)
	case KindString:
		return e.writeString(t)
	case KindNumber:
		err = e.writeNumber(t)
	case KindBeginObject:
		err = e.w.BeginObject()
	case KindBeginArray:
		err = e.w.BeginArray()
	case KindEndObject:
		err = e.w.EndObject()
	case KindEndArray:
		err = e.w.EndArray()
	}
	if err != nil {
		return e.ioError()
	}
	if e.wrote(k); len(e.stack) > 0 {
		return nil // (endTop's first test, without its call)
	}
	return e.endTop()
}

// scalarKinds are the kinds of the scalars but strings.
var scalarKinds = [256]bool{KindNumber: true, KindTrue: true, KindFalse: true, KindNull: true}

// writeNumber writes a number token, a literal read or checked as it is unless the options
// canonicalize it.
func (e *Encoder) writeNumber(t Token) error {
	if t.raw != nil && !e.f.canonInts && !e.f.canonFloats {
		return e.w.RawUnchecked(t.raw.text)
	}
	e.tmp = e.appendNumber(e.tmp[:0], t)
	return e.w.RawUnchecked(e.tmp)
}

// wrote updates the state after a token of kind k.
func (e *Encoder) wrote(k Kind) {
	if f := e.last(); f != nil {
		if k != KindEndObject && k != KindEndArray {
			f.length++
		}
	} else {
		e.top++
	}
	switch k {
	case KindBeginObject, KindBeginArray:
		obj := k == KindBeginObject
		e.stack = append(e.stack, encFrame{obj: obj, nameFrom: len(e.names), nameTo: len(e.names)})
		if obj {
			if !e.f.dups {
				if e.objs == len(e.sets) {
					e.sets = append(e.sets, nameset.Set{})
				}
				e.sets[e.objs].Reset()
			}
			e.objs++
		}
	case KindEndObject, KindEndArray:
		f := e.last()
		e.names = e.names[:f.nameFrom]
		if f.obj {
			e.objs--
		}
		e.stack = e.stack[:len(e.stack)-1]
	}
}

// endTop ends a complete top-level value: a newline, and the output handed to the io.Writer.
func (e *Encoder) endTop() error {
	if len(e.stack) > 0 || e.f.omitNewline {
		return nil
	}
	if e.w.Newline() != nil || e.w.Flush() != nil {
		return e.ioError()
	}
	return nil
}

// writeString writes a string token, a member name or a value.
func (e *Encoder) writeString(t Token) error {
	raw, s := t.text(), t.str
	plain := t.plain()
	if raw != nil && e.f.preserve || plain {
		// A plain literal read needs no escape but those EscapeForHTML and EscapeForJS ask for.
		return e.writeRawString(raw, plain)
	}
	var b []byte
	f := e.last()
	if raw != nil {
		if b = raw[1 : len(raw)-1]; bytes.IndexByte(b, '\\') >= 0 {
			if !f.needName() && !e.f.html && !e.f.js && canonical(raw) {
				// As the Encoder would write its value: copied as it is (the writer checks
				// nothing more of a token read).
				return e.writeRawString(raw, true)
			}
			e.tmp, _ = AppendUnquote(e.tmp[:0], raw) // a token read is valid; its bad bytes are U+FFFD
			b = e.tmp
		}
	}
	if !f.needName() {
		var err error
		if b != nil || raw != nil {
			err = e.w.StringBytes(b)
		} else {
			err = e.w.String(s)
		}
		if err == nil && f != nil { // the common case: a value in a container, written
			f.length++
			return nil
		}
		return e.stringDone(err)
	}
	if b == nil && raw == nil {
		return writeName(e, f, s)
	}
	return writeName(e, f, b)
}

// writeName writes name, a string token's value, as the member name due in f.
func writeName[T []byte | string](e *Encoder, f *encFrame, name T) error {
	if e.f.badUTF8 {
		b := append(e.tmp[:0], name...)
		e.tmp = b
		if err := e.addName(b, false); err != nil {
			return err
		}
		if err := e.w.NameBytes(b); err != nil {
			return e.stringDone(err)
		}
		f.length++
		return nil
	}
	if !e.f.dups && addToSet(e, name) {
		// Otherwise the name's UTF-8 is checked once, by the stream.Writer as it quotes it (which
		// refuses an invalid name unwritten), after the check for a duplicate: a duplicate is
		// reported as invalid when it is (that check comes first), and an invalid name left in
		// the set equals no valid one.
		if !utf8.ValidString(string(name)) {
			return e.fail(KindString, errInvalidUTF8, 0, "")
		}
		return e.fail(KindString, ErrDuplicateName, 0, string(name))
	}
	var err error
	if b, ok := any(name).([]byte); ok {
		err = e.w.NameBytes(b)
	} else {
		err = e.w.Name(string(name))
	}
	if err != nil {
		return e.stringDone(err)
	}
	setName(e, f, name)
	f.length++
	return nil
}

// addToSet adds name to the innermost object's set of names and reports whether it was there.
func addToSet[T []byte | string](e *Encoder, name T) bool {
	set := &e.sets[e.objs-1]
	if b, ok := any(name).([]byte); ok {
		return set.Add(b)
	}
	return set.AddString(string(name))
}

// addName checks the name about to be written and makes it the innermost object's last name.
// A name known valid (a plain literal read) is not checked again.
func (e *Encoder) addName(name []byte, valid bool) error {
	if !valid && !utf8.Valid(name) {
		if !e.f.badUTF8 {
			return e.fail(KindString, errInvalidUTF8, 0, "")
		}
		name = replaceInvalid(name)
	}
	if !e.f.dups && e.sets[e.objs-1].Add(name) {
		return e.fail(KindString, ErrDuplicateName, 0, string(name))
	}
	setName(e, e.last(), name)
	return nil
}

// setName makes name, just written, the last name of f, the innermost object: where names are
// checked for duplicates, the last name added to its set; otherwise a copy in e.names.
func setName[T []byte | string](e *Encoder, f *encFrame, name T) {
	if !e.f.dups {
		f.nameTo = e.sets[e.objs-1].Len() - 1
		return
	}
	e.names = append(e.names[:f.nameFrom], name...)
	f.nameTo = len(e.names)
}

// lastName returns the last name of the object f, the object at index obj of the open ones.
func (e *Encoder) lastName(f *encFrame, obj int) []byte {
	if !e.f.dups {
		return e.sets[obj].Name(f.nameTo)
	}
	return e.names[f.nameFrom:f.nameTo]
}

// stringDone finishes a string token the stream.Writer wrote (or refused).
func (e *Encoder) stringDone(err error) error {
	if err != nil {
		if e.w.Err() == nil { // refused, and the Writer is as it was
			return e.fail(KindString, errInvalidUTF8, 0, "")
		}
		return e.ioError()
	}
	e.wrote(KindString)
	return e.endTop()
}

// writeRawString writes a string token's text as it is (PreserveRawStrings, or a plain literal
// read), with only the escapes EscapeForHTML and EscapeForJS ask for.
func (e *Encoder) writeRawString(raw []byte, plain bool) error {
	if !plain && !e.f.badUTF8 && !utf8.Valid(raw) {
		return e.fail(KindString, errInvalidUTF8, 0, "")
	}
	b := raw
	if e.f.html || e.f.js {
		e.tmp = appendPreserved(e.tmp[:0], raw, e.f.html, e.f.js)
		b = e.tmp
	}
	f := e.last()
	if !f.needName() {
		if e.w.RawUnchecked(b) != nil {
			return e.ioError()
		}
		if f != nil { // as wrote counts a string in its container
			f.length++
			return nil
		}
		e.wrote(KindString)
		return e.endTop()
	}
	name := raw[1 : len(raw)-1]
	if !plain {
		name, _ = AppendUnquote(nil, raw)
	}
	if err := e.addName(name, plain); err != nil {
		return err
	}
	if e.w.RawNameUnchecked(b) != nil {
		return e.ioError()
	}
	f.length++ // as wrote counts a name
	return nil
}

// appendNumber appends a number token's text, canonicalized as the options ask.
func (e *Encoder) appendNumber(b []byte, t Token) []byte {
	if t.raw == nil {
		return t.appendNumber(b)
	}
	return appendCanonNumber(b, t.raw.text, e.f.canonInts, e.f.canonFloats)
}

// OutputOffset returns the offset in the output just after the last token or value written.
func (e *Encoder) OutputOffset() int64 {
	n := e.w.OutputOffset()
	if e.last().afterName() {
		n -= int64(1 + b2i(e.f.spColon)) // the stream.Writer writes the colon with the name
	}
	return n
}

// AvailableBuffer returns an empty buffer with room, for building the Value of the next
// WriteValue call without an allocation. It is not part of the output: WriteValue copies it.
func (e *Encoder) AvailableBuffer() []byte {
	n := 1 << bits.Len(uint(e.maxValue|63))
	if cap(e.avail) < n {
		e.avail = make([]byte, 0, n)
	}
	return e.avail[:0]
}

// StackDepth returns the number of arrays and objects open: 0 at the top level.
func (e *Encoder) StackDepth() int { return len(e.stack) }

// StackIndex reports the container open at depth i (1 to StackDepth), KindBeginObject or
// KindBeginArray, and how many tokens have been written in it (an object's names and values count
// one each); for i 0, KindInvalid and the number of top-level values begun.
func (e *Encoder) StackIndex(i int) (Kind, int64) {
	switch {
	case i == 0:
		return KindInvalid, e.top
	case i < 0 || i > len(e.stack):
		panic("jsontext: invalid stack index")
	case e.stack[i-1].obj:
		return KindBeginObject, e.stack[i-1].length
	default:
		return KindBeginArray, e.stack[i-1].length
	}
}

// StackPointer returns the JSON Pointer of the value (or member name) written last.
func (e *Encoder) StackPointer() Pointer { return Pointer(e.pointer(nil, -1)) }

// pointer appends the pointer jsontext gives for where (-1: the last token written; 0: the
// container, or the member whose value is due; +1: the next value).
func (e *Encoder) pointer(b []byte, where int) []byte {
	obj := 0 // the objects before f
	for i := range e.stack {
		f := &e.stack[i]
		index := f.length - 1
		if i == len(e.stack)-1 {
			switch {
			case where < 0 && f.length == 0, where == 0 && !f.afterName(), where > 0 && f.needName():
				return b
			case where > 0 && !f.obj:
				index = f.length
			}
		}
		b = append(b, '/')
		if f.obj {
			b = appendToken(b, e.lastName(f, obj))
			obj++
		} else {
			b = strconv.AppendInt(b, index, 10)
		}
	}
	return b
}

// fail returns the *SyntacticError of err, found at offset at of a token or value of kind k,
// which would have gone where the grammar's next value goes; name, when not empty, is a member
// name (of a duplicate) to add to the pointer. e is unchanged.
func (e *Encoder) fail(k Kind, err error, at int64, name string) error {
	ptr := e.pointer(nil, +1)
	if name != "" || err == ErrDuplicateName {
		ptr = appendToken(append(ptr, '/'), name)
	}
	return &SyntacticError{ByteOffset: e.OutputOffset() + e.delimSpace(k) + at, JSONPointer: Pointer(ptr), Err: err}
}

func init() {
	jsonexport.NextValue = func(enc any) (int64, string) {
		e := enc.(*Encoder)
		return e.OutputOffset() + e.delimSpace(KindNull), string(e.pointer(nil, +1))
	}
	jsonexport.ReadError = func(err error) error { return &ioError{"read", err} }
	jsonexport.WriteMarshaled = func(enc any, v []byte) error {
		e := enc.(*Encoder)
		f := e.f
		e.f.canonInts, e.f.canonFloats, e.f.reorder = false, false, false
		err := e.WriteValue(v)
		e.f.canonInts, e.f.canonFloats, e.f.reorder = f.canonInts, f.canonFloats, f.reorder
		return err
	}
}

// delimSpace returns how many bytes of comma or colon and white space go before a token of kind
// k, as jsontext counts them in an error's offset.
func (e *Encoder) delimSpace(k Kind) int64 {
	f := e.last()
	if f == nil {
		return 0
	}
	if f.afterName() {
		return int64(1 + b2i(e.f.spColon))
	}
	end := k == KindEndObject || k == KindEndArray
	var n int64
	if f.length > 0 && !end {
		n = int64(1 + b2i(e.f.spComma))
	}
	if e.f.lines {
		depth := len(e.stack) + 1
		m := 0
		switch {
		case f.length == 0 && end:
		case f.length == 0 || !end:
			m = depth
		default:
			m = depth - 1
		}
		if m > 0 {
			n += int64(1 + len(e.f.prefix) + (m-1)*len(e.f.indent))
		}
	}
	return n
}

// ioError returns the stream.Writer's kept error as jsontext reports an error of the io.Writer.
func (e *Encoder) ioError() error {
	err := e.w.Err()
	if we, ok := err.(*stream.WriteError); ok {
		return &ioError{"write", we.Err}
	}
	return err
}

// replaceInvalid returns name with each byte that is not part of valid UTF-8 replaced by U+FFFD,
// as the Encoder writes it under AllowInvalidUTF8.
func replaceInvalid(name []byte) []byte {
	var b []byte
	for i := 0; i < len(name); {
		r, n := utf8.DecodeRune(name[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, "\uFFFD"...)
		} else {
			b = append(b, name[i:i+n]...)
		}
		i += n
	}
	return b
}
