package stream

import (
	"github.com/stridejson/stride/internal/jsonread"
	"github.com/stridejson/stride/internal/jsonstr"
)

// skip reads the value at r.pos (not white space) without decoding it. The walk is the one the
// codecs' Cursor skips with (jsonread.Skip), which keeps the open containers in a bit stack, so
// stack use is constant; depth is bounded by MaxDepth counted from the Reader's own open
// containers. Where the walk stops, the Reader refills, reads a token it could not finish with its
// own scans (which refill as the bytes arrive, and report errors), or reports what went wrong.
func (r *Reader) skip() {
	s := &r.skipper
	s.Begin(r.opts.MaxDepth-len(r.stack), r.opts.StrictStrings, r.rawUTF8, r.opts.RejectDuplicateNames, r.eof)
	s.Whole = r.src == nil // a memory reader keeps no window, so needs no Longest
	for {
		pos, step := s.Run(r.buf, r.pos)
		r.pos = pos
		switch step {
		case jsonread.StepDone:
			r.bufMax = max(r.bufMax, s.Longest)
			return
		case jsonread.StepMore:
			if _, ok := r.more(); !ok {
				context, expected := skipEnd(s)
				r.failEnd(context, expected)
				return
			}
		case jsonread.StepToken:
			// The token is inside the value being skipped: the Reader's state, which names that
			// value in errors, stays as it was (literal sets it for a value of its own).
			st := r.state
			ok := r.skipToken()
			r.state = st
			if !ok {
				return
			}
			s.TokenRead()
		case jsonread.StepName:
			if !r.skipName(s) {
				return
			}
			s.NameRead()
		case jsonread.StepBadByte:
			if s.Expect() == jsonread.ExpectValue {
				r.failValueStart(r.buf[r.pos]) // the value itself: as the other methods report it
				return
			}
			context, expected := skipBad(s)
			r.failChar(r.pos, r.buf[r.pos], context, expected)
			return
		default: // jsonread.StepTooDeep
			r.failDepth(r.pos)
			return
		}
		s.Final = r.eof
	}
}

// skipBrackets steps over the array or object at r.pos without checking it (UncheckedSkip), with
// jsonread.Brackets. Where the input ends first, a memory reader walks the value again with the
// checked skip, which says what is wrong where; from a stream the bytes are gone, and the error is
// the end of the input.
func (r *Reader) skipBrackets() {
	var m jsonread.Brackets
	m.Begin()
	start := r.pos
	for {
		end, ok := m.Run(r.buf, r.pos, r.eof)
		r.pos = end
		if ok {
			return
		}
		if r.eof {
			break
		}
		if _, ok := r.more(); !ok && (r.err != nil || !r.eof) {
			break // a read error, or the token limit; at the end of the input, one more run
		}
	}
	if r.src == nil {
		r.pos = start
		r.skip() // it finds fault: a value that Brackets sees no end of is not JSON
		return
	}
	r.failEnd("", "value") // a read error, already recorded, stays
}

// skipEnd returns the context and the expected text of the end of the input where s stopped.
func skipEnd(s *jsonread.Skip) (string, string) {
	in, kind := "in array", "array"
	if s.InObject() {
		in, kind = "in object", "object"
	}
	switch s.Expect() {
	case jsonread.ExpectFirst:
		return in, "value or end of " + kind
	case jsonread.ExpectColon:
		return "after object key", "':'"
	case jsonread.ExpectMember:
		return "after object key", "value"
	case jsonread.ExpectAfter:
		return in, "',' or end of " + kind
	}
	return in, "value" // after ',': ExpectElement or ExpectName
}

// skipBad returns the context and the expected text of a byte that s found out of place.
func skipBad(s *jsonread.Skip) (string, string) {
	switch s.Expect() {
	case jsonread.ExpectName:
		return "where an object key should begin", "'\"'"
	case jsonread.ExpectColon:
		return "after object key", "':'"
	case jsonread.ExpectAfter:
		if s.InObject() {
			return "after object member", "',' or '}'"
		}
		return "after array element", "',' or ']'"
	}
	return "where a value should begin", "value"
}

// skipToken steps over the string, number or literal at r.pos that the walk left to the Reader.
func (r *Reader) skipToken() bool {
	switch r.buf[r.pos] {
	case '"':
		return r.skipStr("string literal")
	case 't':
		return r.literal("true")
	case 'f':
		return r.literal("false")
	case 'n':
		return r.literal("null")
	}
	_, end, ok := r.scanNumber()
	if ok {
		r.pos = end
	}
	return ok
}

// skipName steps over the member name at r.pos that the walk left to the Reader: one the window
// cuts, or one that is not valid, or, with RejectDuplicateNames, every name, which is decoded and
// checked against the others of its object.
func (r *Reader) skipName(s *jsonread.Skip) bool {
	if !r.opts.RejectDuplicateNames {
		return r.skipStr("object key")
	}
	depth := len(r.stack) + s.Depth()
	if s.First() {
		r.resetDups(depth)
	}
	if r.src == nil && !r.rawUTF8 {
		// In memory the name is decoded in one pass and checked as a view when it has no
		// escapes; an error is left to the scan below, which reports it.
		//
		// NOTE: through the scan and a copy into dupB, the name check took half of
		// validating with duplicate names rejected (jsontext's Value.IsValid, objects of six
		// short members).
		start := r.pos
		if i := start + 1; i+8 <= len(r.buf) {
			// A name of up to 7 plain ASCII bytes, as most are: one word holds it and its quote.
			if m := jsonstr.Stops(jsonstr.Load64(r.buf, i)); m != 0 {
				if end := i + jsonstr.FirstLane(m); r.buf[end] == '"' {
					r.pos = end + 1
					return r.checkDup(depth, r.buf[i:end], start)
				}
			}
		}
		out, end, plain, err := jsonstr.DecodeString(r.dupB[:0], r.buf, start, r.opts.StrictStrings)
		if err == nil {
			name := out
			if plain {
				name = r.buf[start+1 : end-1]
			} else {
				r.dupB = out
			}
			r.pos = end
			r.bufMax = max(r.bufMax, end-start)
			return r.checkDup(depth, name, start)
		}
	}
	start, end, plain := r.scanString("object key")
	if end == 0 || !plain && !r.literalUTF8(start, end, "object key") {
		return false
	}
	r.pos = end
	if plain {
		r.dupB = append(r.dupB[:0], r.buf[start+1:end-1]...)
	} else {
		r.dupB = r.decode(r.dupB[:0], start, end)
	}
	return r.checkDup(depth, r.dupB, start)
}
