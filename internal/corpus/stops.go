package corpus

import "strings"

// QuoteStops holds one of every kind of character the quoting kernels stop at.
var QuoteStops = []string{
	`"`, `\`, "\n", "\t", "\x00", "\x01", "\x1f", "\x7f", "<", ">", "&", "/", "#", "'", "a",
	"\u2028", "\u2029", "\u00e9", "\u0416", "\u4e2d", "\U0001F600", "\uffff", "\U0010FFFF",
	"\xff", "\x80", "\xc0\xaf", "\xe2\x82", "\xed\xa0\x80", "\xf0\x9f\x98", "\xf4\x90\x80\x80",
	"\xc2\x80", "\xdf\xbf", "\xe0\xa0\x80", "\xe0\x9f\xbf", "\xed\x9f\xbf", "\xee\x80\x80",
	"\xf0\x90\x80\x80", "\xf0\x8f\xbf\xbf", "\xf4\x8f\xbf\xbf", "\xf5\x80\x80\x80", "\xe2\x80\xa8\xa9",
}

const filler = "The quick brown fox jumps over the lazy dog. 0123456789"

// PlainRun returns n bytes of ASCII text with nothing to escape under the default policy.
func PlainRun(n int) string { return strings.Repeat(filler, n/len(filler)+1)[:n] }

// QuoteInputs yields every stop preceded by 0 to 20 plain bytes and followed by 0 to 8, then stops
// back to back, so that each stop lands in every lane of a word and at the very end.
func QuoteInputs(yield func(string)) {
	for _, stop := range QuoteStops {
		for pre := 0; pre <= 20; pre++ {
			for post := 0; post <= 8; post++ {
				yield(PlainRun(pre) + stop + PlainRun(post))
			}
		}
		for _, other := range QuoteStops {
			yield(stop + other)
			yield(PlainRun(9) + stop + other + stop)
		}
	}
	yield("")
	yield(PlainRun(100))
}

// UnquoteStops holds one of every kind of thing the unquoting kernels stop at: escapes, raw
// multi-byte characters, invalid bytes, and the broken forms that must be errors.
var UnquoteStops = []string{
	`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\u0041`, `\u00e9`, `\u4E2D`, `\uffff`,
	`\ud83d\ude00`, `\uD83D\uDE00`, `\ud800`, `\udc00`, `\ud800\u0041`, `\ud800\ud800\udc00`, `\udc00\ud800`,
	"\u00e9", "\u4e2d", "\U0001F600", "\u2028", "\xff", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80",
	"\xe0\x9f\xbf", "\xf0\x8f\xbf\xbf", "\xc1\xbf", "\xf0\x90\x80\x80",
	// errors
	`\x`, `\u12`, `\u12g4`, `\`, "\n", "\x00", "\x1f", `"`,
}

// UnquoteInputs yields every unquoting stop, including broken ones, inside literals in every lane,
// back to back and cut short, and a few malformed literals.
func UnquoteInputs(yield func(string)) {
	for _, stop := range UnquoteStops {
		for pre := 0; pre <= 20; pre++ {
			for post := 0; post <= 8; post++ {
				yield(`"` + PlainRun(pre) + stop + PlainRun(post) + `"`)
			}
		}
		for _, other := range UnquoteStops {
			yield(`"` + stop + other + `"`)
			yield(`"` + PlainRun(9) + stop + other + stop + `"`)
		}
		yield(`"` + PlainRun(12) + stop) // cut short
	}
	for _, s := range []string{``, `"`, `""`, `"abc`, `abc"`, `"abc"x`, `"abc" `, `"\`, `"\"`, `"\u`, `"\ud800\`} {
		yield(s)
	}
}
