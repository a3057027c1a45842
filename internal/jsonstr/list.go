package jsonstr

// Stop lists: a vector scan that writes down where every stop of a long stretch of input is, so the
// kernels walk the list instead of calling a scan once per stop. Escape-dense text (markup inside a
// string: VAST, HTML, quoted JSON) has a stop every 10 to 30 bytes; one scan per stop costs a call, a
// vector set-up and a memmove each time, while a list costs about a cycle per stop to build and
// leaves the Go loop with no branch that depends on the data but "is this run long".
//
// A list scan reads whole 64-byte blocks of s from the start, and for each block appends to pos the
// offsets in s of the block's stops, in order. It stops before a block that does not fit in s, or
// when fewer than 64 entries of pos are free (so a block never overflows it), and returns how many
// entries it wrote and how many bytes of s its blocks covered, a multiple of 64. A stop is exactly a
// byte whose class in the policy's table is not plain: the lists are for scanDefault and scanExtra
// policies, whose word and vector tests are exact per byte.
//
// The assembly only classifies; the kernels copy and write in Go.

// listCap is the size of a stop list: 512 bytes of stack (which Go zeroes on every call; 2 KB cost
// 7% on a 20 KB string), and room for the stops of at least one block.
const listCap = 128

// listSpan bounds the bytes one list scan is given, so offsets fit in uint32 whatever the input.
const listSpan = 1 << 16

// listMin is the length of input from which a kernel turns to stop lists.
//
// NOTE: measured with BenchmarkQuoteLen (the start of the realistic VAST string, a stop about every
// 20 bytes; AMD EPYC, AVX2; fastest of 5 runs). With lists from 128 bytes, quoting 128 bytes took
// 77 ns against 107 ns for the word loop, 256 bytes 101 against 175, 2 KB 487 against 1073, and
// unquoting gained as much; at 96 bytes the two were even, and plain text of 100 bytes lost 10 ns
// to the list's set-up (zeroing it, the call).
const listMin = 128

// stopList fills pos with the stops of s[:covered] under p (a scanDefault or scanExtra policy), as
// described above. It needs useList.
func stopList[S ~string | ~[]byte](s S, p *Policy, pos *[listCap]uint32) (n, covered int) {
	if len(s) > listSpan {
		s = s[:listSpan]
	}
	if p.scan == scanTable {
		// NOTE: not reached from the quoting kernels, which take the block escapers wherever the
		// list scans run (useEscape is useList on amd64); kept exact all the same.
		return listGeneric(s, &p.class, pos)
	}
	switch v := any(s).(type) {
	case string:
		if p.scan == scanDefault {
			return listDefault(v, pos)
		}
		return listExtra(v, &p.slots, pos)
	case []byte:
		if p.scan == scanDefault {
			return listDefaultBytes(v, pos)
		}
		return listExtraBytes(v, &p.slots, pos)
	}
	// A named string or byte-slice type: the pure-Go twin.
	return listGeneric(s, &p.class, pos)
}

// listGeneric is the pure-Go twin of the list scans, one byte at a time through the class table.
// The tests compare the vector scans with it.
func listGeneric[S ~string | ~[]byte](s S, class *[256]uint8, pos *[listCap]uint32) (n, covered int) {
	if len(s) > listSpan {
		s = s[:listSpan]
	}
	for covered+64 <= len(s) && n <= listCap-64 {
		for j := covered; j < covered+64; j++ {
			if class[s[j]] != plain {
				pos[n] = uint32(j)
				n++
			}
		}
		covered += 64
	}
	return n, covered
}
