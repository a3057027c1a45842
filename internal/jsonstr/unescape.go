package jsonstr

// Block unescapers: the reverse of the block escapers of escape.go, and the second place where
// assembly writes output. They copy and decode long stretches of escape-dense ASCII (markup inside a
// string: VAST, HTML, quoted JSON) in a single pass.
//
// NOTE: stop lists (unquote_list.go) cost about 6 ns a stop on the realistic VAST string (a \" writes
// two entries, the walk re-reads each), which put unquoting at 1.3-1.5 GB/s against 8 GB/s to quote
// the same text. Fused into the scan, as in the block escapers, a two-byte escape is a table load, a
// byte store and one 32-byte copy. The fence is the escapers': the output is a Go slice and the
// unescaper writes only inside it, checking the room itself before every block; it reads only inside
// its input; its pure-Go twin below defines every byte it writes, and the tests compare the two at
// every alignment and room, and against inaccessible pages on both sides.
//
// The contract, shared by the twin and the assembly: from the start of src, blocks of 32 bytes are
// taken while 64 bytes of input are left from the block and unblockRoom bytes of dst are left from
// where the block's first byte goes. Each byte of a block that is not a stop of the default scan is
// written as itself; a backslash followed by the letter of a two-byte escape (unescapeTable) is
// written as the byte it stands for, and the letter is skipped. Any other stop (the closing quote, a
// control byte, a byte from 0x80 up, \u, a bad escape) ends the work before it, except in the last
// lane of a block, where the next block starts at it instead (so an escape never straddles two
// blocks). The results are how many bytes of src were consumed and how many of dst were written.
// Bytes of dst past the written ones may be overwritten.

// unblockRoom is the output one block may need: decoding never lengthens, and the copy after an
// escape in lane 30 ends 64 bytes past the block's first output byte.
const unblockRoom = 64

// unescapeBlocks runs the block unescaper on src into dst. It needs useUnescape.
func unescapeBlocks[S ~string | ~[]byte](dst []byte, src S) (consumed, written int) {
	switch v := any(src).(type) {
	case string:
		return unescapeDefault(dst, v, &unescapeTable)
	case []byte:
		return unescapeDefaultBytes(dst, v, &unescapeTable)
	}
	// A named string or byte-slice type: the pure-Go twin.
	return unescapeBlocksGeneric(dst, src)
}

// unescapeBlocksGeneric is the pure-Go twin of the block unescapers, one byte at a time; it is their
// definition.
func unescapeBlocksGeneric[S ~string | ~[]byte](dst []byte, src S) (consumed, written int) {
	i, o := 0, 0
	for i+64 <= len(src) && o+unblockRoom <= len(dst) {
		next := i + 32
		for k := i; k < i+32; k++ {
			c := src[k]
			if Default.class[c] == plain {
				dst[o] = c
				o++
				continue
			}
			if k == i+31 {
				next = k // a stop in the last lane starts the next block
				break
			}
			e := unescapeTable[src[k+1]]
			if c != '\\' || e == 0 {
				return k, o
			}
			dst[o] = e
			o++
			k++
		}
		i = next
	}
	return i, o
}

// appendUnescaped goes on with AppendUnquote or DecodeString from src[i] (nothing pending) with the
// block unescaper while at least 64 bytes are left: \u escapes (unescapeRun) and valid text from
// 0x80 up (at most listTries times) are decoded in Go between its calls. It returns dst, with
// everything before the returned index appended, and where the word loop goes on: at a stop that
// loop handles (the closing quote, a control byte, a bad escape, invalid UTF-8, a bad or unpaired
// \u escape) or fewer than 64 bytes before the end.
func appendUnescaped[S ~string | ~[]byte](dst []byte, src S, i int, strict bool) ([]byte, int) {
	for tries := listTries; len(src)-i >= 64; {
		if cap(dst)-len(dst) < unblockRoom {
			// DecodeString's src runs on past the literal: grow as the value needs, not by what is
			// left of src.
			dst = growValue(dst, src, i, i, unblockRoom+min(len(src)-i, 1024), strict)
		}
		c, w := unescapeBlocks(dst[len(dst):cap(dst)], src[i:])
		dst = dst[:len(dst)+w]
		if i += c; len(src)-i < 64 {
			break
		}
		switch b := src[i]; {
		case b == '\\':
			if src[i+1] != 'u' {
				if c == 0 {
					return dst, i // a bad escape
				}
				continue // out of room
			}
			j := i
			if dst, i = unescapeRun(dst, src, i, strict); i == j {
				return dst, i // a bad or lone \u: the word loop names it
			}
		case b >= 0x80:
			// NOTE: as in appendBlocks, text full of non-ASCII characters is left to the word loop
			// after listTries stretches of it: a block call per word costs more than it saves.
			if tries--; tries == 0 {
				return dst, i
			}
			j := skipValid(src, i, unquoteText)
			if j == i {
				return dst, i
			}
			dst = append(dst, src[i:j]...)
			i = j
		default:
			if c == 0 && b != '"' && b >= 0x20 {
				continue // out of room
			}
			return dst, i
		}
	}
	return dst, i
}

// runGap is how many plain bytes in a row unescapeRun copies one at a time before it hands back
// to the block unescaper.
//
// NOTE: text written with \u escapes has short ASCII gaps (spaces, punctuation) between runs of
// escapes; copying them here saves a block call each. 8 is one word's worth, not tuned: the value
// is to be measured on BenchmarkQuoteLen/unquote-u (the non-ASCII corpus with every non-ASCII
// character escaped) against 4 and 16.
const runGap = 8

// unescapeRun decodes the run of escapes that starts with the \u escape at src[i], with the
// two-byte escapes and the short plain gaps between them, and returns dst and the index after the
// run. It stops at any other byte, after runGap plain bytes, before a \u escape that is bad or an
// unpaired surrogate in strict mode, and where fewer than 12 bytes are left; all of those are for
// its caller. Where it stops at once it returns i.
func unescapeRun[S ~string | ~[]byte](dst []byte, src S, i int, strict bool) ([]byte, int) {
	gap := 0
	for i+12 <= len(src) {
		c := src[i]
		if c != '\\' {
			if Default.class[c] != plain || gap == runGap {
				break
			}
			dst = append(dst, c)
			i++
			gap++
			continue
		}
		gap = 0
		if e := unescapeTable[src[i+1]]; e != 0 {
			dst = append(dst, e)
			i += 2
			continue
		}
		if src[i+1] != 'u' {
			break
		}
		r := hex4At(src, i+2)
		switch {
		case r < 0x80:
			dst = append(dst, byte(r))
		case r < 0x800:
			dst = append(dst, 0xC0|byte(r>>6), 0x80|byte(r)&0x3F)
		case r > 0xFFFF:
			return dst, i // bad hex
		case r&0xF800 != 0xD800:
			dst = append(dst, 0xE0|byte(r>>12), 0x80|byte(r>>6)&0x3F, 0x80|byte(r)&0x3F)
		case r < 0xDC00 && src[i+6] == '\\' && src[i+7] == 'u' && hex4At(src, i+8)-0xDC00 < 0x400:
			// A high surrogate and the low one after it (i+12 <= len(src)): one character beyond
			// the BMP, four bytes of UTF-8.
			c := 0x10000 + (r-0xD800)<<10 + (hex4At(src, i+8) - 0xDC00)
			dst = append(dst, 0xF0|byte(c>>18), 0x80|byte(c>>12)&0x3F, 0x80|byte(c>>6)&0x3F, 0x80|byte(c)&0x3F)
			i += 12
			continue
		default: // a lone surrogate, for unescape to replace or reject
			d, j, e := unescape(dst, src, i, strict)
			if e != nil {
				return dst, i
			}
			dst, i = d, j
			continue
		}
		i += 6
	}
	return dst, i
}

// hex4At is the value of the four hex digits at src[i:i+4], 0x10000 or more if one is not a hex
// digit (see hexTable).
func hex4At[S ~string | ~[]byte](src S, i int) uint32 {
	return hexTable[src[i]]<<12 | hexTable[src[i+1]]<<8 | hexTable[src[i+2]]<<4 | hexTable[src[i+3]]
}

// unescapeMin is the length of a literal from which AppendUnquote turns to the block unescaper.
const unescapeMin = 128
