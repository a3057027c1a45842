//go:build !purego

#include "textflag.h"

// The stop scans of scan.go with AVX2, 32 bytes per compare. Each routine returns the index of the
// first stop in its input, or the input's length when there is none. An input shorter than 32 bytes
// is not read at all: the routine returns 0 and leaves it to the Go caller.
//
// Loads never leave [base, base+len): whole 32-byte blocks from the start while they fit, then one
// block that ends exactly at the last byte. That block overlaps bytes already found plain, so its
// first stop is still the first stop of the input.
//
// Each routine has two entry points, for a string and for a []byte argument (their frames differ in
// where the arguments after the first and the result go); both load the base, the length and the
// result's address into registers and jump to one body.

#include "stops_amd64.h"

// func vecDefault(s string) int
TEXT ·vecDefault(SB), NOSPLIT, $0-24
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	LEAQ ret+16(FP), R8
	JMP  indexdefaultbody<>(SB)

// func vecDefaultBytes(b []byte) int
TEXT ·vecDefaultBytes(SB), NOSPLIT, $0-32
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	LEAQ ret+24(FP), R8
	JMP  indexdefaultbody<>(SB)

// indexdefaultbody scans SI[0:BX] and stores the result at (R8).
TEXT indexdefaultbody<>(SB), NOSPLIT, $0
	XORQ DI, DI
	CMPQ BX, $32
	JB   short // fewer than 32 bytes: read nothing, return 0

	MOVL         $0x20, AX
	VMOVQ        AX, X0
	VPBROADCASTB X0, Y0
	MOVL         $0x22, AX // '"'
	VMOVQ        AX, X1
	VPBROADCASTB X1, Y1
	MOVL         $0x5c, AX // '\\'
	VMOVQ        AX, X2
	VPBROADCASTB X2, Y2
	INDEX_LOOP(STOPS4_DEFAULT)

short:
	MOVQ DI, (R8)
	RET

// func vecExtra(s string, x *slots) int
TEXT ·vecExtra(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ x+16(FP), R10
	LEAQ ret+24(FP), R8
	JMP  indexextrabody<>(SB)

// func vecExtraBytes(b []byte, x *slots) int
TEXT ·vecExtraBytes(SB), NOSPLIT, $0-40
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	MOVQ x+24(FP), R10
	LEAQ ret+32(FP), R8
	JMP  indexextrabody<>(SB)

// indexextrabody scans SI[0:BX] with the slots at (R10) and stores the result at (R8).
TEXT indexextrabody<>(SB), NOSPLIT, $0
	XORQ DI, DI
	CMPQ BX, $32
	JB   short // fewer than 32 bytes: read nothing, return 0

	MOVL         $0x20, AX
	VMOVQ        AX, X0
	VPBROADCASTB X0, Y0
	VPBROADCASTB 0(R10), Y1  // or[0]
	VPBROADCASTB 8(R10), Y2  // or[1]
	VPBROADCASTB 16(R10), Y3 // or[2]
	VPBROADCASTB 24(R10), Y4 // or[3]
	VPBROADCASTB 32(R10), Y5 // eq[0]
	VPBROADCASTB 40(R10), Y6 // eq[1]
	VPBROADCASTB 48(R10), Y7 // eq[2]
	VPBROADCASTB 56(R10), Y8 // eq[3]
	INDEX_LOOP(STOPS4_EXTRA)

short:
	MOVQ DI, (R8)
	RET

// func vecSet(s string, t *nibbles) int
TEXT ·vecSet(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ t+16(FP), R10
	LEAQ ret+24(FP), R8
	JMP  indexsetbody<>(SB)

// func vecSetBytes(b []byte, t *nibbles) int
TEXT ·vecSetBytes(SB), NOSPLIT, $0-40
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	MOVQ t+24(FP), R10
	LEAQ ret+32(FP), R8
	JMP  indexsetbody<>(SB)

// indexsetbody scans SI[0:BX] with the nibble tables at (R10) and stores the result at (R8).
TEXT indexsetbody<>(SB), NOSPLIT, $0
	XORQ DI, DI
	CMPQ BX, $32
	JB   short // fewer than 32 bytes: read nothing, return 0

	SET_CONSTS(R10)
	INDEX_LOOP(STOPS4_SET)

short:
	MOVQ DI, (R8)
	RET
