//go:build !purego

package jsonstr

// CPU feature detection for the vector scans. The standard library's internal/cpu cannot be imported
// and the module takes no dependencies, so the two instructions it needs are a few lines of
// assembly (cpu_amd64.s).

// cpuid executes CPUID with EAX = leaf and ECX = sub and returns the four result registers.
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv executes XGETBV with ECX = 0 and returns XCR0 (the state the OS saves on a context switch).
func xgetbv() (eax, edx uint32)

// hasAVX2 reports whether the CPU has AVX2 and the OS saves the YMM registers. AVX2 alone is not
// enough: without OS support (CPUID.1:ECX.OSXSAVE and the SSE and AVX bits of XCR0) the upper halves
// of the registers are not preserved across context switches, and AVX instructions fault.
func hasAVX2() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&0b110 != 0b110 { // bit 1: XMM state, bit 2: YMM state
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	const avx2 = 1 << 5
	return ebx7&avx2 != 0
}

// hasListCPU reports whether the CPU has the scalar instructions of the list scans: BMI1 (TZCNT,
// BLSR) and POPCNT.
func hasListCPU() bool {
	_, _, ecx1, _ := cpuid(1, 0)
	_, ebx7, _, _ := cpuid(7, 0)
	const popcnt, bmi1 = 1 << 23, 1 << 3
	return ecx1&popcnt != 0 && ebx7&bmi1 != 0
}

// hasSkipCPU reports whether the CPU has what SkipBlocks needs beside AVX2: PCLMULQDQ and POPCNT.
func hasSkipCPU() bool {
	_, _, ecx1, _ := cpuid(1, 0)
	const pclmulqdq, popcnt = 1 << 1, 1 << 23
	return ecx1&pclmulqdq != 0 && ecx1&popcnt != 0
}
