//go:build !purego

#include "textflag.h"
#include "stops_amd64.h"

// The list scans of list.go with AVX2: 64 bytes per turn, tested as two 32-byte blocks whose masks
// make one 64-bit mask (bit k set when byte k of the block is a stop).
//
// Registers of both bodies: SI the input, BX its length, DX the list, CX the entries written, DI the
// offset of the block, R8 the address of the results (n, then covered).
//
// A block with stops is written down eight entries at a time, without a branch per stop (the trick of
// simdjson's flatten_bits): each entry is TZCNT of the mask plus DI, then BLSR clears that bit. When
// the mask runs out within a group of eight, the rest of the group gets DI+64, past the count: those
// entries are overwritten later or never read. A block writes at most 64 entries, and the loop goes
// on after a block with stops only while 64 entries are free. Plain blocks take one test of the two
// masks OR-ed, as in the index scans.

// POS8 writes eight entries from the mask R9 to (R12) and advances R12; R10 is scratch.
#define POS8 \
	TZCNTQ R9, R10; ADDL DI, R10; MOVL R10, 0(R12);  BLSRQ R9, R9; \
	TZCNTQ R9, R10; ADDL DI, R10; MOVL R10, 4(R12);  BLSRQ R9, R9; \
	TZCNTQ R9, R10; ADDL DI, R10; MOVL R10, 8(R12);  BLSRQ R9, R9; \
	TZCNTQ R9, R10; ADDL DI, R10; MOVL R10, 12(R12); BLSRQ R9, R9; \
	TZCNTQ R9, R10; ADDL DI, R10; MOVL R10, 16(R12); BLSRQ R9, R9; \
	TZCNTQ R9, R10; ADDL DI, R10; MOVL R10, 20(R12); BLSRQ R9, R9; \
	TZCNTQ R9, R10; ADDL DI, R10; MOVL R10, 24(R12); BLSRQ R9, R9; \
	TZCNTQ R9, R10; ADDL DI, R10; MOVL R10, 28(R12); BLSRQ R9, R9; \
	ADDQ   $32, R12

// func listDefault(s string, pos *[listCap]uint32) (n, covered int)
TEXT ·listDefault(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ pos+16(FP), DX
	LEAQ n+24(FP), R8
	JMP  listdefaultbody<>(SB)

// func listDefaultBytes(b []byte, pos *[listCap]uint32) (n, covered int)
TEXT ·listDefaultBytes(SB), NOSPLIT, $0-48
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	MOVQ pos+24(FP), DX
	LEAQ n+32(FP), R8
	JMP  listdefaultbody<>(SB)

TEXT listdefaultbody<>(SB), NOSPLIT, $0
	XORQ CX, CX
	XORQ DI, DI
	CMPQ BX, $64
	JB   ldone0 // no whole block: nothing read, no vector register touched

	MOVL         $0x20, AX
	MOVQ         AX, X0
	VPBROADCASTB X0, Y0
	MOVL         $0x22, AX // '"'
	MOVQ         AX, X1
	VPBROADCASTB X1, Y1
	MOVL         $0x5c, AX // '\\'
	MOVQ         AX, X2
	VPBROADCASTB X2, Y2

lloop:
	LEAQ      64(DI), AX
	CMPQ      AX, BX
	JA        ldone    // the next block does not fit
	VMOVDQU   (SI)(DI*1), Y3
	VMOVDQU   32(SI)(DI*1), Y4
	STOPS_DEFAULT(Y3, Y5, Y6, Y7)
	STOPS_DEFAULT(Y4, Y8, Y6, Y7)
	VPOR      Y5, Y8, Y6
	VPTEST    Y6, Y6
	JNZ       lstops
	MOVQ      AX, DI
	JMP       lloop

lstops:
	VPMOVMSKB Y5, R9
	VPMOVMSKB Y8, R10
	SHLQ      $32, R10
	ORQ       R10, R9
	POPCNTQ   R9, R11
	LEAQ      (DX)(CX*4), R12
	ADDQ      R11, CX

lflat:
	POS8
	TESTQ R9, R9
	JNZ   lflat
	MOVQ  AX, DI
	CMPQ  CX, $64 // listCap - 64: room for another block's stops?
	JBE   lloop

ldone:
	VZEROUPPER

ldone0:
	MOVQ CX, 0(R8)
	MOVQ DI, 8(R8)
	RET

// func listQuote(s string, pos *[listCap]uint32) (n, covered int)
TEXT ·listQuote(SB), NOSPLIT, $0-40
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ pos+16(FP), DX
	LEAQ n+24(FP), R8
	JMP  listquotebody<>(SB)

// func listQuoteBytes(b []byte, pos *[listCap]uint32) (n, covered int)
TEXT ·listQuoteBytes(SB), NOSPLIT, $0-48
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	MOVQ pos+24(FP), DX
	LEAQ n+32(FP), R8
	JMP  listquotebody<>(SB)

// listquotebody is listdefaultbody for IndexQuote's stops: '"', '\\' and control bytes (Y0 holds
// 0x1f: min(b, 0x1f) == b), bytes from 0x80 up not among them.
TEXT listquotebody<>(SB), NOSPLIT, $0
	XORQ CX, CX
	XORQ DI, DI
	CMPQ BX, $64
	JB   qdone0 // no whole block: nothing read, no vector register touched

	MOVL         $0x1f, AX
	MOVQ         AX, X0
	VPBROADCASTB X0, Y0
	MOVL         $0x22, AX // '"'
	MOVQ         AX, X1
	VPBROADCASTB X1, Y1
	MOVL         $0x5c, AX // '\\'
	MOVQ         AX, X2
	VPBROADCASTB X2, Y2

qloop:
	LEAQ      64(DI), AX
	CMPQ      AX, BX
	JA        qdone    // the next block does not fit
	VMOVDQU   (SI)(DI*1), Y3
	VMOVDQU   32(SI)(DI*1), Y4
	STOPS_QUOTE(Y3, Y5, Y6)
	STOPS_QUOTE(Y4, Y8, Y6)
	VPOR      Y5, Y8, Y6
	VPTEST    Y6, Y6
	JNZ       qstops
	MOVQ      AX, DI
	JMP       qloop

qstops:
	VPMOVMSKB Y5, R9
	VPMOVMSKB Y8, R10
	SHLQ      $32, R10
	ORQ       R10, R9
	POPCNTQ   R9, R11
	LEAQ      (DX)(CX*4), R12
	ADDQ      R11, CX

qflat:
	POS8
	TESTQ R9, R9
	JNZ   qflat
	MOVQ  AX, DI
	CMPQ  CX, $64 // listCap - 64: room for another block's stops?
	JBE   qloop

qdone:
	VZEROUPPER

qdone0:
	MOVQ CX, 0(R8)
	MOVQ DI, 8(R8)
	RET

// func listExtra(s string, x *slots, pos *[listCap]uint32) (n, covered int)
TEXT ·listExtra(SB), NOSPLIT, $0-48
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ x+16(FP), R13
	MOVQ pos+24(FP), DX
	LEAQ n+32(FP), R8
	JMP  listextrabody<>(SB)

// func listExtraBytes(b []byte, x *slots, pos *[listCap]uint32) (n, covered int)
TEXT ·listExtraBytes(SB), NOSPLIT, $0-56
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	MOVQ x+24(FP), R13
	MOVQ pos+32(FP), DX
	LEAQ n+40(FP), R8
	JMP  listextrabody<>(SB)

// listextrabody is listdefaultbody with the slots at (R13).
TEXT listextrabody<>(SB), NOSPLIT, $0
	XORQ CX, CX
	XORQ DI, DI
	CMPQ BX, $64
	JB   xdone0

	MOVL         $0x20, AX
	MOVQ         AX, X0
	VPBROADCASTB X0, Y0
	VPBROADCASTB 0(R13), Y1  // or[0]
	VPBROADCASTB 8(R13), Y2  // or[1]
	VPBROADCASTB 16(R13), Y3 // or[2]
	VPBROADCASTB 24(R13), Y4 // or[3]
	VPBROADCASTB 32(R13), Y5 // eq[0]
	VPBROADCASTB 40(R13), Y6 // eq[1]
	VPBROADCASTB 48(R13), Y7 // eq[2]
	VPBROADCASTB 56(R13), Y8 // eq[3]

xloop:
	LEAQ      64(DI), AX
	CMPQ      AX, BX
	JA        xdone    // the next block does not fit
	VMOVDQU   (SI)(DI*1), Y9
	VMOVDQU   32(SI)(DI*1), Y10
	STOPS_EXTRA(Y9, Y11, Y13)
	STOPS_EXTRA(Y10, Y12, Y14)
	VPOR      Y11, Y12, Y13
	VPTEST    Y13, Y13
	JNZ       xstops
	MOVQ      AX, DI
	JMP       xloop

xstops:
	VPMOVMSKB Y11, R9
	VPMOVMSKB Y12, R10
	SHLQ      $32, R10
	ORQ       R10, R9
	POPCNTQ   R9, R11
	LEAQ      (DX)(CX*4), R12
	ADDQ      R11, CX

xflat:
	POS8
	TESTQ R9, R9
	JNZ   xflat
	MOVQ  AX, DI
	CMPQ  CX, $64 // listCap - 64: room for another block's stops?
	JBE   xloop

xdone:
	VZEROUPPER

xdone0:
	MOVQ CX, 0(R8)
	MOVQ DI, 8(R8)
	RET
