//go:build !purego

#include "textflag.h"
#include "stops_amd64.h"

// func vecQuote(b []byte) int
//
// IndexQuote's scan with AVX2: the first '"', '\\' or control byte (STOPS_QUOTE), by INDEX_LOOP.
// An input shorter than 32 bytes is not read and gives 0.
TEXT ·vecQuote(SB), NOSPLIT, $0-32
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	LEAQ ret+24(FP), R8
	JMP  quotebody<>(SB)

TEXT quotebody<>(SB), NOSPLIT, $0
	XORQ DI, DI
	CMPQ BX, $32
	JB   short // fewer than 32 bytes: read nothing, return 0

	MOVL         $0x1f, AX
	VMOVQ        AX, X0
	VPBROADCASTB X0, Y0
	MOVL         $0x22, AX // '"'
	VMOVQ        AX, X1
	VPBROADCASTB X1, Y1
	MOVL         $0x5c, AX // '\\'
	VMOVQ        AX, X2
	VPBROADCASTB X2, Y2
	INDEX_LOOP(STOPS4_QUOTE)

short:
	MOVQ DI, (R8)
	RET
