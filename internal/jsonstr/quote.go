package jsonstr

import (
	"slices"
	"unicode/utf16"
)

const hexDigits = "0123456789abcdef"

// AppendQuote appends src to dst as a JSON string literal, quotes included, escaped under policy p.
// On error (invalid UTF-8 under RejectInvalidUTF8) it returns dst unchanged and an *Error.
//
// The kernels write whole words into dst's spare capacity: bytes beyond the returned length may be
// overwritten (the public packages document this on every Append function).
func AppendQuote[S ~string | ~[]byte](dst []byte, src S, p *Policy) ([]byte, error) {
	// NOTE: member names and short values make up most tokens of a document. A string of up to
	// shortMax bytes is tested a word at a time up to its first stop, before the loop's setup, and
	// appended in one go when it has none. For strings of up to 16 bytes, token-writing random.json
	// went from 545 to 680 MB/s (jx: 590 in the same runs); up to 64, plain64 quoted 1.36x as fast
	// (1.43x HTML-safe), with short32 (a quote at byte 16) and the VAST strings unchanged. The loop
	// goes on from the word of the first stop, so the words before it are tested once.
	i := 0
	if n := len(src); n <= shortMax && p.scan != scanTable {
		if i = plainPrefix(src, p); i == n {
			dst = append(dst, '"')
			dst = append(dst, src...)
			return append(dst, '"'), nil
		}
	}
	d0 := len(dst)
	dst = slices.Grow(dst, len(src)+2)
	dst = append(dst, '"')
	dst, err := appendEscaped(dst, src, i, p)
	if err != nil {
		return dst[:d0], err
	}
	return append(dst, '"'), nil
}

// AppendEscaped appends the contents of the JSON string literal for src (without the quotes), escaped
// under policy p. Streaming writers call it on pieces of a long string cut at character boundaries.
// On error it returns dst unchanged and an *Error whose offset is relative to src.
//
// Stops often sit close together (markup). Long input walks stop lists (quote_list.go); otherwise
// the first word is tested inline before the scan is called, a run of up to 8 bytes is copied with
// one 8-byte store rather than a memmove call, and the escape is one 8-byte store from the policy's
// enc table. Text from 0x80 up is stepped over in bulk.
func AppendEscaped[S ~string | ~[]byte](dst []byte, src S, p *Policy) ([]byte, error) {
	return appendEscaped(dst, src, 0, p)
}

// appendEscaped is AppendEscaped for a src whose bytes before from are known to need no escaping.
func appendEscaped[S ~string | ~[]byte](dst []byte, src S, from int, p *Policy) ([]byte, error) {
	d0 := len(dst)
	dst = append(dst, src[:from]...) // the loop begins each turn with nothing pending (start == i)
	i, start := from, from
	// NOTE: the word loop stays in this function, not in one it calls: short strings, most of a
	// document's, lost 6-14% to one more call. It hands over to stop lists after listAfter escapes
	// (as DecodeString does), not at the start of any long input: text where non-ASCII characters
	// come every few bytes (string_unicode.json written token by token) was 1.47x slower with a
	// list built and dropped for every string.
	escapes := 0
	for {
		var c byte // the stop; taken from the word when found there, saving a dependent load
		found := false
		if i+8 <= len(src) {
			var m uint64
			w := load64(src, i)
			switch p.scan {
			case scanDefault:
				m = Stops(w)
			case scanExtra:
				m = stopsExtra(w, &p.slots)
			default:
				m = stopsTable(w, &p.class)
			}
			if m&(m-1) != 0 && w&msb == 0 && cap(dst)-len(dst) >= window {
				// Two or more stops in a word of ASCII: expand it whole, without a branch per stop.
				l := len(dst)
				dst = dst[:l+expand8((*[window]byte)(dst[l:l+window]), w, &p.enc, &p.encN)]
				i += 8
				start = i
				escapes += 2
				continue
			}
			switch {
			case m != 0:
				k := FirstLane(m)
				i += k
				c, found = byte(w>>(8*k)), true
			case p.scan == scanDefault:
				i = indexDefault(src, i+8)
			default:
				i = index(p, src, i+8)
			}
		} else {
			i = index(p, src, i)
		}
		if !found {
			if i >= len(src) {
				break
			}
			c = src[i]
		}
		if c >= 0x80 {
			dst = append(dst, src[start:i]...)
			var err *Error
			if dst, i, err = appendText(dst, src, i, p); err != nil {
				return dst[:d0], err
			}
			start = i
			continue
		}
		if cap(dst)-len(dst) < window {
			dst = slices.Grow(dst, window+(len(src)-i)/4)
		}
		// NOTE: a run of up to 8 bytes, the common case between dense escapes, is copied with one
		// unaligned 8-byte store into dst's spare capacity; the bytes past the run are overwritten
		// by the escape. A memmove call costs several times as much at that size.
		if n := i - start; n <= 8 && start+8 <= len(src) {
			l := len(dst)
			store64(dst[l:l+8], load64(src, start))
			dst = dst[:l+n]
		} else {
			dst = append(dst, src[start:i]...)
			if cap(dst)-len(dst) < 8 {
				dst = slices.Grow(dst, 8+(len(src)-i)/4)
			}
		}
		l := len(dst)
		store64(dst[l:l+8], p.enc[c])
		dst = dst[:l+int(p.encN[c])]
		i++
		start = i
		if escapes++; escapes >= listAfter && useList && len(src)-i >= listMin && (p.scan != scanTable || useSet) {
			var err *Error
			if dst, i, err = appendListed(dst, src, i, p); err != nil {
				return dst[:d0], err
			}
			start = i
			escapes = -len(src) // once
		}
	}
	return append(dst, src[start:]...), nil
}

// appendListed goes on with AppendEscaped from src[i] (nothing pending) with the block escapers
// (escape.go) where there are some, else in stop lists (escapeListed), while at least listMin bytes
// are left, text from 0x80 up in bulk between them. It returns where the word loop goes on, with
// everything before it appended.
func appendListed[S ~string | ~[]byte](dst []byte, src S, i int, p *Policy) ([]byte, int, *Error) {
	if useEscape {
		return appendBlocks(dst, src, i, p)
	}
	start := i
	for tries := listTries; tries > 0 && len(src)-i >= listMin; tries-- {
		var stopped bool
		if dst, i, start, stopped = escapeListed(dst, src, i, start, p); !stopped {
			break // fewer than 64 bytes are left
		}
		dst = append(dst, src[start:i]...)
		var err *Error
		if dst, i, err = appendText(dst, src, i, p); err != nil {
			return dst, i, err
		}
		start = i
	}
	return append(dst, src[start:i]...), i, nil // the word loop starts with nothing pending
}

// window is the room expand8 writes into: eight lanes escaped as \u00XX end at most at byte 48, and
// offsets masked to 0..63 keep every 8-byte store inside 72 bytes without a bounds check.
const window = 64 + 8

// expand8 writes the eight ASCII bytes of the word w to out through the policy's enc table and
// returns how many bytes it wrote. Each lane stores its encoding (the byte itself or its escape) with
// one 8-byte store at the running offset; a store may write past its encoding, into bytes the next
// store overwrites. All table loads come before the stores, so no load waits on a store address.
func expand8(out *[window]byte, w uint64, enc *[256]uint64, n *[256]uint8) int {
	c0, c1, c2, c3 := byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
	c4, c5, c6, c7 := byte(w>>32), byte(w>>40), byte(w>>48), byte(w>>56)
	o1 := int(n[c0])
	o2 := o1 + int(n[c1])
	o3 := o2 + int(n[c2])
	o4 := o3 + int(n[c3])
	o5 := o4 + int(n[c4])
	o6 := o5 + int(n[c5])
	o7 := o6 + int(n[c6])
	e0, e1, e2, e3, e4, e5, e6, e7 := enc[c0], enc[c1], enc[c2], enc[c3], enc[c4], enc[c5], enc[c6], enc[c7]
	store64(out[0:], e0)
	store64(out[o1&63:], e1)
	store64(out[o2&63:], e2)
	store64(out[o3&63:], e3)
	store64(out[o4&63:], e4)
	store64(out[o5&63:], e5)
	store64(out[o6&63:], e6)
	store64(out[o7&63:], e7)
	return o7 + int(n[c7])
}

// stopsTable is the table policy's word test: a mask with bit 7 set in every lane whose byte is a
// stop. Lanes are tested one by one, so the mask is exact.
func stopsTable(w uint64, class *[256]uint8) uint64 {
	var m uint64
	for k := 0; k < 64; k += 8 {
		if class[byte(w>>k)] != plain {
			m |= 0x80 << k
		}
	}
	return m
}

// appendText handles src[i] >= 0x80: it appends the valid text from there that needs no escaping,
// or else escapes one character (or replaces one invalid byte), and returns the new input index.
func appendText[S ~string | ~[]byte](dst []byte, src S, i int, p *Policy) ([]byte, int, *Error) {
	if p.flags&EscapeNonASCII == 0 {
		if j := skipValid(src, i, p.text); j > i {
			return append(dst, src[i:j]...), j, nil
		}
	}
	r, size := decodeRune(src, i)
	switch {
	case size == 0 && p.flags&RejectInvalidUTF8 != 0:
		return dst, i, errAt(ErrInvalidUTF8, src, i)
	case size == 0 && p.flags&(RawReplacement|EscapeNonASCII) == RawReplacement:
		return append(dst, "\uFFFD"...), i + 1, nil
	case size == 0:
		return append(dst, `\ufffd`...), i + 1, nil
	case r > 0xFFFF:
		r1, r2 := utf16.EncodeRune(r)
		return appendU4(appendU4(dst, r1), r2), i + size, nil
	}
	return appendU4(dst, r), i + size, nil
}

func appendU4(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
}

// shortMax is the longest string AppendQuote tests with plainPrefix before it scans.
const shortMax = 64

// plainPrefix returns len(src) if src, at most shortMax bytes long, holds no stop of the
// (word-scanned) policy p, else an index at or before its first stop, after which the escaping
// loop goes on. Any stop flags its word: a stop's lane is flagged unless a borrow reaches it, which
// needs a stop below it; so a word with no flag has no stop.
func plainPrefix[S ~string | ~[]byte](src S, p *Policy) int {
	n := len(src)
	if n < 8 {
		for i := 0; i < n; i++ {
			if p.class[src[i]] != plain {
				return i
			}
		}
		return n
	}
	i := 0
	if p.scan == scanDefault {
		for ; i < n-8; i += 8 {
			if Stops(load64(src, i)) != 0 {
				return i
			}
		}
		if Stops(load64(src, n-8)) != 0 {
			return i
		}
		return n
	}
	for ; i < n-8; i += 8 {
		if stopsExtra(load64(src, i), &p.slots) != 0 {
			return i
		}
	}
	if stopsExtra(load64(src, n-8), &p.slots) != 0 {
		return i
	}
	return n
}
