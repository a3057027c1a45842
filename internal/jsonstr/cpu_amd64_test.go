//go:build !purego && linux

package jsonstr

import (
	"os"
	"strings"
	"testing"
)

// TestHasAVX2MatchesKernel compares the CPUID/XGETBV check with the flags the Linux kernel reports,
// which already account for OS support.
func TestHasAVX2MatchesKernel(t *testing.T) {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skipf("no /proc/cpuinfo: %v", err)
	}
	for _, line := range strings.Split(string(info), "\n") {
		name, flags, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(name) != "flags" {
			continue
		}
		want := false
		for _, f := range strings.Fields(flags) {
			want = want || f == "avx2"
		}
		if got := hasAVX2(); got != want {
			t.Fatalf("hasAVX2() = %v, /proc/cpuinfo says avx2 = %v", got, want)
		}
		if useVector != want {
			t.Fatalf("useVector = %v, want %v", useVector, want)
		}
		return
	}
	t.Skip("no flags line in /proc/cpuinfo")
}
