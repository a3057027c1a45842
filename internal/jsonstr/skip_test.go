package jsonstr

import (
	"bytes"
	"testing"
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

// checkSkipString holds SkipString to the reference, and its hand-over index to the kernel: from
// there, the kernel must find what it finds from the start.
func checkSkipString(t *testing.T, buf []byte) {
	t.Helper()
	want, ok := refSkipString(buf, 0)
	end, from := SkipString(buf, 0)
	if end > 0 {
		if !ok || end != want {
			t.Fatalf("SkipString(%q) = %d; reference %d, %v", buf, end, want, ok)
		}
		return
	}
	if from < 1 || from > len(buf) || ok && from >= want {
		t.Fatalf("SkipString(%q) hands over at %d; reference %d, %v", buf, from, want, ok)
	}
	kEnd, _, _, kErr := ScanStringFrom(buf, 1, true, false, true)
	fEnd, _, _, fErr := ScanStringFrom(buf, from, false, false, true)
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
