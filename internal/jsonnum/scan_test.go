package jsonnum

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

var numberCases = []string{
	"0", "-0", "1", "-1", "12", "0.5", "-0.5", "1e5", "1E+5", "1e-5", "2.5e10", "123456789012345",
	"1234567890123456", "9007199254740993", "9223372036854775807", "9223372036854775808",
	"-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
	"99999999999999999999", "0.000123", "123456789012345e-22", "9007199254740992e0", "9007199254740993e-1",
	"1.5e-300", "4.35", "0.1e1", "100e-2", "1e22", "1e23", "-2.5E-3", "0.0000000000000000000000001", "1e400", "-1e400", "1e-400", "0.1", "1.7976931348623157e308",
	"", "-", "01", "-01", "1.", ".5", "1e", "1e+", "+1", "1.e5", "0x1", "1x", "--1", "1.5.", "00", "1ee5", "Infinity",
}

// valid is the reference: encoding/json's opinion of lit as a whole document.
func valid(lit string) bool {
	return lit != "" && json.Valid([]byte(lit)) && strings.Trim(lit, " \t\r\n") == lit
}

func TestScanAgreesWithEncodingJSON(t *testing.T) {
	for _, lit := range numberCases {
		end, c := Scan([]byte(lit), 0)
		got := c == OK && end == len(lit)
		want := valid(lit) && (lit[0] == '-' || lit[0] >= '0' && lit[0] <= '9')
		if got != want {
			t.Errorf("Scan(%q) = %d, %d; want valid=%v", lit, end, c, want)
		}
		// Followed by a delimiter, a valid literal ends before it.
		for _, after := range []string{",", "]", "}", " ", "\n"} {
			end, c := Scan([]byte(lit+after), 0)
			if want && (c != OK || end != len(lit)) {
				t.Errorf("Scan(%q) = %d, %d", lit+after, end, c)
			}
		}
	}
}

func TestParse(t *testing.T) {
	for _, lit := range numberCases {
		if end, c := Scan([]byte(lit), 0); c != OK || end != len(lit) {
			continue
		}
		b := []byte(lit)
		wantI, errI := strconv.ParseInt(lit, 10, 64)
		if gotI, c := ParseInt64(b); (c == OK) != (errI == nil) || gotI != wantI && errI == nil {
			if !(lit == "-0" && c == OK && gotI == 0) {
				t.Errorf("ParseInt64(%q) = %d, %d; strconv gives %d, %v", lit, gotI, c, wantI, errI)
			}
		}
		wantU, errU := strconv.ParseUint(lit, 10, 64)
		gotU, c := ParseUint64(b)
		if lit == "-0" {
			wantU, errU = 0, nil
		}
		if (c == OK) != (errU == nil) || errU == nil && gotU != wantU {
			t.Errorf("ParseUint64(%q) = %d, %d; strconv gives %d, %v", lit, gotU, c, wantU, errU)
		}
		wantF, errF := strconv.ParseFloat(lit, 64)
		gotF, c := ParseFloat64(b)
		if (c == OK) != (errF == nil) || errF == nil && math.Float64bits(gotF) != math.Float64bits(wantF) {
			t.Errorf("ParseFloat64(%q) = %v, %d; strconv gives %v, %v", lit, gotF, c, wantF, errF)
		}
	}
	if _, c := ParseInt64([]byte("1.5")); c != ErrNotInt {
		t.Errorf("ParseInt64(1.5) code %d", c)
	}
	if _, c := ParseUint64([]byte("-1")); c != ErrSign {
		t.Errorf("ParseUint64(-1) code %d", c)
	}
}

func FuzzScan(f *testing.F) {
	for _, lit := range numberCases {
		f.Add(lit)
	}
	f.Fuzz(func(t *testing.T, lit string) {
		end, c := Scan([]byte(lit), 0)
		got := c == OK && end == len(lit)
		want := valid(lit) && lit != "" && (lit[0] == '-' || lit[0] >= '0' && lit[0] <= '9')
		if got != want {
			t.Fatalf("Scan(%q) = %d, %d; want valid=%v", lit, end, c, want)
		}
		if !got {
			return
		}
		if f, c := ParseFloat64([]byte(lit)); c == OK {
			if w, err := strconv.ParseFloat(lit, 64); err != nil || math.Float64bits(w) != math.Float64bits(f) {
				t.Fatalf("ParseFloat64(%q) = %v; strconv %v, %v", lit, f, w, err)
			}
		}
		if i, c := ParseInt64([]byte(lit)); c == OK {
			if w, err := strconv.ParseInt(lit, 10, 64); (err != nil || w != i) && lit != "-0" {
				t.Fatalf("ParseInt64(%q) = %v; strconv %v, %v", lit, i, w, err)
			}
		}
	})
}

// TestDigitsLanes puts a non-digit in every lane after runs of every length.
func TestDigitsLanes(t *testing.T) {
	for n := 0; n < 40; n++ {
		for c := 0; c < 256; c++ {
			s := []byte(strings.Repeat("7", n) + string(rune(0)) + "12345678")
			s[n] = byte(c)
			want := n
			if c >= '0' && c <= '9' {
				want = len(s)
			}
			if got := digits(s, 0); got != want {
				t.Fatalf("digits(%q) = %d, want %d", s, got, want)
			}
		}
	}
}

// prefixRef is Prefix's reference: the number grammar as a state machine, one byte at a time.
func prefixRef(s []byte, i int) (int, bool) {
	const (
		start = iota
		minus
		zero // the leading zero, which nothing but a fraction or an exponent may follow
		integer
		point
		fraction
		exponent
		expSign
		expDigits
	)
	state := start
	for ; i < len(s); i++ {
		c := s[i]
		digit := '0' <= c && c <= '9'
		next := -1
		switch {
		case (state == start || state == minus) && c == '0':
			next = zero
		case (state == start || state == minus || state == integer) && digit:
			next = integer
		case state == start && c == '-':
			next = minus
		case (state == zero || state == integer) && c == '.':
			next = point
		case (state == point || state == fraction) && digit:
			next = fraction
		case (state == zero || state == integer || state == fraction) && (c == 'e' || c == 'E'):
			next = exponent
		case state == exponent && (c == '+' || c == '-'):
			next = expSign
		case (state == exponent || state == expSign || state == expDigits) && digit:
			next = expDigits
		}
		if next < 0 {
			break
		}
		state = next
	}
	return i, state == zero || state == integer || state == fraction || state == expDigits
}

// checkPrefix compares Prefix with prefixRef on s from i, Scan with Prefix and the check of the
// byte after it, and, where the prefix runs to the end of s, DigitsExtend with what a digit
// appended does.
func checkPrefix(t *testing.T, s []byte, i int) {
	t.Helper()
	end, ok := Prefix(s, i)
	wantEnd, wantOK := prefixRef(s, i)
	if end != wantEnd || ok != wantOK {
		t.Fatalf("Prefix(%q, %d) = %d, %v; want %d, %v", s, i, end, ok, wantEnd, wantOK)
	}
	scanEnd, c := Scan(s, i)
	wantC := ErrSyntax
	if wantOK && (wantEnd == len(s) || !continues(s[wantEnd])) {
		wantC = OK
	}
	if scanEnd != wantEnd || c != wantC {
		t.Fatalf("Scan(%q, %d) = %d, %d; want %d, %d", s, i, scanEnd, c, wantEnd, wantC)
	}
	// The fast path answers as Scan does, or not at all.
	if short := ShortEnd(s, i); short != 0 && (short != wantEnd || wantC != OK || wantEnd == len(s)) {
		t.Fatalf("ShortEnd(%q, %d) = %d; want 0, or %d with Scan's OK", s, i, short, wantEnd)
	}
	if end != len(s) {
		return
	}
	for _, d := range []byte("07") {
		longer := append(s[:len(s):len(s)], d)
		next, _ := prefixRef(longer, i)
		if got, want := DigitsExtend(s, i, end), next == len(longer); got != want {
			t.Fatalf("DigitsExtend(%q, %d, %d) = %v, but %q gives %d", s, i, end, got, longer, next)
		}
	}
}

// TestPrefixAll compares Prefix with its reference on every string of up to six bytes over the
// bytes that matter to the grammar (and two that do not), from the start and after other bytes.
func TestPrefixAll(t *testing.T) {
	const alphabet = "-+09.eEx "
	maxLen := 6
	if testing.Short() {
		maxLen = 5
	}
	s := make([]byte, 0, maxLen)
	var walk func()
	walk = func() {
		checkPrefix(t, s, 0)
		checkPrefix(t, append([]byte("1x,"), s...), 3)
		if len(s) == maxLen {
			return
		}
		for k := range len(alphabet) {
			s = append(s, alphabet[k])
			walk()
			s = s[:len(s)-1]
		}
	}
	walk()
}

// TestPrefixLanes puts every kind of byte that ends or breaks a number after runs of 0 to 20
// digits in each part of the literal (the word loops of digits), with 0 to 8 bytes after it, and
// at the end of the slice.
func TestPrefixLanes(t *testing.T) {
	pad := strings.Repeat(" ", 40)
	fronts := []string{"", "-", "1", "-9", "0.", "-12.", "3.5e", "7E+", "0e-", "1.25E"}
	stops := []string{"", "x", " ", ",", "]", ".", "e", "E", "-", "+", "0", "\x00", "\xff"}
	for _, front := range fronts {
		for n := 0; n <= 20; n++ {
			for _, stop := range stops {
				for after := 0; after <= 8; after++ {
					s := front + strings.Repeat("5", n) + stop + "12345678"[:after]
					checkPrefix(t, []byte(s), 0)
					checkPrefix(t, []byte("[1,"+s), 3)
					checkPrefix(t, []byte(s+pad), 0) // room for ShortEnd's words
				}
			}
		}
	}
}

// TestPrefixRandom compares Prefix with its reference on random strings that are mostly numbers.
func TestPrefixRandom(t *testing.T) {
	pad := []byte(strings.Repeat(" ", 34))
	rnd := rand.New(rand.NewPCG(1, 2))
	const bytes = "0123456789012345678901234567890123456789-+.eE x,]"
	for range 200_000 {
		s := make([]byte, rnd.IntN(40))
		for k := range s {
			s[k] = bytes[rnd.IntN(len(bytes))]
		}
		checkPrefix(t, s, rnd.IntN(len(s)+1))
		checkPrefix(t, append(s, pad...), rnd.IntN(len(s)+1))
	}
}

func FuzzPrefix(f *testing.F) {
	for _, lit := range numberCases {
		f.Add([]byte(lit), uint(0))
		f.Add([]byte("["+lit+"]"), uint(1))
		f.Add([]byte(lit+",                                  "), uint(0))
	}
	f.Fuzz(func(t *testing.T, s []byte, i uint) {
		checkPrefix(t, s, int(i%uint(len(s)+1)))
	})
}

// TestShortEnd checks that the fast path answers where it should (checkPrefix checks
// what it answers).
func TestShortEnd(t *testing.T) {
	pad := strings.Repeat(" ", 40)
	for in, want := range map[string]int{"7,": 1, "1316289444}": 10, "123456789012345 ": 15, "12345678]": 8,
		"1234567890123456,": 0, "0,": 1, "-1,": 2, "1.5,": 3, "-65.613616999999977]": 19, "0.000001,": 8,
		"-0.5}": 4, "123456789012345.123456789012345,": 31, "1.1234567890123456,": 18, "0.008264462809917356,": 20, "1e5,": 0, "1.5E5,": 0,
		"01,": 0, "-01,": 0, "1.,": 0, "-,": 0, "-x": 0, "1.5.5": 0, "2x": 0} {
		if got := ShortEnd([]byte(in+pad), 0); got != want {
			t.Errorf("ShortEnd(%q) = %d, want %d", in, got, want)
		}
	}
	if got := ShortEnd([]byte("1.5,"+pad[:28]), 0); got != 0 { // 32 bytes: too few for its words
		t.Errorf("ShortEnd of 32 bytes = %d, want 0", got)
	}
}
