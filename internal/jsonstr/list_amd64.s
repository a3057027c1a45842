//go:build !purego

#include "textflag.h"
#include "stops_amd64.h"

// The list scans of list.go with AVX2: 64 bytes per turn, tested as two 32-byte blocks whose masks
// make one 64-bit mask (bit k set when byte k of the block is a stop).
//
// Registers of every body: SI the input, BX its length, DX the list, CX the entries written, DI the
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

// LIST_LOOP is the loop of every list scan, with STOPS(in, out, t1, t2) the scan's stop test: two
// 32-byte blocks per turn in Y9 and Y10, their stop lanes in Y11 and Y12 (Y13, Y14 scratch).
#define LIST_LOOP(STOPS) \
loop: \
	LEAQ      64(DI), AX; \
	CMPQ      AX, BX; \
	JA        done; \
	VMOVDQU   (SI)(DI*1), Y9; \
	VMOVDQU   32(SI)(DI*1), Y10; \
	STOPS(Y9, Y11, Y13, Y14); \
	STOPS(Y10, Y12, Y13, Y14); \
	VPOR      Y11, Y12, Y13; \
	VPTEST    Y13, Y13; \
	JNZ       stops; \
	MOVQ      AX, DI; \
	JMP       loop; \
stops: \
	VPMOVMSKB Y11, R9; \
	VPMOVMSKB Y12, R10; \
	SHLQ      $32, R10; \
	ORQ       R10, R9; \
	POPCNTQ   R9, R11; \
	LEAQ      (DX)(CX*4), R12; \
	ADDQ      R11, CX; \
flat: \
	POS8; \
	TESTQ     R9, R9; \
	JNZ       flat; \
	MOVQ      AX, DI; \
	CMPQ      CX, $64; \
	JBE       loop; \
done: \
	VZEROUPPER; \
done0: \
	MOVQ      CX, 0(R8); \
	MOVQ      DI, 8(R8); \
	RET

// The entry points load the input (SI, BX), the list (DX), the slots if any (R13) and the address
// of the results (R8), and jump to the body; each body zeroes CX and DI, broadcasts its constants
// and runs LIST_LOOP.

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
	JB   done0 // no whole block: nothing read, no vector register touched

	MOVL         $0x20, AX
	VMOVQ        AX, X0
	VPBROADCASTB X0, Y0
	MOVL         $0x22, AX // '"'
	VMOVQ        AX, X1
	VPBROADCASTB X1, Y1
	MOVL         $0x5c, AX // '\\'
	VMOVQ        AX, X2
	VPBROADCASTB X2, Y2
	LIST_LOOP(STOPS4_DEFAULT)

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
	JB   done0

	MOVL         $0x1f, AX
	VMOVQ        AX, X0
	VPBROADCASTB X0, Y0
	MOVL         $0x22, AX // '"'
	VMOVQ        AX, X1
	VPBROADCASTB X1, Y1
	MOVL         $0x5c, AX // '\\'
	VMOVQ        AX, X2
	VPBROADCASTB X2, Y2
	LIST_LOOP(STOPS4_QUOTE)

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
	JB   done0

	MOVL         $0x20, AX
	VMOVQ        AX, X0
	VPBROADCASTB X0, Y0
	VPBROADCASTB 0(R13), Y1  // or[0]
	VPBROADCASTB 8(R13), Y2  // or[1]
	VPBROADCASTB 16(R13), Y3 // or[2]
	VPBROADCASTB 24(R13), Y4 // or[3]
	VPBROADCASTB 32(R13), Y5 // eq[0]
	VPBROADCASTB 40(R13), Y6 // eq[1]
	VPBROADCASTB 48(R13), Y7 // eq[2]
	VPBROADCASTB 56(R13), Y8 // eq[3]
	LIST_LOOP(STOPS4_EXTRA)
