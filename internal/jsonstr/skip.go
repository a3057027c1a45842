package jsonstr

// Skipping a string literal needs less than reading one: outside strict strings, a byte from 0x80
// up is never an error (invalid UTF-8 reads as U+FFFD), and the value is not wanted, so only '"',
// '\\' and control bytes stop the scan (QuoteStops). The scans that read a literal stop at every
// non-ASCII byte as well, to validate the UTF-8 that decides whether a value can be handed out as
// a view; a skip does not need that, and on text such as twitter.json's the difference is most of
// the time spent in strings. The token layer's skip and the codecs' cursor both use SkipString.

// skipHandOver is how many bytes of one literal SkipString scans with words before it hands the rest
// to IndexQuote, a vector scan for the same stops where the machine has one.
//
// NOTE: words for the first bytes keep short literals (most of them) clear of the call; measured in
// CPU time per op against the kernel-only skip this replaced, with 128: twitter.json 1.56 -> 1.86
// GB/s, 64-byte plain strings unchanged (with 64 they lost 14%). The vector scan then takes the
// 20 KB non-ASCII string from 3.4 us (words) to 0.35 us, and the 20 KB plain one stays at 0.35 us.
const skipHandOver = 128

// skipListAfter is how many escapes SkipString steps over one by one, in a long literal, before it
// hands the rest to SkipEscaped's stop lists.
const skipListAfter = 16

// SkipString finds the end of the string literal whose opening quote is at buf[i], as far as buf
// goes, checking what a skip outside StrictStrings must check. It returns the index after the
// closing quote, or end 0 and from, the index from which the string kernel must go on: every byte
// of the literal before from is valid and none of them ends it. It gives up (from after the opening
// quote) at anything the kernel must report as an error, so errors come from one place; and it gives
// up at the end of buf, where a stream reader refills.
func SkipString(buf []byte, i int) (end, from int) {
	i++
	start := i
	limit := min(len(buf), i+skipHandOver)
	vec, escapes := false, 0
	for {
		if vec {
			if escapes == skipListAfter {
				// Dense with escapes (markup): stop lists from here, once.
				escapes++
				i = SkipEscaped(buf, i)
			}
			if i = IndexQuote(buf, i); i >= len(buf) {
				return 0, i // the end of buf
			}
			goto stop
		}
		for i+16 <= limit {
			a, b := QuoteStops(Load64(buf, i)), QuoteStops(Load64(buf, i+8))
			if a|b != 0 {
				if a != 0 {
					i += FirstLane(a)
				} else {
					i += 8 + FirstLane(b)
				}
				goto stop
			}
			i += 16
		}
		if limit < len(buf) && i+16 > limit {
			vec = true // a long literal: the vector scan for the rest
			continue
		}
		for ; i < limit; i++ {
			if c := buf[i]; c < 0x20 || c == '"' || c == '\\' {
				goto stop
			}
		}
		return 0, i // the end of buf
	stop:
		switch buf[i] {
		case '"':
			return i + 1, 0
		case '\\':
			n := EscapeLen(buf, i)
			if n == 0 {
				return 0, start
			}
			i += n
			escapes++
		default:
			return 0, start // a control byte: the kernel reports it
		}
	}
}

// EscapeLen returns the length of the escape sequence at buf[i] (a '\\'), or 0 when it is not a
// valid one or runs past the end of buf. Outside StrictStrings any \uXXXX is valid, surrogate or not.
func EscapeLen(buf []byte, i int) int {
	if i+1 >= len(buf) {
		return 0
	}
	switch buf[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if i+6 <= len(buf) && isHexDigit[buf[i+2]] && isHexDigit[buf[i+3]] && isHexDigit[buf[i+4]] && isHexDigit[buf[i+5]] {
			return 6
		}
	}
	return 0
}

var isHexDigit = [256]bool{
	'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true, '9': true,
	'a': true, 'b': true, 'c': true, 'd': true, 'e': true, 'f': true,
	'A': true, 'B': true, 'C': true, 'D': true, 'E': true, 'F': true,
}
