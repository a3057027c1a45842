package jsonstr

import (
	"testing"

	"github.com/stridejson/stride/internal/corpus"
)

// scanPieces scans lit as a reader would that sees it grow by step bytes at a time, resuming where
// each cut scan said to, and returns what the last scan said.
func scanPieces(lit string, step int, strict bool) (end int, plain bool, err *Error) {
	from, plainBefore := 1, true
	for n := min(step, len(lit)); ; n = min(n+step, len(lit)) {
		s := []byte(lit[:n])
		var resume int
		end, resume, plain, err = ScanStringFrom(s, from, plainBefore, strict, n == len(lit))
		if end >= 0 || err != nil {
			return end, plain, err
		}
		if n == len(lit) || resume < from || resume > n {
			panic("bad resume")
		}
		from, plainBefore = resume, plain
	}
}

// skipPieces is scanPieces for SkipStringFrom.
func skipPieces(lit string, step int) int {
	from := 1
	for n := min(step, len(lit)); ; n = min(n+step, len(lit)) {
		end, resume := SkipStringFrom([]byte(lit[:n]), from, n == len(lit))
		if end >= 0 {
			return end
		}
		if n == len(lit) || resume < from || resume > n {
			panic("bad resume")
		}
		from = resume
	}
}

func checkResume(t *testing.T, lit string) {
	wantEnd, _, wantErr := ScanString(lit, 0, false)
	if wantErr != nil {
		wantEnd = min(wantErr.Offset+1, len(lit))
	}
	for _, step := range []int{1, 2, 3, 5, 7, 13, 64, 100, len(lit)} {
		if end := skipPieces(lit, max(step, 1)); end != wantEnd {
			t.Fatalf("SkipStringFrom, step %d, %q: end %d; ScanString gives %d, %v", step, lit, end, wantEnd, wantErr)
		}
	}
	for _, strict := range []bool{false, true} {
		wantEnd, wantPlain, wantErr := ScanString(lit, 0, strict)
		for _, step := range []int{1, 2, 3, 5, 7, 13, 64} {
			end, plain, err := scanPieces(lit, step, strict)
			if (err == nil) != (wantErr == nil) || err != nil && (err.Code != wantErr.Code || err.Offset != wantErr.Offset) ||
				err == nil && (end != wantEnd || plain != wantPlain) {
				t.Fatalf("strict=%v step %d %q: got %d %v %v; ScanString gives %d %v %v", strict, step, lit, end, plain, err, wantEnd, wantPlain, wantErr)
			}
		}
	}
}

func TestScanStringFromMatchesScanString(t *testing.T) {
	corpus.UnquoteInputs(func(lit string) {
		if len(lit) > 0 && lit[0] == '"' {
			checkResume(t, lit)
		}
	})
	for _, lit := range []string{`"\ud83d\ude00"`, `"\ud83d"`, `"a\ud83d\u0041"`, "\"\xf0\x9f\x98\x80\"", "\"\xe2\x82\"", "\"\xe2\x82", `"\`, `"\u12`, `"ab\\\\\\"c"x`} {
		checkResume(t, lit)
	}
}

func FuzzScanStringFrom(f *testing.F) {
	for _, s := range corpus.UnquoteStops {
		f.Add(`"` + corpus.PlainRun(5) + s + corpus.PlainRun(3) + s + `"`)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 0 && s[0] == '"' {
			checkResume(t, s)
		}
		checkResume(t, `"`+s+`"`)
	})
}
