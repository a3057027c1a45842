package jsonstr

import "slices"

// Block escapers: the one place where assembly writes output. They copy and escape long stretches of
// escape-dense ASCII (markup inside a string: VAST, HTML) in a single pass, for the scanDefault and
// scanExtra policies.
//
// NOTE: an exception to "assembly scans, Go copies", made for speed and fenced for safety. Stop lists
// (list.go) with the copies and escapes written in Go reached 4.1 GB/s on the realistic VAST string
// and 2.4 GB/s HTML-safe; the stores are not the limit there, the Go walk's instructions per stop
// are (bounds checks, spills, copy's overlap test). Fused into the scan, a stop costs about a dozen
// instructions. The fence: the escaper takes its output as a Go slice and writes only inside it,
// checking the room itself before every block (a caller cannot make it write past the slice, whatever
// it passes); it reads only inside its input; its pure-Go twin below defines every byte it writes,
// and the tests compare the two at every alignment and room, and against inaccessible pages on both
// sides.
//
// The contract, shared by the twin and the assembly: from the start of src, blocks of 32 bytes are
// taken while 64 bytes of input are left from the block and blockRoom bytes of dst are left from where
// the block's first byte goes. Each byte of a block is written as itself or, if its class is not
// plain, as its escape from the policy's enc table; a byte from 0x80 up ends the work before it. The
// results are how many bytes of src were consumed and how many of dst were written. Bytes of dst past
// the written ones may be overwritten.

// blockRoom is the output one block may need: 32 escapes of up to 6 bytes, and the last store's reach.
const blockRoom = 224

// escapeBlocks runs the block escaper of p on src into dst. It needs useEscape, and useSet for a
// scanTable policy.
func escapeBlocks[S ~string | ~[]byte](dst []byte, src S, p *Policy) (consumed, written int) {
	switch v := any(src).(type) {
	case string:
		switch p.scan {
		case scanDefault:
			return escapeDefault(dst, v, &p.enc, &p.encN)
		case scanTable:
			return escapeSet(dst, v, &p.set, &p.enc, &p.encN)
		}
		return escapeExtra(dst, v, &p.slots, &p.enc, &p.encN)
	case []byte:
		switch p.scan {
		case scanDefault:
			return escapeDefaultBytes(dst, v, &p.enc, &p.encN)
		case scanTable:
			return escapeSetBytes(dst, v, &p.set, &p.enc, &p.encN)
		}
		return escapeExtraBytes(dst, v, &p.slots, &p.enc, &p.encN)
	}
	// A named string or byte-slice type: the pure-Go twin.
	return escapeBlocksGeneric(dst, src, p)
}

// escapeBlocksGeneric is the pure-Go twin of the block escapers, one byte at a time through the
// class table; it is their definition.
func escapeBlocksGeneric[S ~string | ~[]byte](dst []byte, src S, p *Policy) (consumed, written int) {
	i, o := 0, 0
	for i+64 <= len(src) && o+blockRoom <= len(dst) {
		for k := i; k < i+32; k++ {
			c := src[k]
			switch {
			case p.class[c] == plain:
				dst[o] = c
				o++
				continue
			case c >= 0x80:
				return k, o
			}
			for b := range int(p.encN[c]) {
				dst[o+b] = byte(p.enc[c] >> (8 * b))
			}
			o += int(p.encN[c])
		}
		i += 32
	}
	return i, o
}

// appendBlocks goes on with AppendEscaped from src[i] (nothing pending) with the block escaper while
// at least 64 bytes are left, text from 0x80 up in bulk between its calls (at most listTries times).
// It returns where the word loop goes on, with everything before it appended.
func appendBlocks[S ~string | ~[]byte](dst []byte, src S, i int, p *Policy) ([]byte, int, *Error) {
	for tries := listTries; len(src)-i >= 64; {
		if cap(dst)-len(dst) < 2*blockRoom {
			dst = slices.Grow(dst, 2*blockRoom+(len(src)-i)/4)
		}
		c, w := escapeBlocks(dst[len(dst):cap(dst)], src[i:], p)
		dst = dst[:len(dst)+w]
		if i += c; len(src)-i < 64 {
			break
		}
		if src[i] < 0x80 {
			continue // out of room
		}
		if tries--; tries == 0 {
			break
		}
		var err *Error
		if dst, i, err = appendText(dst, src, i, p); err != nil {
			return dst, i, err
		}
	}
	return dst, i, nil
}
