package jsonnum

import "github.com/stridejson/stride/internal/jsonstr"

// QuickFloat reads a number literal at s[i] in one pass: it returns the index just past the literal,
// its value, and true. It takes the literals with at most 19 significant digits and an exponent of
// at most four digits whose value one of the fast conversions gives exactly: Clinger's (a mantissa
// below 2^53 scaled by an exact power of ten, |e| <= 22, one rounding) or else Eisel-Lemire's (see
// lemire.go). For any other bytes (a longer literal, a value the fast conversions decline, an error)
// it reports false and the caller goes the long way (ParseFloat64 falls back to strconv); whenever it
// gives an answer, it is strconv.ParseFloat's (FuzzQuickFloat, TestQuickFloatRandom).
//
// When end == len(s) a streaming reader must not trust the answer: the literal may go on.
// NOTE: scanning a literal and then parsing it read every digit twice, and three times with the
// significant-digit count ParseFloat64 took before. In one pass, coordinates ("0.313478" in
// marine_ik.json, 17-digit ones in canada.json) and ratios ("0.0006988752666567719" in
// golang_source.json) cost a digit scan and a conversion per eight digits.
func QuickFloat(s []byte, i int) (end int, f float64, ok bool) {
	neg := false
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	j, m := DigitRun(s, i, 0)
	n := j - i
	if n == 0 || n > 19 || n > 1 && s[i] == '0' {
		return 0, 0, false
	}
	nd, e := n, 0 // significant digits in m; the power of ten it is scaled by
	if m == 0 {
		nd = 0
	}
	if j < len(s) && s[j] == '.' {
		k, mf := DigitRun(s, j+1, m)
		d := s[j+1 : k]
		if len(d) == 0 {
			return 0, 0, false
		}
		e = -len(d)
		if nd += len(d); nd > 19 {
			if m != 0 {
				return 0, 0, false
			}
			// Zeros after "0." are not significant: the literal may still fit.
			z := 0
			for z < len(d) && d[z] == '0' {
				z++
			}
			if d = d[z:]; len(d) > 19 {
				return 0, 0, false
			}
			mf = appendDigits(0, d)
		}
		m = mf
		j = k
	}
	if j < len(s) && s[j]|0x20 == 'e' {
		k, eneg := j+1, false
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			eneg = s[k] == '-'
			k++
		}
		l := digits(s, k)
		if l == k || l-k > 4 {
			return 0, 0, false
		}
		x := int(appendDigits(0, s[k:l]))
		if eneg {
			x = -x
		}
		e += x
		j = l
	}
	if j < len(s) && continues(s[j]) {
		return 0, 0, false
	}
	switch {
	case m == 0:
		f = 0
	case m < 1<<53 && -22 <= e && e <= 22:
		f = float64(m)
		if e >= 0 {
			f *= pow10[e]
		} else {
			f /= pow10[-e]
		}
	default:
		if f, ok = lemire(m, e, false); !ok {
			return 0, 0, false
		}
	}
	if neg {
		f = -f
	}
	return j, f, true
}

// DigitRun reads the run of ASCII digits at s[i:] onto m (m*10^n plus their value, for n digits)
// and returns its end and that value, in one pass: each word is tested for digits and converted
// together, where a scan for the end and then a conversion read every digit twice. The value is
// exact while it fits in 64 bits (within 19 digits), and modulo 2^64 beyond; callers check the
// count before using it.
//
// NOTE: canada.json's 15- to 17-digit coordinates spent most of QuickFloat's time in the two
// passes (the digit scan, then appendDigits).
func DigitRun(s []byte, i int, m uint64) (int, uint64) {
	for i+8 <= len(s) {
		w := jsonstr.Load64(s, i)
		nd := NonDigits(w)
		if nd == 0 {
			m = m*100_000_000 + DigitsValue(w)
			i += 8
			continue
		}
		if k := jsonstr.FirstLane(nd); k > 0 {
			m = m*pow10u[k] + DigitsValue(w<<(64-8*k))
			i += k
		}
		return i, m
	}
	for i < len(s) && s[i]-'0' < 10 {
		m = m*10 + uint64(s[i]-'0')
		i++
	}
	return i, m
}
