//go:build !purego

#include "textflag.h"
#include "stops_amd64.h"

// func vecQuote(b []byte) int
//
// IndexQuote's scan with AVX2: the first '"', '\\' or control byte (unsigned below 0x20: min(b,
// 0x1f) == b), 64 bytes per turn, then 32, then one block ending at the last byte (it overlaps
// bytes found plain). An input shorter than 32 bytes is not read and gives 0.
TEXT ·vecQuote(SB), NOSPLIT, $0-32
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	XORQ AX, AX
	CMPQ BX, $32
	JB   qshort

	MOVL         $0x1f, AX
	MOVQ         AX, X0
	VPBROADCASTB X0, Y0
	MOVL         $0x22, AX // '"'
	MOVQ         AX, X1
	VPBROADCASTB X1, Y1
	MOVL         $0x5c, AX // '\\'
	MOVQ         AX, X2
	VPBROADCASTB X2, Y2
	XORQ         DI, DI

qloop64:
	LEAQ    64(DI), AX
	CMPQ    AX, BX
	JA      qloop32
	VMOVDQU (SI)(DI*1), Y3
	VMOVDQU 32(SI)(DI*1), Y4
	STOPS_QUOTE(Y3, Y5, Y7)
	STOPS_QUOTE(Y4, Y6, Y7)
	VPOR    Y5, Y6, Y7
	VPTEST  Y7, Y7
	JNZ     qfound64
	MOVQ    AX, DI
	JMP     qloop64

qfound64:
	VPMOVMSKB Y5, AX
	TESTL     AX, AX
	JNZ       qfound
	VPMOVMSKB Y6, AX
	ADDQ      $32, DI
	JMP       qfound

qloop32:
	LEAQ      32(DI), AX
	CMPQ      AX, BX
	JA        qlast
	VMOVDQU   (SI)(DI*1), Y3
	STOPS_QUOTE(Y3, Y5, Y7)
	VPMOVMSKB Y5, AX
	TESTL     AX, AX
	JNZ       qfound
	ADDQ      $32, DI
	JMP       qloop32

qlast:
	CMPQ      DI, BX
	JEQ       qnotfound
	LEAQ      -32(BX), DI
	VMOVDQU   (SI)(DI*1), Y3
	STOPS_QUOTE(Y3, Y5, Y7)
	VPMOVMSKB Y5, AX
	TESTL     AX, AX
	JNZ       qfound

qnotfound:
	VZEROUPPER
	MOVQ BX, ret+24(FP)
	RET

qfound:
	BSFL AX, AX
	ADDQ DI, AX
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

qshort:
	MOVQ AX, ret+24(FP)
	RET
