package codec

import (
	"math"

	"github.com/stridejson/stride/internal/rawfield"
)

// Slabs for the values Unmarshal into any makes: the float64s, strings and []any that interfaces
// hold, and the elements of short arrays, are handed out of larger blocks, one allocation per
// block instead of one per value.
//
// NOTE: boxing a float64 or a string in an interface allocates its copy (runtime.convT64 and
// convTstring, and convTslice for an array's header): 11% of Unmarshal of canada.json into any
// (pprof), whose 111,000 numbers came in 55,000 arrays of two, each array two allocations more. A
// block lives as long as any value handed out of it; blocks are at most maxSlab bytes, so what one
// value can keep alive is bounded, and a block is never reused: a value handed out is never written
// again. A value taken out of its interface is a copy (a float64, a string header, a slice header)
// and keeps no block alive, except through the elements of an array. The bytes of strings are not
// cut from blocks, for that reason: a string taken out of a document and kept would keep its
// neighbours' bytes alive.
type slabs struct {
	floats []float64
	strs   []string
	elems  []any
	arrays [][]any
}

const (
	minSlab      = 64   // bytes of a call's first block of each kind
	maxSlab      = 4096 // bytes of the largest block
	maxSlabElems = 16   // the longest array whose elements are cut from a block
)

// slabLen is the number of elements of size bytes in the block after one of n: blocks double
// from minSlab bytes up to maxSlab, so a call that makes few values pays for few.
func slabLen(n int, size int) int {
	return min(max(2*n, minSlab/size), maxSlab/size)
}

// float returns f in an interface.
func (s *slabs) float(f float64) any {
	if f == 0 && !math.Signbit(f) {
		return float64(0) // the runtime's static zero: no allocation
	}
	if len(s.floats) == cap(s.floats) {
		s.floats = make([]float64, 0, slabLen(cap(s.floats), 8))
	}
	s.floats = append(s.floats, f)
	return rawfield.BoxFloat64(&s.floats[len(s.floats)-1])
}

// str returns v in an interface.
func (s *slabs) str(v string) any {
	if v == "" {
		return ""
	}
	if len(s.strs) == cap(s.strs) {
		s.strs = make([]string, 0, slabLen(cap(s.strs), 16))
	}
	s.strs = append(s.strs, v)
	return rawfield.BoxString(&s.strs[len(s.strs)-1])
}

// array returns in an interface a new []any holding vals: cut from a block when it is short,
// with its capacity its length, so that appending to it copies it rather than writing over its
// neighbour's.
func (s *slabs) array(vals []any) any {
	var a []any
	if n := len(vals); n == 0 || n > maxSlabElems {
		a = append(make([]any, 0, n), vals...)
	} else {
		if cap(s.elems)-len(s.elems) < n {
			s.elems = make([]any, 0, slabLen(cap(s.elems), 16))
		}
		i := len(s.elems)
		s.elems = append(s.elems, vals...)
		a = s.elems[i : i+n : i+n]
	}
	if len(s.arrays) == cap(s.arrays) {
		s.arrays = make([][]any, 0, slabLen(cap(s.arrays), 24))
	}
	s.arrays = append(s.arrays, a)
	return rawfield.BoxSlice(&s.arrays[len(s.arrays)-1])
}
