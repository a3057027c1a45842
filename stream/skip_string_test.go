package stream

import (
	"bytes"
	"testing"

	"github.com/stridejson/stride/internal/jsonnum"
	"github.com/stridejson/stride/internal/jsonstr"
)

// refSkipString is what skipping a string literal must find, one byte at a time from the grammar
// (RFC 8259, section 7), with bytes from 0x80 up taken as they come: the index after the closing
// quote, or ok false for an invalid or unterminated literal.
func refSkipString(buf []byte, i int) (end int, ok bool) {
	for i++; i < len(buf); i++ {
		switch c := buf[i]; {
		case c == '"':
			return i + 1, true
		case c < 0x20:
			return 0, false
		case c == '\\':
			if i+1 >= len(buf) {
				return 0, false
			}
			switch buf[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if i+6 > len(buf) {
					return 0, false
				}
				for _, h := range buf[i+2 : i+6] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return 0, false
					}
				}
				i += 5
			default:
				return 0, false
			}
		}
	}
	return 0, false
}

// checkSkipString holds skipString to the reference, and its hand-over index to the kernel: from
// there, the kernel must find what it finds from the start.
func checkSkipString(t *testing.T, buf []byte) {
	t.Helper()
	want, ok := refSkipString(buf, 0)
	end, from := skipString(buf, 0)
	if end > 0 {
		if !ok || end != want {
			t.Fatalf("skipString(%q) = %d; reference %d, %v", buf, end, want, ok)
		}
		return
	}
	if from < 1 || from > len(buf) || ok && from >= want {
		t.Fatalf("skipString(%q) hands over at %d; reference %d, %v", buf, from, want, ok)
	}
	kEnd, _, _, kErr := jsonstr.ScanStringFrom(buf, 1, true, false, true)
	fEnd, _, _, fErr := jsonstr.ScanStringFrom(buf, from, false, false, true)
	if kEnd != fEnd || (kErr == nil) != (fErr == nil) || kErr != nil && (kErr.Code != fErr.Code || kErr.Offset != fErr.Offset) {
		t.Fatalf("%q: the kernel from %d gives %d, %v; from the start %d, %v", buf, from, fEnd, fErr, kEnd, kErr)
	}
	if (kErr == nil) != ok || ok && kEnd != want {
		t.Fatalf("%q: kernel %d, %v; reference %d, %v", buf, kEnd, kErr, want, ok)
	}
}

// TestSkipStringMatrix puts every kind of stop at every lane of the words (0 to 40 plain bytes, ASCII
// or not, before it) with 0 to 9 bytes after it, and runs of escapes back to back.
func TestSkipStringMatrix(t *testing.T) {
	stops := []string{`"`, `\n"`, `\""`, `\\`, `\u00e9"`, `\uD83D\uDE00"`, `\u12G4"`, `\u12`, `\x"`, `\`,
		"\x01\"", "\x1f\"", "\x7f\"", "\xff\"", "\xe2\x82\xac\"", "\xc3", "\x80\x80\""}
	fills := []string{"a", "\xc3\xa9", "\xe2\x82\xac", "\xff", " "}
	for _, stop := range stops {
		for _, fill := range fills {
			for n := 0; n <= 40; n++ {
				for after := 0; after <= 9; after++ {
					b := []byte{'"'}
					for len(b) < n+1 {
						b = append(b, fill...)
					}
					b = append(b, stop...)
					b = append(b, bytes.Repeat([]byte{'x'}, after)...)
					checkSkipString(t, b)
				}
			}
		}
	}
	for _, s := range []string{`"` + string(bytes.Repeat([]byte(`\n`), 300)) + `"`,
		`"` + string(bytes.Repeat([]byte("\xe2\x82\xac"), 400)) + `"`, `"` + string(bytes.Repeat([]byte("ab"), 2000)) + `\x"`,
		// Both ways on after skipHandOver bytes: ASCII (to the kernel), or text (the words go on).
		`"` + string(bytes.Repeat([]byte("a"), skipHandOver+40)) + "\xc3\xa9\x01\"",
		`"\xc3\xa9` + string(bytes.Repeat([]byte("a"), skipHandOver+40)) + "\x01\"",
		`"\xc3\xa9` + string(bytes.Repeat([]byte("a"), 3*skipHandOver)) + `\u00e9"x`} {
		checkSkipString(t, []byte(s))
	}
}

func FuzzSkipString(f *testing.F) {
	f.Add([]byte(`"abc\n\u00e9"`))
	f.Add([]byte("\"\xff\x01\""))
	f.Fuzz(func(t *testing.T, b []byte) {
		checkSkipString(t, append([]byte{'"'}, b...))
	})
}

// TestPlainEnd holds plainEnd to the kernel: whenever it answers, the kernel must find the same end
// and a plain literal; and it must answer for short plain ASCII in a buffer with room after it.
func TestPlainEnd(t *testing.T) {
	stops := []string{`"`, `\n"`, "\x01\"", "\x7f\"", "\xc3\xa9\"", "\xff\"", `\`, ""}
	for _, stop := range stops {
		for n := 0; n <= 72; n++ {
			for after := 0; after <= 9; after++ {
				b := append([]byte{'"'}, bytes.Repeat([]byte{'a'}, n)...)
				b = append(b, stop...)
				b = append(b, bytes.Repeat([]byte{'x'}, after)...)
				end, to := plainEnd(b, 0)
				kEnd, plain, err := jsonstr.ScanString(b, 0, true)
				if end > 0 && (err != nil || !plain || kEnd != end) {
					t.Fatalf("plainEnd(%q) = %d; kernel %d, plain %v, %v", b, end, kEnd, plain, err)
				}
				checkPlainTo(t, b, end, to)
				// It must not give up on what it is for: the quote within 64 bytes, 8 readable.
				if stop == `"` && n < 64 && len(b) >= n+1+8-n%8 && end == 0 {
					t.Errorf("plainEnd(%q) gave up", b)
				}
			}
		}
	}
}

// checkPlainTo holds plainEnd's hand-on point to its promise: when it gives up, b[1:to] is ASCII
// with no quote, backslash or control byte, and decoding from there gives what decoding from the
// start gives.
func checkPlainTo(t *testing.T, b []byte, end, to int) {
	t.Helper()
	if end > 0 {
		return
	}
	if to < 1 || to > len(b) {
		t.Fatalf("plainEnd(%q) gave up at %d", b, to)
	}
	for _, c := range b[1:to] {
		if c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			t.Fatalf("plainEnd(%q) gave up at %d, past %q", b, to, c)
		}
	}
	for _, strict := range []bool{false, true} {
		o1, e1, p1, err1 := jsonstr.DecodeString([]byte("x"), b, 0, strict)
		o2, e2, p2, err2 := jsonstr.DecodeStringFrom([]byte("x"), b, 0, to, strict)
		if string(o1) != string(o2) || e1 != e2 || p1 != p2 || (err1 == nil) != (err2 == nil) {
			t.Fatalf("DecodeStringFrom(%q, from %d) = %q %d %v %v; from the start %q %d %v %v", b, to, o2, e2, p2, err2, o1, e1, p1, err1)
		}
	}
}

func FuzzPlainEnd(f *testing.F) {
	f.Add([]byte(`abc"xxxxxxxx`))
	f.Fuzz(func(t *testing.T, b []byte) {
		b = append([]byte{'"'}, b...)
		end, to := plainEnd(b, 0)
		checkPlainTo(t, b, end, to)
		if end > 0 {
			kEnd, plain, err := jsonstr.ScanString(b, 0, true)
			if err != nil || !plain || kEnd != end {
				t.Fatalf("plainEnd(%q) = %d; kernel %d, plain %v, %v", b, end, kEnd, plain, err)
			}
		}
	})
}

// checkNumberEnd holds numberEnd to the number scan of internal/jsonnum: when it answers, the scan
// must accept the literal and end at the same index, before the end of buf.
func checkNumberEnd(t *testing.T, b []byte) {
	t.Helper()
	end := numberEnd(b, 0)
	kEnd, code := jsonnum.Scan(b, 0)
	if end > 0 && (code != jsonnum.OK || kEnd != end || end >= len(b)) {
		t.Fatalf("numberEnd(%q) = %d; jsonnum.Scan %d, %v", b, end, kEnd, code)
	}
	if end == 0 && code == jsonnum.OK && kEnd < len(b) {
		t.Fatalf("numberEnd(%q) gave up on a number that ends at %d", b, kEnd)
	}
	if s := shortIntEnd(b, 0); s > 0 && s != end { // the fast path answers as numberEnd, or not at all
		t.Fatalf("shortIntEnd(%q) = %d, numberEnd %d", b, s, end)
	}
}

func TestNumberEnd(t *testing.T) {
	lits := []string{"0", "-0", "7", "-12", "123456789012345678901", "0.5", "1.25", "-3.14159265358979",
		"1e5", "1E+5", "2e-05", "6.02e23", "00", "01", "-", "1.", ".5", "1e", "1e+", "--1", "+1", "0x1F",
		"1.2.3", "1ee5", "9" + string(bytes.Repeat([]byte("0"), 40)), "1316289444", "12345678", "123456789012345",
		"1234567890123456", "10", "19.5", "1234567e3"}
	for _, lit := range lits {
		for _, after := range []string{"", ",", "]", "}", " ", "\n", "x", "0", ".", "e", "-", "+", "\"", "é"} {
			checkNumberEnd(t, []byte(lit+after))
			checkNumberEnd(t, []byte(lit+after+"        "))
		}
	}
}

// TestShortIntEnd checks that the fast path answers where it should (checkNumberEnd checks what
// it answers).
func TestShortIntEnd(t *testing.T) {
	for in, want := range map[string]int{"7,              ": 1, "1316289444}     ": 10,
		"123456789012345 ": 15, "12345678]       ": 8, "1234567890123456,       ": 0, "0,              ": 0,
		"-1,             ": 0, "1.5,            ": 0, "1,": 0} {
		if got := shortIntEnd([]byte(in), 0); got != want {
			t.Errorf("shortIntEnd(%q) = %d, want %d", in, got, want)
		}
	}
}

func FuzzNumberEnd(f *testing.F) {
	f.Add([]byte("-12.5e+3,"))
	f.Fuzz(func(t *testing.T, b []byte) { checkNumberEnd(t, b) })
}
