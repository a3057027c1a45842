//go:build goexperiment.jsonv2 && go1.27

package json

import (
	"bytes"
	stdv1 "encoding/json"
	stdtext "encoding/json/jsontext"
	stdjson "encoding/json/v2"
	"io"
	"iter"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonexport"
	"github.com/stridejson/stride/internal/jsonopts"
	"github.com/stridejson/stride/jsontext"
)

// Under ReportErrorsWithLegacySemantics in a set of options other than exactly DefaultOptionsV1
// (which asV1 takes to the v1 codecs), errors are reported as encoding/json (v1) reported them,
// and decoding goes on after a semantic error, reporting the first. The engine's v2 codecs do the
// work; where they meet an error, the call is made again by encoding/json/v2 under the same
// options, whose error is returned: on the error path only, as the root package does on a
// v2-based build (see codec.StdDecodeError).
//
// NOTE: a value is given to encoding/json/v2 only where it treats the value's type as the engine
// does (stdAlike): no jsontext.Value of Stride's in it (a raw value or an embedded fallback), no
// MarshalJSONTo or UnmarshalJSONFrom taking Stride's Encoder or Decoder, which it would not call,
// and no marshal or unmarshal functions of the caller's (WithMarshalers: they take Stride's
// Encoder and Decoder too). Elsewhere the errors stay v2's.

// legacyErrors reports whether s asks for v1's errors outside exactly DefaultOptionsV1.
func legacyErrors(s *jsonopts.Struct) bool {
	return s.Value&jsonopts.ReportErrorsWithLegacySemantics != 0 && !asV1(s)
}

// stdTakes reports whether encoding/json/v2 may be given a value of type t under s: it treats
// such values as the engine does, and s has no functions of the caller's.
func stdTakes(t reflect.Type, s *jsonopts.Struct) bool {
	return s.Marshalers == nil && s.Unmarshalers == nil && stdAlike(t)
}

// legacyMarshal is Marshal under s where legacyErrors(s), after the engine failed: the output
// and error of encoding/json/v2, which may write what the engine could not (a struct whose tags
// v1 made the best of: codec.LegacyToStd); done is false where it does not take in.
func legacyMarshal(in any, s *jsonopts.Struct) (out []byte, err error, done bool) {
	if !stdTakes(reflect.TypeOf(in), s) {
		return nil, nil, false
	}
	out, err = stdjson.Marshal(in, stdOptions(s)...)
	return out, err, true
}

// legacyMarshalWrite is MarshalWrite under s where legacyErrors(s): before the engine (failed
// false), a value with a struct type encoding/json/v2 takes whole (codec.LegacyToStd) is written
// by it; after the engine failed, what it wrote stays written and only the error is
// encoding/json/v2's (of a MarshalWrite to a writer that takes everything: the writes are the
// engine's). done is false where it leaves the call to the engine.
func legacyMarshalWrite(w io.Writer, in any, s *jsonopts.Struct, failed bool) (err error, done bool) {
	t := reflect.TypeOf(in)
	switch {
	case !stdTakes(t, s):
		return nil, false
	case failed:
		return stdjson.MarshalWrite(io.Discard, in, stdOptions(s)...), true
	case codec.LegacyToStd(t):
		return stdjson.MarshalWrite(w, in, stdOptions(s)...), true
	}
	return nil, false
}

// legacyUnmarshal is Unmarshal under s where legacyErrors(s), or reports false, having done
// nothing, where encoding/json/v2 does not take out's type. encoding/json/v2 checks the whole
// input before it decodes anything under these options, and so does this: bad input is its
// error, out untouched. Good input is decoded by the engine (unless a struct type in out is left
// to encoding/json/v2 whole: codec.LegacyToStd), and on an error decoded
// again by encoding/json/v2 (a merge that stores the same values again, and goes on past the
// error, as v1 did), whose result is returned. A method with side effects sees them twice then.
func legacyUnmarshal(in []byte, out any, s *jsonopts.Struct, engine func() error) (error, bool) {
	t := reflect.TypeOf(out)
	if !stdTakes(t, s) {
		return nil, false
	}
	if !jsontext.Value(in).IsValid(s) || codec.LegacyToStd(t) {
		return stdjson.Unmarshal(in, out, stdOptions(s)...), true
	}
	if err := engine(); err == nil {
		return nil, true
	}
	return stdjson.Unmarshal(in, out, stdOptions(s)...), true
}

// legacyUnmarshalRead is UnmarshalRead under s where legacyErrors(s), or reports false, having
// read nothing, as legacyUnmarshal. The input is read whole first, as encoding/json/v2 checks it
// whole first; a failed read is left to encoding/json/v2 (given what was read, then the error),
// which reports it as it does and decodes nothing.
func legacyUnmarshalRead(r io.Reader, out any, s *jsonopts.Struct) (error, bool) {
	if !stdTakes(reflect.TypeOf(out), s) {
		return nil, false
	}
	in, err := io.ReadAll(r)
	if err != nil {
		return stdjson.UnmarshalRead(io.MultiReader(bytes.NewReader(in), failedReader{err}), out, stdOptions(s)...), true
	}
	return legacyUnmarshal(in, out, s, func() error { return unmarshalV2(in, out, s) })
}

// legacyUnmarshalDecode is UnmarshalDecode under s with ReportErrorsWithLegacySemantics (under
// DefaultOptionsV1 too), given val, the value dec has just read, or reports false where
// encoding/json/v2 does not take out's type. The engine decodes val; on an error (or for a type
// legacyUnmarshal leaves to encoding/json/v2 whole) encoding/json/v2's UnmarshalDecode decodes it
// from a standard Decoder brought to where dec stood (legacyDecoder), over what the engine
// stored, and its error is returned, its offset moved to dec's input.
func legacyUnmarshalDecode(dec *jsontext.Decoder, val []byte, out any, s *jsonopts.Struct) (error, bool) {
	t := reflect.TypeOf(out)
	if !stdTakes(t, s) {
		return nil, false
	}
	if !codec.LegacyToStd(t) {
		o := decodeOptions(s)
		if _, err := codec.UnmarshalV2(val, out, &o); err == nil {
			return nil, true
		}
	}
	start := dec.InputOffset() - int64(len(val))
	sd, prefix, ok := legacyDecoder(dec, val, s)
	if !ok {
		return nil, false
	}
	err := stdjson.UnmarshalDecode(sd, out, stdOptions(s)...)
	if e, ok := err.(*stdv1.UnmarshalTypeError); ok {
		e.Offset += start - prefix
	}
	return moveLegacyError(err, start-prefix), true
}

// maxPlaceholders bounds the elements legacyDecoder writes before the value, for an array index.
const maxPlaceholders = 1 << 20

// legacyDecoder returns a standard Decoder over a small document that leads to val as dec's
// open containers lead to it (the member names of its pointer, an element for each index
// before it), read up to val, and the length of what comes before val. ok is false for an index
// over maxPlaceholders.
func legacyDecoder(dec *jsontext.Decoder, val []byte, s *jsonopts.Struct) (sd *stdtext.Decoder, prefix int64, ok bool) {
	toks, ok := openPath(dec, true)
	if !ok {
		return nil, 0, false
	}
	var doc []byte
	for i, tok := range toks {
		if i > 0 && doc[len(doc)-1] != '[' && doc[len(doc)-1] != '{' {
			doc = append(doc, ',')
		}
		if tok.Kind() == '"' {
			doc, _ = jsontext.AppendQuote(doc, tok.String())
			doc = append(doc, ':')
			continue
		}
		doc = append(doc, tok.String()...) // '[', '{' or 0
	}
	if n := len(doc); n > 0 && doc[n-1] == '0' {
		doc = append(doc, ',')
	}
	sd = stdtext.NewDecoder(io.MultiReader(bytes.NewReader(doc), bytes.NewReader(val)), stdOptions(s)...)
	for range toks {
		if _, err := sd.ReadToken(); err != nil {
			return nil, 0, false // unreachable: the document is made well
		}
	}
	return sd, int64(len(doc)), true
}

// A coder is a jsontext.Decoder or Encoder.
type coder interface {
	StackDepth() int
	StackIndex(int) (jsontext.Kind, int64)
	StackPointer() jsontext.Pointer
}

// openPath returns the tokens that open the containers c stands in as it stands in them, up to
// where its next value goes: for an array, its '[' and an element for each before; for an
// object, its '{' and the member name the next value is of; with read, up to where the value c
// has just read began. ok is false where that is a member name's place, and for an index over
// maxPlaceholders.
func openPath(c coder, read bool) (toks []stdtext.Token, ok bool) {
	next, stop := iter.Pull(c.StackPointer().Tokens())
	defer stop()
	depth := c.StackDepth()
	for d := 1; d <= depth; d++ {
		kind, n := c.StackIndex(d)
		name, _ := next()
		inner := d == depth && !read // n counts what is before the place, no more
		switch {
		case kind == jsontext.KindBeginArray:
			if !inner {
				n-- // the element open at depth d+1, or just read, is counted
			}
			if n > maxPlaceholders {
				return nil, false
			}
			toks = append(toks, stdtext.BeginArray)
			for range n {
				toks = append(toks, stdtext.Int(0))
			}
		case inner && n%2 == 0, !inner && n%2 == 1:
			return nil, false // a member name's place
		default:
			toks = append(toks, stdtext.BeginObject, stdtext.String(name))
		}
	}
	return toks, true
}

// legacyMarshalEncode is MarshalEncode under s where legacyErrors(s), after the engine failed, or
// reports false where encoding/json/v2 does not take in: the error encoding/json/v2's
// MarshalEncode gives on a standard Encoder brought to where out stands (openPath), its offsets
// moved to out's output; or, where it writes the value after all, what its Marshal writes.
func legacyMarshalEncode(out *jsontext.Encoder, in any, s *jsonopts.Struct) (error, bool) {
	toks, ok := openPath(out, false)
	if !ok || !stdTakes(reflect.TypeOf(in), s) {
		return nil, false
	}
	se := stdtext.NewEncoder(io.Discard, stdOptions(s)...)
	for _, tok := range toks {
		if err := se.WriteToken(tok); err != nil {
			return nil, false // unreachable: the tokens are made well
		}
	}
	delta := out.OutputOffset() - se.OutputOffset()
	err := stdjson.MarshalEncode(se, in)
	if err == nil {
		b, err := stdjson.Marshal(in, stdOptions(s)...)
		if err != nil {
			return err, true // unreachable: it was just written
		}
		return jsonexport.WriteMarshaled(out, b), true
	}
	return moveLegacyError(err, delta), true
}

// moveLegacyError moves the offsets in err, one of v1's errors, by delta.
func moveLegacyError(err error, delta int64) error {
	switch e := err.(type) {
	case *stdv1.SyntaxError:
		e.Offset += delta
	case *stdv1.MarshalerError:
		e.Err = moveLegacyError(e.Err, delta)
	case *stdv1.UnsupportedValueError:
		const after = " after offset "
		if i := strings.LastIndex(e.Str, after); i >= 0 {
			if n, perr := strconv.ParseInt(e.Str[i+len(after):], 10, 64); perr == nil {
				e.Str = e.Str[:i+len(after)] + strconv.FormatInt(n+delta, 10)
			}
		}
	}
	return err
}

// stdBools pairs each boolean option with the standard library's constructor.
var stdBools = []struct {
	bit jsonopts.Bools
	std func(bool) stdjson.Options
}{
	{jsonopts.AllowDuplicateNames, stdtext.AllowDuplicateNames},
	{jsonopts.AllowInvalidUTF8, stdtext.AllowInvalidUTF8},
	{jsonopts.EscapeForHTML, stdtext.EscapeForHTML},
	{jsonopts.EscapeForJS, stdtext.EscapeForJS},
	{jsonopts.PreserveRawStrings, stdtext.PreserveRawStrings},
	{jsonopts.CanonicalizeRawInts, stdtext.CanonicalizeRawInts},
	{jsonopts.CanonicalizeRawFloats, stdtext.CanonicalizeRawFloats},
	{jsonopts.ReorderRawObjects, stdtext.ReorderRawObjects},
	{jsonopts.SpaceAfterColon, stdtext.SpaceAfterColon},
	{jsonopts.SpaceAfterComma, stdtext.SpaceAfterComma},
	{jsonopts.Multiline, stdtext.Multiline},
	{jsonopts.Deterministic, stdjson.Deterministic},
	{jsonopts.FormatNilMapAsNull, stdjson.FormatNilMapAsNull},
	{jsonopts.FormatNilSliceAsNull, stdjson.FormatNilSliceAsNull},
	{jsonopts.MatchCaseInsensitiveNames, stdjson.MatchCaseInsensitiveNames},
	{jsonopts.OmitZeroStructFields, stdjson.OmitZeroStructFields},
	{jsonopts.RejectUnknownMembers, stdjson.RejectUnknownMembers},
	{jsonopts.StringifyNumbers, stdjson.StringifyNumbers},
	{jsonopts.CallMethodsWithLegacySemantics, stdv1.CallMethodsWithLegacySemantics},
	{jsonopts.FormatByteArrayAsArray, stdv1.FormatByteArrayAsArray},
	{jsonopts.FormatBytesWithLegacySemantics, stdv1.FormatBytesWithLegacySemantics},
	{jsonopts.FormatDurationAsNano, stdv1.FormatDurationAsNano},
	{jsonopts.MatchCaseSensitiveDelimiter, stdv1.MatchCaseSensitiveDelimiter},
	{jsonopts.MergeWithLegacySemantics, stdv1.MergeWithLegacySemantics},
	{jsonopts.OmitEmptyWithLegacySemantics, stdv1.OmitEmptyWithLegacySemantics},
	{jsonopts.ParseBytesWithLooseRFC4648, stdv1.ParseBytesWithLooseRFC4648},
	{jsonopts.ParseTimeWithLooseRFC3339, stdv1.ParseTimeWithLooseRFC3339},
	{jsonopts.ReportErrorsWithLegacySemantics, stdv1.ReportErrorsWithLegacySemantics},
	{jsonopts.StringifyWithLegacySemantics, stdv1.StringifyWithLegacySemantics},
	{jsonopts.UnmarshalArrayFromAnyLength, stdv1.UnmarshalArrayFromAnyLength},
}

// stdOptions returns the standard library's options for s (but the caller's functions). The
// indents come first: they imply Multiline, which a later Multiline(false) in s has undone.
func stdOptions(s *jsonopts.Struct) []stdjson.Options {
	var out []stdjson.Options
	if s.HasIndent {
		out = append(out, stdtext.WithIndent(s.Indent))
	}
	if s.HasIndentPrefix {
		out = append(out, stdtext.WithIndentPrefix(s.IndentPrefix))
	}
	for _, b := range stdBools {
		if v, set := s.Get(b.bit); set {
			out = append(out, b.std(v))
		}
	}
	return out
}

var stdAlikes sync.Map // reflect.Type to bool

// stdAlike reports whether encoding/json/v2 treats values of type t as the engine does: no
// jsontext.Value of this module's is in it, nor a method taking this module's Encoder or Decoder. (An interface
// may hold anything; what it holds is not looked at.)
func stdAlike(t reflect.Type) bool {
	if t == nil {
		return true
	}
	if ok, found := stdAlikes.Load(t); found {
		return ok.(bool)
	}
	ok := stdAlikeIn(t, map[reflect.Type]bool{})
	stdAlikes.Store(t, ok)
	return ok
}

var (
	ownValue           = reflect.TypeFor[jsontext.Value]()
	ownMarshalerTo     = reflect.TypeFor[MarshalerTo]()
	ownUnmarshalerFrom = reflect.TypeFor[UnmarshalerFrom]()
)

func stdAlikeIn(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	if t == ownValue {
		return false // encoding/json/v2 knows its own jsontext.Value only
	}
	pt := t
	if t.Kind() != reflect.Pointer {
		pt = reflect.PointerTo(t)
	}
	if pt.Implements(ownMarshalerTo) || pt.Implements(ownUnmarshalerFrom) {
		return false
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return stdAlikeIn(t.Elem(), seen)
	case reflect.Map:
		return stdAlikeIn(t.Key(), seen) && stdAlikeIn(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if !stdAlikeIn(t.Field(i).Type, seen) {
				return false
			}
		}
	}
	return true
}
