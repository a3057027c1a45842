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
	XORQ AX, AX
	CMPQ BX, $32
	JB   dshort // fewer than 32 bytes: read nothing, return 0

	// Broadcast the three constants to every lane.
	MOVL         $0x20, AX
	MOVQ         AX, X0
	VPBROADCASTB X0, Y0
	MOVL         $0x22, AX // '"'
	MOVQ         AX, X1
	VPBROADCASTB X1, Y1
	MOVL         $0x5c, AX // '\\'
	MOVQ         AX, X2
	VPBROADCASTB X2, Y2

	XORQ DI, DI // DI = offset of the next block

dloop64:
	// Two blocks per turn while 64 bytes are left: one branch per 64 bytes.
	LEAQ    64(DI), AX
	CMPQ    AX, BX
	JA      dloop32
	VMOVDQU (SI)(DI*1), Y3
	VMOVDQU 32(SI)(DI*1), Y4
	STOPS_DEFAULT(Y3, Y5, Y6, Y7)
	STOPS_DEFAULT(Y4, Y8, Y6, Y7)
	VPOR    Y5, Y8, Y6
	VPTEST  Y6, Y6
	JNZ     dfound64
	MOVQ    AX, DI
	JMP     dloop64

dfound64:
	// A stop in one of the two blocks: the first block's mask wins if it has one.
	VPMOVMSKB Y5, AX // bit k set when lane k is a stop
	TESTL     AX, AX
	JNZ       dfound
	VPMOVMSKB Y8, AX
	ADDQ      $32, DI
	JMP       dfound

dloop32:
	// At most one whole block is left (fewer than 64 bytes).
	LEAQ      32(DI), AX
	CMPQ      AX, BX
	JA        dlast
	VMOVDQU   (SI)(DI*1), Y3
	STOPS_DEFAULT(Y3, Y5, Y6, Y7)
	VPMOVMSKB Y5, AX
	TESTL     AX, AX
	JNZ       dfound
	ADDQ      $32, DI
	JMP       dloop32

dlast:
	// 0 to 31 bytes are left: test the last 32 bytes of the input, overlapping.
	CMPQ      DI, BX
	JEQ       dnotfound
	LEAQ      -32(BX), DI
	VMOVDQU   (SI)(DI*1), Y3
	STOPS_DEFAULT(Y3, Y5, Y6, Y7)
	VPMOVMSKB Y5, AX
	TESTL     AX, AX
	JNZ       dfound
	JMP       dnotfound

dnotfound:
	MOVQ BX, AX // no stop: the length
	VZEROUPPER
	MOVQ AX, (R8)
	RET

dfound:
	BSFL AX, AX // the lowest set bit is the first stop's lane
	ADDQ DI, AX // plus the block's offset
	VZEROUPPER
	MOVQ AX, (R8)
	RET

dshort:
	MOVQ AX, (R8)
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
	XORQ AX, AX
	CMPQ BX, $32
	JB   xshort // fewer than 32 bytes: read nothing, return 0

	// Broadcast 0x20 and the low byte of each slot word (every byte of a slot word is the same).
	MOVL         $0x20, AX
	MOVQ         AX, X0
	VPBROADCASTB X0, Y0
	VPBROADCASTB 0(R10), Y1  // or[0]
	VPBROADCASTB 8(R10), Y2  // or[1]
	VPBROADCASTB 16(R10), Y3 // or[2]
	VPBROADCASTB 24(R10), Y4 // or[3]
	VPBROADCASTB 32(R10), Y5 // eq[0]
	VPBROADCASTB 40(R10), Y6 // eq[1]
	VPBROADCASTB 48(R10), Y7 // eq[2]
	VPBROADCASTB 56(R10), Y8 // eq[3]

	XORQ DI, DI // DI = offset of the next block

xloop64:
	LEAQ    64(DI), AX
	CMPQ    AX, BX
	JA      xloop32
	VMOVDQU (SI)(DI*1), Y9
	VMOVDQU 32(SI)(DI*1), Y10
	STOPS_EXTRA(Y9, Y11, Y13)
	STOPS_EXTRA(Y10, Y12, Y14)
	VPOR    Y11, Y12, Y13
	VPTEST  Y13, Y13
	JNZ     xfound64
	MOVQ    AX, DI
	JMP     xloop64

xfound64:
	VPMOVMSKB Y11, AX
	TESTL     AX, AX
	JNZ       xfound
	VPMOVMSKB Y12, AX
	ADDQ      $32, DI
	JMP       xfound

xloop32:
	LEAQ      32(DI), AX
	CMPQ      AX, BX
	JA        xlast
	VMOVDQU   (SI)(DI*1), Y9
	STOPS_EXTRA(Y9, Y11, Y13)
	VPMOVMSKB Y11, AX
	TESTL     AX, AX
	JNZ       xfound
	ADDQ      $32, DI
	JMP       xloop32

xlast:
	CMPQ      DI, BX
	JEQ       xnotfound
	LEAQ      -32(BX), DI
	VMOVDQU   (SI)(DI*1), Y9
	STOPS_EXTRA(Y9, Y11, Y13)
	VPMOVMSKB Y11, AX
	TESTL     AX, AX
	JNZ       xfound

xnotfound:
	MOVQ BX, AX // no stop: the length
	VZEROUPPER
	MOVQ AX, (R8)
	RET

xfound:
	BSFL AX, AX // the lowest set bit is the first stop's lane
	ADDQ DI, AX // plus the block's offset
	VZEROUPPER
	MOVQ AX, (R8)
	RET

xshort:
	MOVQ AX, (R8)
	RET
