package jsonread

import (
	"unicode/utf8"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonstr"
)

// A Skip steps over one JSON value, checking it: the one walk of a value's structure that both
// readers use, stream.Reader for SkipValue, Raw and the values Next leaves unread, and the
// Cursor, in memory mode, for the members the codecs do not decode. It keeps the open
// containers in a bit stack (one bit per level, set for an object), so its stack use is
// constant at any depth.
//
// It reads a window of the input, data[i:], and stops where it cannot go on by itself, leaving
// the rest to its caller, who holds the input and reports errors in its own terms:
//
//   - StepDone: the value has ended at the returned index.
//   - StepMore: white space runs to the end of the window. The caller refills and runs again from
//     the index returned, or, at the end of the input, reports it as Expect says.
//   - StepToken: a string, number or literal starts at the index that the window cuts, or that
//     is not valid. The caller reads it with its own scan (which refills, or reports the error),
//     calls TokenRead, and runs again from the end of the token.
//   - StepName: the same for a member name (and for every name, with Names): NameRead.
//   - StepBadByte: the byte at the index is not what may come there (Expect).
//   - StepTooDeep: the container at the index would open more than Limit.
//
// State lives in the Skip, never an index: a caller that moves its window between runs passes
// the new index of the same byte.
type Skip struct {
	Limit   int  // the containers the value may open (the depth limit less those around it)
	Strict  bool // strings hold valid UTF-8 and paired surrogate escapes (StrictStrings)
	RawUTF8 bool // strings hold valid UTF-8, escapes as the grammar allows (Writer.Raw)
	Names   bool // stop at every member name (the caller checks for duplicates)
	Final   bool // the window ends where the input does: a token at its end is whole
	Longest int  // the longest string literal (a short name: with its ':') stepped over since Begin
	Whole   bool // data is all of the input, and Longest is not wanted: the fast path may run

	st       Expect
	first    bool // at ExpectName: no member before this one
	depth    int
	obj      bool     // the innermost container is an object
	bits     []uint64 // bit d set: the container at depth d (from 0) is an object
	blocksAt int      // the index from which the fast path may take over, at a ',' (runBlocks)
	saved    []uint64 // bits of the containers open where the fast path took over
	chunk    tokenChunk
}

// A Step is why Run stopped; see Skip.
type Step uint8

// The steps.
const (
	StepDone Step = iota
	StepMore
	StepToken
	StepName
	StepBadByte
	StepTooDeep
)

// Expect is what a Skip reads next, after white space.
type Expect uint8

// What comes next.
const (
	ExpectValue   Expect = iota // the value Begin started on
	ExpectFirst                 // just inside '[' or '{': the first element or name, or the end
	ExpectElement               // after ',' in an array
	ExpectName                  // a member name: after ',' in an object, or after '{'
	ExpectColon                 // the ':' after a name
	ExpectMember                // the value after ':'
	ExpectAfter                 // after a value: ',' or the end of its container
)

// Begin makes s step over a value from its first byte, with limit containers allowed. It clears
// Whole.
func (s *Skip) Begin(limit int, strict, rawUTF8, names, final bool) {
	s.Limit, s.Strict, s.RawUTF8, s.Names, s.Final, s.Whole = limit, strict, rawUTF8, names, final, false
	s.st, s.first, s.depth, s.obj, s.Longest = ExpectValue, false, 0, false, 0
}

// Expect returns what s reads next: at StepMore, what the end of the input cuts short; at
// StepBadByte, what the byte should have been.
func (s *Skip) Expect() Expect { return s.st }

// Depth returns the number of containers s has open.
func (s *Skip) Depth() int { return s.depth }

// InObject reports whether the innermost container s has open is an object.
func (s *Skip) InObject() bool { return s.obj }

// First reports, at StepName, whether the name is the first of its object.
func (s *Skip) First() bool { return s.first }

// TokenRead tells s that its caller has stepped over the token of a StepToken.
func (s *Skip) TokenRead() { s.st = ExpectAfter }

// NameRead tells s that its caller has stepped over the name of a StepName.
func (s *Skip) NameRead() { s.st = ExpectColon }

// Run steps over the value from data[i] on; see Skip.
//
// NOTE: a label for each Expect and a goto for each move between them: a loop over a switch of
// the state (the same moves) validated canada.json, mesh.json and update-center.json 20-35%
// slower, the state tested and switched on between every two tokens.
func (s *Skip) Run(data []byte, i int) (int, Step) {
	st, depth, obj := s.st, s.depth, s.obj
	var c byte
	var end int
	if st == ExpectValue {
		s.blocksAt = noBlocks
		if s.Whole && blocksOn && !s.Strict && !s.RawUTF8 && !s.Names {
			s.blocksAt = i + blocksAfter
		}
	}
	switch st {
	case ExpectFirst:
		goto first
	case ExpectName:
		goto name
	case ExpectColon:
		goto colon
	case ExpectAfter:
		goto after
	}
value: // st is ExpectValue, ExpectElement or ExpectMember
	if i = spaceEnd(data, i); i >= len(data) {
		return s.stop(i, StepMore, st, depth, obj)
	}
	switch c = data[i]; c {
	case '{', '[':
		if depth >= s.Limit {
			return s.stop(i, StepTooDeep, st, depth, obj)
		}
		obj = c == '{'
		s.push(depth, obj)
		depth++
		i++
		goto first
	case '"':
		end = s.str(data, i)
	case 't':
		end = literalEnd(data, i, "true", s.Final)
	case 'f':
		end = literalEnd(data, i, "false", s.Final)
	case 'n':
		end = literalEnd(data, i, "null", s.Final)
	default:
		if KindOfByte[c] != KindNumber {
			return s.stop(i, StepBadByte, st, depth, obj)
		}
		if end = jsonnum.ShortEnd(data, i); end == 0 {
			end = numberEnd(data, i, s.Final)
		}
	}
	if end == 0 {
		return s.stop(i, StepToken, st, depth, obj)
	}
	i = end
after:
	if depth == 0 {
		return s.stop(i, StepDone, ExpectAfter, depth, obj)
	}
	if i = spaceEnd(data, i); i >= len(data) {
		return s.stop(i, StepMore, ExpectAfter, depth, obj)
	}
	if c = data[i]; c == ',' {
		if i >= s.blocksAt {
			// Far enough into a container that data holds whole: the fast path from here.
			end, ok := s.fromBlocks(data, i, depth, obj)
			switch {
			case ok:
				return s.stop(end, StepDone, ExpectAfter, 0, false)
			case end > 0: // handed back at a value, in a part dense with numbers
				i, st, depth, obj = end, s.st, s.depth, s.obj
				s.blocksAt = end + blocksAfterDense
				goto value
			}
			s.blocksAt = noBlocks // the walk reports what stopped it, from here
		}
		i = space(data, i+1)
		if obj {
			s.first = false
			goto name
		}
		st = ExpectElement
		goto value
	}
	if c == '}' && obj || c == ']' && !obj {
		i++
		depth--
		obj = s.objAt(depth)
		goto after
	}
	return s.stop(i, StepBadByte, ExpectAfter, depth, obj)
first:
	if i = spaceEnd(data, i); i >= len(data) {
		return s.stop(i, StepMore, ExpectFirst, depth, obj)
	}
	if c = data[i]; c == '}' && obj || c == ']' && !obj {
		i++
		depth--
		obj = s.objAt(depth)
		goto after
	}
	if !obj {
		st = ExpectElement
		goto value
	}
	s.first = true
name:
	if i = spaceEnd(data, i); i >= len(data) {
		return s.stop(i, StepMore, ExpectName, depth, obj)
	}
	if data[i] != '"' {
		return s.stop(i, StepBadByte, ExpectName, depth, obj)
	}
	if s.Names {
		return s.stop(i, StepName, ExpectName, depth, obj)
	}
	if end = shortMemberEnd(data, i); end > 0 {
		s.Longest = max(s.Longest, end-i)
		i, st = end, ExpectMember
		goto value
	}
	if end = s.str(data, i); end == 0 {
		return s.stop(i, StepName, ExpectName, depth, obj)
	}
	i = end
colon:
	if i = spaceEnd(data, i); i >= len(data) {
		return s.stop(i, StepMore, ExpectColon, depth, obj)
	}
	if data[i] != ':' {
		return s.stop(i, StepBadByte, ExpectColon, depth, obj)
	}
	i, st = space(data, i+1), ExpectMember
	goto value
}

// stop keeps Run's state for the next run and returns where and why it stopped.
func (s *Skip) stop(i int, step Step, st Expect, depth int, obj bool) (int, Step) {
	s.st, s.depth, s.obj = st, depth, obj
	return i, step
}

// push records at level depth of the bit stack whether the container there is an object.
func (s *Skip) push(depth int, obj bool) {
	w := depth >> 6
	if w >= len(s.bits) {
		s.bits = append(s.bits, 0)
	}
	if obj {
		s.bits[w] |= 1 << (depth & 63)
	} else {
		s.bits[w] &^= 1 << (depth & 63)
	}
}

// objAt reports whether the container open at depth (counted from 1), if any, is an object.
func (s *Skip) objAt(depth int) bool {
	return depth > 0 && s.bits[(depth-1)>>6]&(1<<((depth-1)&63)) != 0
}

// str returns the index after the string literal at data[i] (a '"'), or 0 where the window cuts
// it or it is not valid under s's options.
func (s *Skip) str(data []byte, i int) int {
	end := 0
	if !s.Strict && !s.RawUTF8 {
		// The skip's scan, which checks no UTF-8 (invalid UTF-8 is no error here); what it
		// gives up on (an error, or the end of the window) is the caller's.
		end, _ = jsonstr.SkipString(data, i)
	} else {
		end = s.strChecked(data, i)
	}
	s.Longest = max(s.Longest, end-i)
	return end
}

// strChecked is str under Strict or RawUTF8, with the string kernel's scan.
func (s *Skip) strChecked(data []byte, i int) int {
	end, _, plain, err := jsonstr.ScanStringFrom(data, i+1, true, s.Strict, s.Final)
	if err != nil || end < 0 || !plain && !s.Strict && !utf8.Valid(data[i:end]) {
		return 0
	}
	return end
}

// ScalarEnd returns the index after the string, number or literal that begins at data[i], when
// it is valid and data holds the rest of the input, checked as Run checks it outside Strict and
// RawUTF8; else 0 (a container, anything not valid, or a string the skip's scan leaves to the
// string kernel). It is Run's step over one scalar, for callers that walk the members of an object
// themselves.
func ScalarEnd(data []byte, i int) int {
	switch c := data[i]; c {
	case '"':
		end, _ := jsonstr.SkipString(data, i)
		return end
	case 't':
		return literalEnd(data, i, "true", true)
	case 'f':
		return literalEnd(data, i, "false", true)
	case 'n':
		return literalEnd(data, i, "null", true)
	default:
		if KindOfByte[c] != KindNumber {
			return 0
		}
		if end := jsonnum.ShortEnd(data, i); end > 0 {
			return end
		}
		return numberEnd(data, i, true)
	}
}

// spaceEnd returns the index of the first byte from i on that is not white space: i itself,
// without a call, where a token follows at once (compact JSON).
func spaceEnd(data []byte, i int) int {
	if i < len(data) && data[i] > ' ' {
		return i
	}
	return jsonstr.SpaceEnd(data, i)
}

// space steps over one ' ' or '\n', the usual byte after ':' and ',' in spaced-out documents and
// after ',' in documents with a token per line, so that the next token's white-space check is
// the one compare.
func space(data []byte, i int) int {
	if i < len(data) && (data[i] == ' ' || data[i] == '\n') {
		i++
	}
	return i
}

// literalEnd returns the index after the literal lit at data[i] when no letter or digit follows
// it (as in truex, which is one bad token), or 0; at the end of the window, 0 unless final.
func literalEnd(data []byte, i int, lit string, final bool) int {
	end := i + len(lit)
	if end > len(data) || string(data[i:end]) != lit {
		return 0
	}
	if end < len(data) {
		if c := data[end]; c-'0' < 10 || (c|0x20)-'a' < 26 {
			return 0
		}
	} else if !final {
		return 0
	}
	return end
}

// numberEnd returns the index after the number literal at data[i] when it is valid and known to
// end: a byte that cannot continue it follows within the window, or the window is final. The
// grammar is jsonnum.Scan's, which inlines here; it computes no value.
func numberEnd(data []byte, i int, final bool) int {
	if end, code := jsonnum.Scan(data, i); code == jsonnum.OK && (end < len(data) || final) {
		return end
	}
	return 0
}

// shortMemberEnd steps over a name of plain ASCII that ends within 16 bytes, followed at once by
// ':' and at most one space, up to the first byte of the member's value (not white space); it
// returns that byte's index, or 0 and Run reads the name and the ':' one by one.
//
// NOTE: golang_source.json (nodes of seven short members) is validated 1.3x as fast with it.
func shortMemberEnd(data []byte, i int) int {
	if i+12 > len(data) {
		return 0
	}
	j := i + 1
	m := jsonstr.Stops(jsonstr.Load64(data, j))
	if m == 0 && i+20 <= len(data) {
		j += 8
		m = jsonstr.Stops(jsonstr.Load64(data, j))
	}
	if m == 0 {
		return 0
	}
	j += jsonstr.FirstLane(m)
	if data[j] != '"' || data[j+1] != ':' {
		return 0
	}
	k := j + 2
	if data[k] == ' ' { // "name": value, as indented documents have it
		k++
	}
	if data[k] <= ' ' {
		return 0
	}
	return k
}
