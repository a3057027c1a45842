package jsonstr

import (
	"errors"

	"github.com/stridejson/stride/internal/corpus"
	"strconv"
	"strings"
	"testing"
)

type policyCase struct {
	name  string
	flags Flags
	extra string
}

// policies covers every scan (default, extra, table) and every flag.
var policies = []policyCase{
	{"default", 0, ""},
	{"encoding/json", EscapeHTML | EscapeLineTerminators, ""},
	{"encoding/json on v2", EscapeHTML | EscapeLineTerminators | RawReplacement, ""},
	{"raw replacement", RawReplacement, ""},
	{"raw under nonascii", EscapeNonASCII | RawReplacement, ""},
	{"lineterms", EscapeLineTerminators, ""},
	{"html", EscapeHTML, ""},
	{"nonascii", EscapeNonASCII, ""},
	{"slash", EscapeSlash, ""},
	{"strict", RejectInvalidUTF8, ""},
	{"extra2", 0, "#%"},
	{"table", 0, "abcdef"},
	{"set4+html", EscapeHTML | EscapeLineTerminators, "#%*|"},
	{"set16+html", EscapeHTML | EscapeLineTerminators, "#%*|~^`$@!?;=+[]"},
	{"set-punct+del", EscapeSlash | RawReplacement, "!#$%'()*+,-.:;=?@[]^_`{|}~\x7f"},
	{"html+slash+extra", EscapeHTML | EscapeSlash, "!"},
	{"all", EscapeHTML | EscapeLineTerminators | EscapeNonASCII | EscapeSlash | RejectInvalidUTF8, "'"},
}

func checkQuote(t *testing.T, pc policyCase, p *Policy, s string) {
	t.Helper()
	want, wantErr := refQuote(s, pc.flags, pc.extra)
	// A dst with no room to spare, and one with room (filled with junk the kernels write over).
	roomy := make([]byte, 6, 6+6*len(s)+64)
	for i := range roomy[:cap(roomy)] {
		roomy[:cap(roomy)][i] = '#'
	}
	for run := range 4 {
		asBytes := run&1 == 1
		var got []byte
		var err error
		prefix := []byte("prefix")
		if run >= 2 {
			prefix = append(roomy[:0], "prefix"...)
		}
		if asBytes {
			got, err = AppendQuote(prefix, []byte(s), p)
		} else {
			got, err = AppendQuote(prefix, s, p)
		}
		if (err != nil) != (wantErr != nil) {
			t.Fatalf("%s: AppendQuote(%q) error %v, want %v", pc.name, s, err, wantErr)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Code != ErrInvalidUTF8 || wantErr.Error() != "invalid UTF-8 at "+strconv.Itoa(e.Offset) {
				t.Fatalf("%s: AppendQuote(%q) error %v, want %v", pc.name, s, err, wantErr)
			}
			if string(got) != "prefix" {
				t.Fatalf("%s: AppendQuote(%q) on error returned %q, want dst unchanged", pc.name, s, got)
			}
			continue
		}
		if string(got) != "prefix"+want {
			t.Fatalf("%s: AppendQuote(%q, bytes=%v)\n got %q\nwant %q", pc.name, s, asBytes, got[6:], want)
		}
	}
}

func TestQuoteMatrix(t *testing.T) {
	for _, pc := range policies {
		p := NewPolicy(pc.flags, pc.extra)
		quoteInputs(func(s string) { checkQuote(t, pc, p, s) })
	}
}

// TestQuoteEveryByte puts each byte (and rune) after plain runs of every length up to 16 and of
// lengths around the words of short strings (AppendQuote's plainPrefix), alone and twice (two stops
// in one word).
func TestQuoteEveryByte(t *testing.T) {
	pres := []int{23, 24, 25, 31, 32, 33, 39, 40, 47, 48, 55, 56, 57, 58, shortMax - 2, shortMax - 1, shortMax}
	for pre := 16; pre >= 0; pre-- {
		pres = append(pres, pre)
	}
	for _, pc := range policies {
		p := NewPolicy(pc.flags, pc.extra)
		for c := 0; c < 256; c++ {
			r, b := string(rune(c)), string([]byte{byte(c)})
			for _, pre := range pres {
				checkQuote(t, pc, p, plainRun(pre)+r+plainRun(3))
				checkQuote(t, pc, p, plainRun(pre)+b)
				checkQuote(t, pc, p, plainRun(pre)+b+b+plainRun(5))
			}
		}
	}
}

var (
	quoteStops    = corpus.QuoteStops
	unquoteStops  = corpus.UnquoteStops
	quoteInputs   = corpus.QuoteInputs
	unquoteInputs = corpus.UnquoteInputs
	plainRun      = corpus.PlainRun
)

func checkUnquote(t *testing.T, s string, strict bool) {
	t.Helper()
	want, wantOff, wantCode := refUnquote(s, strict)
	for _, asBytes := range []bool{false, true} {
		var got []byte
		var err error
		if asBytes {
			got, err = AppendUnquote([]byte("prefix"), []byte(s), strict)
		} else {
			got, err = AppendUnquote([]byte("prefix"), s, strict)
		}
		if wantCode != 0 {
			var e *Error
			if !errors.As(err, &e) || e.Code != wantCode || e.Offset != wantOff {
				t.Fatalf("AppendUnquote(%q, strict=%v) error %v, want %v at offset %d", s, strict, err, wantCode, wantOff)
			}
			if string(got) != "prefix" {
				t.Fatalf("AppendUnquote(%q) on error returned %q, want dst unchanged", s, got)
			}
			continue
		}
		if err != nil || string(got) != "prefix"+want {
			t.Fatalf("AppendUnquote(%q, strict=%v) = %q, %v; want %q", s, strict, got, err, "prefix"+want)
		}
	}
	checkScan(t, s, strict, wantCode)
}

// checkScan holds ScanString to the same verdict as AppendUnquote: the same end, plain exactly when
// the value is the literal's inside, and an error whenever the literal itself is broken.
func checkScan(t *testing.T, s string, strict bool, wantCode Code) {
	t.Helper()
	if len(s) == 0 || s[0] != '"' {
		return
	}
	end, plain, err := ScanString(s, 0, strict)
	switch wantCode {
	case 0:
		if err != nil || end != len(s) {
			t.Fatalf("ScanString(%q, strict=%v) = %d, %v; want end %d", s, strict, end, err, len(s))
		}
		val, _, _ := refUnquote(s, strict)
		if wantPlain := !strings.Contains(s, `\`) && val == s[1:len(s)-1]; plain != wantPlain {
			t.Fatalf("ScanString(%q) plain = %v, want %v", s, plain, wantPlain)
		}
	case ErrTrailing:
		if err != nil || end >= len(s) {
			t.Fatalf("ScanString(%q) = %d, %v; want the end of the first literal", s, end, err)
		}
	case ErrBadHex:
		if err == nil || (err.Code != ErrBadHex && err.Code != ErrUnterminated) {
			t.Fatalf("ScanString(%q) error %v, want %v", s, err, wantCode)
		}
	default:
		if err == nil || err.Code != wantCode && !(wantCode == ErrLoneSurrogate && err.Code == ErrUnterminated) {
			t.Fatalf("ScanString(%q, strict=%v) error %v, want %v", s, strict, err, wantCode)
		}
	}
}

func TestUnquoteMatrix(t *testing.T) {
	for _, strict := range []bool{false, true} {
		unquoteInputs(func(s string) { checkUnquote(t, s, strict) })
	}
}

func TestUnquoteEveryByte(t *testing.T) {
	for _, strict := range []bool{false, true} {
		for c := 0; c < 256; c++ {
			for pre := 0; pre < 17; pre++ {
				checkUnquote(t, `"`+plainRun(pre)+string([]byte{byte(c)})+plainRun(2)+`"`, strict)
				checkUnquote(t, `"`+plainRun(pre)+`\`+string([]byte{byte(c)})+`"`, strict)
			}
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, pc := range policies {
		p := NewPolicy(pc.flags, pc.extra)
		quoteInputs(func(s string) {
			q, err := AppendQuote(nil, s, p)
			if err != nil {
				return
			}
			v, err := AppendUnquote(nil, q, true)
			want, _, _ := refUnquote(string(q), false)
			if err != nil || string(v) != want {
				t.Fatalf("%s: unquote(quote(%q)) = %q, %v", pc.name, s, v, err)
			}
			if isValidUTF8(s) && string(v) != s {
				t.Fatalf("%s: unquote(quote(%q)) = %q", pc.name, s, v)
			}
		})
	}
}

func isValidUTF8(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			i++
			continue
		}
		_, size := decodeRune(s, i)
		if size == 0 {
			return false
		}
		i += size
	}
	return true
}

func TestScanStringOffsets(t *testing.T) {
	s := `{"a":"x\"y","b":"plain"}`
	end, plain, err := ScanString(s, 5, false)
	if err != nil || end != 11 || plain {
		t.Fatalf("ScanString escaped = %d, %v, %v", end, plain, err)
	}
	end, plain, err = ScanString(s, 16, false)
	if err != nil || end != 23 || !plain {
		t.Fatalf("ScanString plain = %d, %v, %v", end, plain, err)
	}
	// A literal cut inside an escape reports ErrUnterminated at the end, so a reader can refill.
	for _, cut := range []string{`"ab\`, `"ab\u12`, `"\ud83d`, `"\ud83d\`, `"\ud83d\ude`} {
		if _, _, err := ScanString(cut, 0, true); err == nil || err.Code != ErrUnterminated || err.Offset != len(cut) {
			t.Errorf("ScanString(%q) error %v, want unterminated at %d", cut, err, len(cut))
		}
	}
}

func TestNewPolicyPanicsOnNonASCII(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("NewPolicy accepted a non-ASCII extra byte")
		}
	}()
	NewPolicy(0, "é")
}

func TestPolicyScanChoice(t *testing.T) {
	for _, tc := range []struct {
		flags Flags
		extra string
		scan  uint8
	}{
		{0, "", scanDefault},
		{EscapeLineTerminators | EscapeNonASCII | RejectInvalidUTF8, "\"\\\n", scanDefault},
		{EscapeHTML | EscapeLineTerminators, "", scanExtra},
		{EscapeHTML | EscapeSlash, "", scanExtra},
		{EscapeHTML | EscapeSlash, "<>", scanExtra},
		{EscapeHTML | EscapeSlash, "!", scanTable},
	} {
		if got := NewPolicy(tc.flags, tc.extra).scan; got != tc.scan {
			t.Errorf("NewPolicy(%b, %q).scan = %d, want %d", tc.flags, tc.extra, got, tc.scan)
		}
	}
}
