package stream

import (
	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonstr"
)

// skip reads the value that starts with c at r.pos without decoding it. It keeps the open containers
// in a bit stack (one bit per level, set for an object) instead of recursing, so its stack use is
// constant; depth is bounded by MaxDepth counted from the Reader's own open containers.
func (r *Reader) skip(c byte) {
	base, depth := len(r.stack), 0
	var ok bool
	obj := false // whether the innermost container skipped is an object (the top bit of the stack)
	for {
		// A value starts with c at r.pos.
		switch c {
		case '{', '[':
			if base+depth >= r.opts.MaxDepth {
				r.failDepth(r.pos)
				return
			}
			obj = c == '{'
			r.pushBit(depth, obj)
			depth++
			r.pos++
			if c = r.ws(); c == 0 && r.pos >= len(r.buf) {
				r.failEnd("in "+kindName(obj), "value or end of "+kindName(obj))
				return
			}
			if c == '}' && obj || c == ']' && !obj {
				r.pos++
				depth--
				obj = r.skipObj(depth)
				break
			}
			if obj {
				if r.opts.RejectDuplicateNames {
					r.resetDups(base + depth)
				}
				if c, ok = r.skipShortName(c); !ok {
					if c, ok = r.skipName(c, base+depth); !ok {
						return
					}
				}
			}
			continue
		case '"':
			if !r.skipStr("string literal") {
				return
			}
		case 't':
			if !r.literal("true") {
				return
			}
		case 'f':
			if !r.literal("false") {
				return
			}
		case 'n':
			if !r.literal("null") {
				return
			}
		default:
			if kindOf(c) != KindNumber {
				if depth == 0 {
					r.failValueStart(c) // the value itself: as the other methods report it
				} else {
					r.failChar(r.pos, c, "where a value should begin", "value")
				}
				return
			}
			if end := shortIntEnd(r.buf, r.pos); end > 0 {
				r.pos = end
				break
			}
			if end := numberEnd(r.buf, r.pos); end > 0 {
				r.pos = end
				break
			}
			_, end, ok := r.scanNumber()
			if !ok {
				return
			}
			r.pos = end
		}
		// A value has ended: find the next one, closing containers on the way.
		for {
			if depth == 0 {
				return
			}
			if c = r.ws(); c == 0 && r.pos >= len(r.buf) {
				r.failEnd("in "+kindName(obj), "',' or end of "+kindName(obj))
				return
			}
			if c == ',' {
				r.pos++
				r.space()
				if c = r.ws(); c == 0 && r.pos >= len(r.buf) {
					r.failEnd("in "+kindName(obj), "value")
					return
				}
				if obj {
					if c, ok = r.skipShortName(c); !ok {
						if c, ok = r.skipName(c, base+depth); !ok {
							return
						}
					}
				}
				break
			}
			if c == '}' && obj || c == ']' && !obj {
				r.pos++
				depth--
				obj = r.skipObj(depth)
				continue
			}
			if obj {
				r.failChar(r.pos, c, "after object member", "',' or '}'")
			} else {
				r.failChar(r.pos, c, "after array element", "',' or ']'")
			}
			return
		}
	}
}

func kindName(obj bool) string {
	if obj {
		return "object"
	}
	return "array"
}

// skipObj reports whether the container skip has open at depth (counted from 1), if any, is an
// object.
func (r *Reader) skipObj(depth int) bool {
	return depth > 0 && r.skipSt[(depth-1)>>6]&(1<<((depth-1)&63)) != 0
}

// pushBit records at level depth of the skip stack whether the container there is an object.
func (r *Reader) pushBit(depth int, obj bool) {
	w := depth >> 6
	if w >= len(r.skipSt) {
		r.skipSt = append(r.skipSt, 0)
	}
	if obj {
		r.skipSt[w] |= 1 << (depth & 63)
	} else {
		r.skipSt[w] &^= 1 << (depth & 63)
	}
}

// shortIntEnd is numberEnd's fast path for skipping: the end of a positive integer of up to 15
// digits, not starting with 0, that two words hold with the byte after it; 0 for anything else.
//
// NOTE: for ids and timestamps: golang_source.json (four integers in each node) is validated 1.07x
// and citm_catalog.json 1.08x as fast with it.
func shortIntEnd(buf []byte, i int) int {
	if i+16 > len(buf) || buf[i]-'1' > 8 {
		return 0
	}
	y := jsonnum.NonDigits(jsonstr.Load64(buf, i)) // exact in the lowest flagged lane
	j := i
	if y == 0 {
		j += 8
		if y = jsonnum.NonDigits(jsonstr.Load64(buf, j)); y == 0 {
			return 0
		}
	}
	j += jsonstr.FirstLane(y)
	if isNumberByte[buf[j]] {
		return 0
	}
	return j
}

// skipShortName is skipName's fast path: a name of plain ASCII that ends within 16 bytes, followed
// at once by ':', at most one space and the value's first byte. It returns that byte and
// true with the name and ':' stepped over, or c and false with nothing read, and skipName takes
// over.
//
// NOTE: golang_source.json (nodes of seven short members) is validated 1.3x as fast with it.
func (r *Reader) skipShortName(c byte) (byte, bool) {
	buf, i := r.buf, r.pos
	if c != '"' || i+12 > len(buf) || r.opts.RejectDuplicateNames || r.opts.StrictStrings {
		return c, false
	}
	j := i + 1
	m := jsonstr.Stops(jsonstr.Load64(buf, j))
	if m == 0 && i+20 <= len(buf) {
		j += 8
		m = jsonstr.Stops(jsonstr.Load64(buf, j))
	}
	if m == 0 {
		return c, false
	}
	j += jsonstr.FirstLane(m)
	if buf[j] != '"' || buf[j+1] != ':' {
		return c, false
	}
	k := j + 2
	if buf[k] == ' ' { // "name": value, as indented documents have it
		k++
	}
	if buf[k] <= ' ' {
		return c, false
	}
	r.bufMax = max(r.bufMax, j+1-i) // as skipStr keeps it
	r.pos = k
	return buf[k], true
}

// skipName reads a member name (starting with c at r.pos) and the ':' after it, and returns the first
// byte of the member's value.
func (r *Reader) skipName(c byte, depth int) (byte, bool) {
	if c != '"' {
		r.failChar(r.pos, c, "where an object key should begin", "'\"'")
		return 0, false
	}
	if !r.opts.RejectDuplicateNames {
		if !r.skipStr("object key") {
			return 0, false
		}
	} else {
		start, end, plain := r.scanString("object key")
		if end == 0 || !plain && !r.literalUTF8(start, end, "object key") {
			return 0, false
		}
		r.pos = end
		if plain {
			r.dupB = append(r.dupB[:0], r.buf[start+1:end-1]...)
		} else {
			r.dupB = r.decode(r.dupB[:0], start, end)
		}
		if !r.checkDup(depth, r.dupB, start) {
			return 0, false
		}
	}
	c = r.ws()
	if c == 0 && r.pos >= len(r.buf) {
		r.failEnd("after object key", "':'")
		return 0, false
	}
	if c != ':' {
		r.failChar(r.pos, c, "after object key", "':'")
		return 0, false
	}
	r.pos++
	r.space()
	if c = r.ws(); c == 0 && r.pos >= len(r.buf) {
		r.failEnd("after object key", "value")
		return 0, false
	}
	return c, true
}
