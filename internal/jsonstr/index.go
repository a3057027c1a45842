package jsonstr

// The stop scans the kernels call, and their pure-Go twins. Each returns the index of the first stop
// in s at or after i, or len(s). Where the machine has vector scans (index_amd64.s: AVX2, chosen at
// start-up; index_arm64.s: NEON, always) and a long run is left, the word loops of scan.go hand over
// to them; the twins never do. Both give the same answer for every input, which the tests check.
//
// The vector routines scan and classify only: they return an index, and Go does the copying and
// writing (the block escapers of escape.go are the one exception). They cannot be generic, so each
// has a string and a []byte entry point; a named string or byte-slice type (never used by this
// module's callers) stays on the word loops.
//
// NOTE: vecMin is where the vector call starts to pay. Measured with BenchmarkIndex on AMD EPYC (Zen,
// AVX2), plain text ending in a stop: at 32 bytes the AVX2 default scan takes 6.2 ns against 10.7 ns
// for the word scan, at 48 bytes 6.7 ns against 10.0 ns; from 64 bytes the gap widens (20 KB: 58 GiB/s
// against 6.8 GiB/s).
const vecMin = 32

// handOver is how many plain bytes the word loops test before they hand over to the vector scan.
//
// NOTE: measured with BenchmarkIndexDense (a stop every d bytes, 20 KB; the fastest of at least 15
// runs, as the machine was shared) on AMD EPYC with AVX2. The hand-over costs about 4 ns (the type
// switch, the call, the constants, the latency of a vector compare and mask, VZEROUPPER), several
// 16-byte word turns. Handing over after 32 bytes made d = 40 36% slower than the word loop alone;
// after 64 bytes, stops closer than 64 bytes never reach the call, the worst spacing is d = 72 (20%
// slower), d = 104 is 10% faster and d = 256 2.2 times as fast; after 96 bytes the worst case moves
// to d = 104 (15% slower) and long runs gain less.
const handOver = 64

// indexDefault finds the next '"', '\\', control byte, or byte from 0x80 up.
func indexDefault[S ~string | ~[]byte](s S, i int) int { return wordsDefault(s, i, true) }

// indexDefaultGeneric is indexDefault in pure Go.
func indexDefaultGeneric[S ~string | ~[]byte](s S, i int) int { return wordsDefault(s, i, false) }

// indexExtra is indexDefault with the stops of the masked-equality slots x as well; class is the
// policy's byte-class table, which agrees with x.
func indexExtra[S ~string | ~[]byte](s S, i int, x *slots, class *[256]uint8) int {
	return wordsExtra(s, i, x, class, true)
}

// indexExtraGeneric is indexExtra in pure Go.
func indexExtraGeneric[S ~string | ~[]byte](s S, i int, x *slots, class *[256]uint8) int {
	return wordsExtra(s, i, x, class, false)
}
