package rawfield

import "unsafe"

// An eface is the layout of an empty interface: its dynamic type, and the word that holds the
// value or points to it.
type eface struct {
	typ, data unsafe.Pointer
}

// typeWord is the type word of an interface holding a T (the conversion of T's zero value
// allocates nothing).
func typeWord[T any]() unsafe.Pointer {
	var x any = *new(T)
	return (*eface)(unsafe.Pointer(&x)).typ
}

var (
	float64Word = typeWord[float64]()
	stringWord  = typeWord[string]()
	sliceWord   = typeWord[[]any]()
)

// BoxFloat64 returns the interface holding *p, as any(*p) does, without copying the value: the
// interface points at p, as the one any(*p) builds points at its own copy (a float64 is not held in
// the data word itself). The caller keeps the rules of an interface's copy: nothing writes *p
// again, and p lies in the heap (in a slab of values handed out one by one, which stays alive as
// long as any interface points into it), never in a stack frame.
func BoxFloat64(p *float64) any {
	return *(*any)(unsafe.Pointer(&eface{float64Word, unsafe.Pointer(p)}))
}

// BoxString is BoxFloat64 for a string: the interface points at the string header *p, under the
// same rules.
func BoxString(p *string) any {
	return *(*any)(unsafe.Pointer(&eface{stringWord, unsafe.Pointer(p)}))
}

// BoxSlice is BoxFloat64 for a []any: the interface points at the slice header *p, under the same
// rules.
func BoxSlice(p *[]any) any {
	return *(*any)(unsafe.Pointer(&eface{sliceWord, unsafe.Pointer(p)}))
}
