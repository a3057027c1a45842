package jsonnum

// QuickFloat reads the most common number literals, those of at most 15 digits and no exponent
// ("-12", "0.25", "3.141592653589"), at s[i] in one pass: it returns the index just past the literal,
// its value, and true. For any other bytes (a longer literal, an exponent, an error) it reports false
// and the caller goes the long way, Scan then ParseFloat64, whose answers it gives whenever it gives
// one (FuzzQuickFloat). With 15 digits the mantissa is below 2^53 and the scale at most 10^15, both
// exact float64 values, so one division rounds correctly (Clinger's fast path).
//
// When end == len(s) a streaming reader must not trust the answer: the literal may go on.
// NOTE: these literals are most of the numbers in coordinate arrays (marine_ik.json: "0.313478"),
// where scanning and then parsing read every digit twice.
func QuickFloat(s []byte, i int) (end int, f float64, ok bool) {
	neg := false
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	j := digits(s, i)
	n := j - i
	if n == 0 || n > 15 || n > 1 && s[i] == '0' {
		return 0, 0, false
	}
	m := appendDigits(0, s[i:j])
	frac := 0
	if j < len(s) && s[j] == '.' {
		k := digits(s, j+1)
		frac = k - j - 1
		if frac == 0 || n+frac > 15 {
			return 0, 0, false
		}
		m = appendDigits(m, s[j+1:k])
		j = k
	}
	if j < len(s) && continues(s[j]) {
		return 0, 0, false
	}
	f = float64(m)
	if frac > 0 {
		f /= pow10[frac]
	}
	if neg {
		f = -f
	}
	return j, f, true
}
