package jsonstr

import (
	"testing"

	"github.com/stridejson/stride/internal/corpus"
)

// checkDecode holds DecodeString to ScanString (end, plain, errors) and AppendUnquote (value).
func checkDecode(t *testing.T, s string) {
	for _, strict := range []bool{false, true} {
		wantEnd, wantPlain, wantErr := ScanString(s, 0, strict)
		out, end, plain, err := DecodeString([]byte("x"), s, 0, strict)
		if (err == nil) != (wantErr == nil) || err != nil && (err.Code != wantErr.Code || err.Offset != wantErr.Offset) {
			t.Fatalf("strict=%v DecodeString(%q) error %v; ScanString %v", strict, s, err, wantErr)
		}
		if err != nil {
			if string(out) != "x" {
				t.Fatalf("DecodeString(%q) changed dst on error: %q", s, out)
			}
			continue
		}
		if end != wantEnd || plain != wantPlain {
			t.Fatalf("strict=%v DecodeString(%q) = %d, %v; ScanString %d, %v", strict, s, end, plain, wantEnd, wantPlain)
		}
		want, uerr := AppendUnquote([]byte("x"), s[:end], strict)
		if uerr != nil {
			t.Fatalf("AppendUnquote(%q): %v", s[:end], uerr)
		}
		if plain {
			if string(out) != "x" || "x"+s[1:end-1] != string(want) {
				t.Fatalf("DecodeString(%q) plain, but dst %q, value %q", s, out, want)
			}
		} else if string(out) != string(want) {
			t.Fatalf("strict=%v DecodeString(%q) = %q; AppendUnquote %q", strict, s, out, want)
		}
	}
}

func TestDecodeString(t *testing.T) {
	corpus.UnquoteInputs(func(lit string) {
		if len(lit) > 0 && lit[0] == '"' {
			checkDecode(t, lit)
			checkDecode(t, lit+`, "next"`)
		}
	})
	for _, lit := range []string{`"\ud83d\ude00"`, `"\ud83d"`, `"a\ud83d\u0041"`, "\"\xe2\x82\"", "\"\xe2\x82", `"\`, `"\u12`, `"ab\\\\\\"c"x`, `"a\u12x4"`} {
		checkDecode(t, lit)
	}
}

func FuzzDecodeString(f *testing.F) {
	for _, s := range corpus.UnquoteStops {
		f.Add(`"` + corpus.PlainRun(5) + s + corpus.PlainRun(3) + s + `"`)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 0 && s[0] == '"' {
			checkDecode(t, s)
		}
		checkDecode(t, `"`+s+`"`)
	})
}
