package jsonstr

// The stop scans the kernels call. Each returns the index of the first stop in s at or after i, or
// len(s). Where the machine has vector scans (index_amd64.s: AVX2) and enough input is left, they run
// those; otherwise the pure-Go word scans of scan.go. Both give the same answer for every input.
//
// The vector routines scan and classify only: they return an index, and Go does all copying and
// writing. They cannot be generic, so each has a string and a []byte entry point; a named string or
// byte-slice type (never used by this module's callers) takes the pure-Go path.
//
// NOTE: vecMin is where the vector call starts to pay. Measured with BenchmarkIndex on AMD EPYC (Zen,
// AVX2), plain text ending in a stop: at 32 bytes the AVX2 default scan takes 6.2 ns against 10.7 ns
// for the word scan, at 48 bytes 6.7 ns against 10.0 ns; from 64 bytes the gap widens (20 KB: 58 GiB/s
// against 6.8 GiB/s).
const vecMin = 32

// indexDefault finds the next '"', '\\', control byte, or byte from 0x80 up.
func indexDefault[S ~string | ~[]byte](s S, i int) int {
	if useVector && len(s)-i >= vecMin {
		return indexDefaultVec(s, i)
	}
	return indexDefaultGeneric(s, i)
}

// indexExtra is indexDefault with the stops of the masked-equality slots x as well.
func indexExtra[S ~string | ~[]byte](s S, i int, x *slots, class *[256]uint8) int {
	if useVector && len(s)-i >= vecMin {
		return indexExtraVec(s, i, x, class)
	}
	return indexExtraGeneric(s, i, x, class)
}
