package jsonstr

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// legacySSE matches an instruction of the legacy (non-VEX) SSE encoding on an X register.
var legacySSE = regexp.MustCompile(`^\s*(MOVQ|MOVD|MOVOU|MOVOA|MOVUPS|MOVAPS|MOVDQU|PXOR|PAND|PANDN|POR|PCMPEQB|PCMPGTB|PMOVMSKB|PSHUFB|PMINUB|PMAXUB|PSUBB|PADDB|PTEST|PSRLW|PSLLW|PALIGNR|PBLENDVB|PINSRQ|PEXTRQ)\s[^/]*\bX([0-9]|1[0-5])\b`)

// TestNoLegacySSE fails on a legacy SSE instruction in the amd64 assembly, which works with the
// Y registers of AVX2 and ends in VZEROUPPER: each must be its VEX form (VMOVQ, VPXOR, ...).
//
// NOTE: one MOVQ AX, X6 at the start of textVecDefault (legacy SSE, before the VPBROADCASTB that
// spreads it) made every call cost about 330 ns on this project's Xeon instead of 13 (a
// transition penalty between the two encodings): the default policy's text scan, which quoting
// with stream.Minimal and every string decode run, took 25% of Marshal of twitter.json.
func TestNoLegacySSE(t *testing.T) {
	files, err := filepath.Glob("*_amd64.s")
	if err != nil || len(files) == 0 {
		t.Fatalf("no assembly found: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range regexp.MustCompile("\n").Split(string(b), -1) {
			if legacySSE.MatchString(line) {
				t.Errorf("%s:%d: legacy SSE instruction, use its VEX form: %s", f, i+1, line)
			}
		}
	}
}
