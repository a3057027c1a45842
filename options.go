package stride

import (
	"github.com/stridejson/stride/internal/codec"
	"github.com/stridejson/stride/internal/jsonfmt"
	"github.com/stridejson/stride/stream"
)

// MarshalOptions choose how Marshal writes JSON beyond encoding/json's behaviour. The zero value
// writes exactly what Marshal writes.
//
//	b, err := stride.MarshalOptions{Escaper: stream.Minimal, Indent: "  "}.Marshal(v)
type MarshalOptions struct {
	// Escaper is the escaping policy of every string written: values, map keys, struct member
	// names, the text of MarshalText, and the strings in the output of MarshalJSON. nil means
	// stream.EncodingJSON, encoding/json's HTML-safe escaping. stream.EncodingJSONNoHTML is
	// encoding/json's after SetEscapeHTML(false); stream.Minimal escapes only what JSON requires;
	// stream.NewEscaper builds any other policy (all non-ASCII as \uXXXX, '/' as \/, a set of
	// extra ASCII characters).
	//
	// An Escaper with stream.RejectInvalidUTF8 makes a string of invalid UTF-8 an error, a
	// *stream.InvalidUTF8Error whose Offset counts from the start of that string (for MarshalJSON
	// output, a *MarshalerError holding one whose Offset counts in the output once compacted).
	//
	// Under any Escaper but those two encoding/json presets, MarshalJSON output has its white
	// space removed and each unescaped run of string text escaped again under the Escaper; escape
	// sequences it already holds are kept as they are. Base64 text of []byte is escaped too (it
	// matters for '/' and '+').
	Escaper *stream.Escaper

	// Prefix and Indent, when either is not empty, format the output as MarshalIndent does.
	Prefix, Indent string
}

// Marshal returns the JSON encoding of v under the options; see the package Marshal for the rules.
func (o MarshalOptions) Marshal(v any) ([]byte, error) {
	e := codec.NewState(true)
	defer e.Free()
	e.SetEscaper(o.Escaper)
	if err := e.MarshalValue(v); err != nil {
		return nil, err
	}
	if o.Prefix == "" && o.Indent == "" {
		return append([]byte(nil), e.Buf...), nil
	}
	d := jsonfmt.Indenter{Prefix: o.Prefix, Indent: o.Indent, Out: make([]byte, 0, len(e.Buf)+len(e.Buf)/4)}
	return d.Feed(e.Buf), nil
}

// SetOptions sets the escaping and indentation of the values the Encoder writes from now on,
// replacing what SetEscapeHTML and SetIndent set before (a nil Escaper is encoding/json's
// HTML-safe escaping). A later SetEscapeHTML or SetIndent changes its part in turn.
func (enc *Encoder) SetOptions(o MarshalOptions) {
	enc.esc, enc.escapeHTML = o.Escaper, true
	enc.prefix, enc.indent = o.Prefix, o.Indent
}

// UnmarshalOptions choose stricter or different decoding than encoding/json's. The zero value
// decodes exactly as Unmarshal does, values and errors alike.
//
// The checks of RejectDuplicateNames, RejectInvalidUTF8 and MaxDepth run over the whole input
// (for a Decoder, over each value) with the syntax check, and what breaks them stores nothing, as
// a syntax error stores nothing: Unmarshal into a zero value of a type without decode methods
// makes them as it decodes, in the one pass, and sets the value back to zero when one fails;
// otherwise they run before decoding. Either way they need no stack for depth beyond what
// decoding needs. Input that breaks JSON's grammar is still reported with encoding/json's
// *SyntaxError. Valid JSON that breaks one of these rules gets a *stream.SyntaxError with the
// offset, line, column and JSON Pointer of what broke it:
//
//	stride: duplicate object key "id" at line 3, column 5 (offset 41), within /items/0/id
//
// MaxInputSize is reported the same way. With RejectDuplicateNames, decoding also rejects two
// names that set the same struct field or map key (see there); that is found while decoding, so
// what came before it has been stored.
//
// On a v2-based build, a struct with what only encoding/json/v2 reads in its tags (`embed`,
// `case:...`, `format:...`) is decoded by encoding/json whole (see the README), with
// CaseSensitive, DisallowUnknownFields and UseNumber; the checks over the input hold inside it
// too, but two different names that set one of its fields are not found by RejectDuplicateNames.
type UnmarshalOptions struct {
	// CaseSensitive matches object member names to struct fields exactly; by default a member
	// that matches no field exactly goes to a field whose name matches it case-insensitively.
	CaseSensitive bool

	// RejectDuplicateNames makes an object with two members of the same name (after decoding
	// escapes) an error, where encoding/json lets the last one win. Into a struct, names that
	// match the same field count as the same unless CaseSensitive is set; into a map with keys
	// other than strings, names that give the same key (such as "1" and "01") do too.
	RejectDuplicateNames bool

	// RejectInvalidUTF8 makes invalid UTF-8 in a string or member name, and an escape of an
	// unpaired surrogate (such as "\ud800"), an error, where encoding/json replaces them with
	// U+FFFD.
	RejectInvalidUTF8 bool

	// DisallowUnknownFields makes a member that matches no struct field an error, as
	// Decoder.DisallowUnknownFields does.
	DisallowUnknownFields bool

	// UseNumber decodes a number into an interface value as a Number, as Decoder.UseNumber does.
	UseNumber bool

	// MaxDepth is the deepest nesting of arrays and objects allowed; 0 means encoding/json's
	// 10,000. The check costs no stack, however deep the input; decoding recurses once per level,
	// so a limit far above the default lets an input use stack in proportion.
	MaxDepth int

	// MaxInputSize, when positive, is the largest input Unmarshal accepts, in bytes; for a
	// Decoder, the largest value (with the white space before it), checked as the value is read
	// so that a larger one is never buffered whole. Larger input is a *stream.SyntaxError; for
	// a Decoder it ends the stream, where the other checks skip the value (see SetOptions).
	MaxInputSize int64
}

// Unmarshal parses data and stores the result in the value pointed to by v, as the package
// Unmarshal does, under the options.
func (o UnmarshalOptions) Unmarshal(data []byte, v any) error {
	if o == (UnmarshalOptions{}) {
		return Unmarshal(data, v)
	}
	if o.MaxInputSize > 0 && int64(len(data)) > o.MaxInputSize {
		return codec.SizeError(o.MaxInputSize, 0)
	}
	d := codec.DecodeState{Data: data}
	o.setFlags(&d)
	if check, strict := o.checkOptions(); strict {
		d.Check = &check // checked while decoding (see decodeValue)
	}
	return d.Decode(v, false)
}

// SetOptions sets how the Decoder decodes the values it reads from now on, replacing what
// UseNumber and DisallowUnknownFields set before. The checks and limits apply to each value
// Decode reads (MaxInputSize bounds each value, not the stream). Token reads names, strings and
// numbers through Decode, so RejectInvalidUTF8 and MaxInputSize apply to those; the objects and
// arrays it steps through are not checked for duplicate names or depth. Error offsets count from
// the start of the stream; line and column, which the Decoder does not track, are given for the
// first value only.
//
// A value that breaks a rule of the options but is valid JSON (a duplicate name, invalid UTF-8,
// nesting deeper than MaxDepth) is read whole and skipped: Decode returns its error, and the next
// Decode reads the next value, as after a value with an unknown field under
// DisallowUnknownFields. A syntax error, a read error and a value over MaxInputSize (which is not
// read whole, so where the next value starts is unknown) end the stream: every later Decode
// returns the same error.
func (dec *Decoder) SetOptions(o UnmarshalOptions) {
	o.setFlags(&dec.d)
	check, strict := o.checkOptions()
	if !strict && o.MaxInputSize <= 0 {
		dec.opt = nil
		return
	}
	dec.opt = &decoderOptions{check: check, strict: strict, limit: o.MaxInputSize}
}

// setFlags sets the options the decoders read in d.
func (o UnmarshalOptions) setFlags(d *codec.DecodeState) {
	d.UseNumber, d.DisallowUnknown = o.UseNumber, o.DisallowUnknownFields
	d.CaseSensitive = o.CaseSensitive
	d.RejectDups = o.RejectDuplicateNames
}

// checkOptions returns the ReaderOptions of the check before decoding, and whether any of them
// goes beyond what validate checks.
func (o UnmarshalOptions) checkOptions() (stream.ReaderOptions, bool) {
	depth := o.MaxDepth
	if depth <= 0 {
		depth = codec.DefaultMaxDepth
	}
	ro := stream.ReaderOptions{
		MaxDepth:             depth,
		StrictStrings:        o.RejectInvalidUTF8,
		RejectDuplicateNames: o.RejectDuplicateNames,
	}
	return ro, depth != codec.DefaultMaxDepth || o.RejectInvalidUTF8 || o.RejectDuplicateNames
}
