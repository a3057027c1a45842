//go:build !purego

#include "textflag.h"
#include "stops_amd64.h"

// The block escapers of escape.go with AVX2: 32 bytes per turn, each block copied to the output with
// one 32-byte store before it is tested. At a stop the escape is one 8-byte store from the policy's
// enc table, and the 32 bytes after the stop are stored again one escape further on, which covers the
// run up to the block's next stop (whose bit is still in the mask) or past the block's end (the next
// block's store writes the same bytes in the same place). So a stop costs about a dozen instructions
// and no new scan.
//
// Bounds (the contract of escape.go): a block is taken only while 64 bytes of input are left from it,
// so the load after a stop, which ends at most 33 bytes past the block, stays inside the input; and
// only while blockRoom (224) bytes of output are left from where its first byte goes: a block with 32
// stops writes at most 32*5 bytes more than it reads, and its last store ends 64 bytes past its start.
//
// Registers: SI the input, BX its length, CX the offset of the block; DI the output, R9 the last
// address a block may be written at; R10 the output address of input offset 0 (so input byte j goes to
// (R10)(j*1), and R10 moves by the length of each escape minus one); R8 the enc table, DX the encN
// table; AX, R11, R12, R13 scratch.

// ESCAPE_LOOP is the loop of every block escaper, with STOPS the stop test (Y0.. Y8 its constants).
// It leaves the input offset where it stopped in CX and the output length in AX.
#define ESCAPE_LOOP(STOPS) \
	XORQ      CX, CX; \
	MOVQ      DI, R10; \
	LEAQ      -224(DI)(R9*1), R9; \
loop: \
	LEAQ      64(CX), AX; \
	CMPQ      AX, BX; \
	JA        done; \
	LEAQ      (R10)(CX*1), AX; \
	CMPQ      AX, R9; \
	JA        done; \
	VMOVDQU   (SI)(CX*1), Y9; \
	VMOVDQU   Y9, (R10)(CX*1); \
	STOPS(Y9, Y11, Y13, Y14); \
	VPMOVMSKB Y11, R11; \
	TESTL     R11, R11; \
	JNZ       stop; \
	ADDQ      $32, CX; \
	JMP       loop; \
stop: \
	TZCNTL    R11, AX; \
	ADDQ      CX, AX; \
	MOVBLZX   (SI)(AX*1), R12; \
	CMPL      R12, $0x80; \
	JAE       text; \
	MOVQ      (R8)(R12*8), R13; \
	MOVQ      R13, (R10)(AX*1); \
	MOVBLZX   (DX)(R12*1), R12; \
	LEAQ      -1(R10)(R12*1), R10; \
	VMOVDQU   1(SI)(AX*1), Y10; \
	VMOVDQU   Y10, 1(R10)(AX*1); \
	BLSRL     R11, R11; \
	JNZ       stop; \
	ADDQ      $32, CX; \
	JMP       loop; \
text: \
	MOVQ      AX, CX; \
done: \
	VZEROUPPER; \
	LEAQ      (R10)(CX*1), AX; \
	SUBQ      DI, AX

// DEFAULT_CONSTS broadcasts the constants of STOPS_DEFAULT: 0x20, '"' and '\\'.
#define DEFAULT_CONSTS \
	MOVL         $0x20, AX; \
	VMOVQ        AX, X0; \
	VPBROADCASTB X0, Y0; \
	MOVL         $0x22, AX; \
	VMOVQ        AX, X1; \
	VPBROADCASTB X1, Y1; \
	MOVL         $0x5c, AX; \
	VMOVQ        AX, X2; \
	VPBROADCASTB X2, Y2

// EXTRA_CONSTS broadcasts the constants of STOPS_EXTRA: 0x20 and the slots at (R13).
#define EXTRA_CONSTS \
	MOVL         $0x20, AX; \
	VMOVQ        AX, X0; \
	VPBROADCASTB X0, Y0; \
	VPBROADCASTB 0(R13), Y1; \
	VPBROADCASTB 8(R13), Y2; \
	VPBROADCASTB 16(R13), Y3; \
	VPBROADCASTB 24(R13), Y4; \
	VPBROADCASTB 32(R13), Y5; \
	VPBROADCASTB 40(R13), Y6; \
	VPBROADCASTB 48(R13), Y7; \
	VPBROADCASTB 56(R13), Y8

// The entry points load the output (DI, R9 its length), the input (SI, BX), the tables (R8, DX)
// and the slots if any (R13), call their body, and store its results, CX and AX.

// func escapeDefault(dst []byte, s string, enc *[256]uint64, n *[256]uint8) (consumed, written int)
TEXT ·escapeDefault(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R9
	MOVQ s_base+24(FP), SI
	MOVQ s_len+32(FP), BX
	MOVQ enc+40(FP), R8
	MOVQ n+48(FP), DX
	CALL escapedefaultbody<>(SB)
	MOVQ CX, consumed+56(FP)
	MOVQ AX, written+64(FP)
	RET

// func escapeDefaultBytes(dst []byte, b []byte, enc *[256]uint64, n *[256]uint8) (consumed, written int)
TEXT ·escapeDefaultBytes(SB), NOSPLIT, $0-80
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R9
	MOVQ b_base+24(FP), SI
	MOVQ b_len+32(FP), BX
	MOVQ enc+48(FP), R8
	MOVQ n+56(FP), DX
	CALL escapedefaultbody<>(SB)
	MOVQ CX, consumed+64(FP)
	MOVQ AX, written+72(FP)
	RET

// func escapeExtra(dst []byte, s string, x *slots, enc *[256]uint64, n *[256]uint8) (consumed, written int)
TEXT ·escapeExtra(SB), NOSPLIT, $0-80
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R9
	MOVQ s_base+24(FP), SI
	MOVQ s_len+32(FP), BX
	MOVQ x+40(FP), R13
	MOVQ enc+48(FP), R8
	MOVQ n+56(FP), DX
	CALL escapeextrabody<>(SB)
	MOVQ CX, consumed+64(FP)
	MOVQ AX, written+72(FP)
	RET

// func escapeExtraBytes(dst []byte, b []byte, x *slots, enc *[256]uint64, n *[256]uint8) (consumed, written int)
TEXT ·escapeExtraBytes(SB), NOSPLIT, $0-88
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R9
	MOVQ b_base+24(FP), SI
	MOVQ b_len+32(FP), BX
	MOVQ x+48(FP), R13
	MOVQ enc+56(FP), R8
	MOVQ n+64(FP), DX
	CALL escapeextrabody<>(SB)
	MOVQ CX, consumed+72(FP)
	MOVQ AX, written+80(FP)
	RET

// The bodies return consumed in CX and written in AX; with less than blockRoom bytes of output
// they read and write nothing.
TEXT escapedefaultbody<>(SB), NOSPLIT, $0
	XORQ CX, CX
	XORQ AX, AX
	CMPQ R9, $224
	JB   none
	DEFAULT_CONSTS
	ESCAPE_LOOP(STOPS4_DEFAULT)
none:
	RET

TEXT escapeextrabody<>(SB), NOSPLIT, $0
	XORQ CX, CX
	XORQ AX, AX
	CMPQ R9, $224
	JB   none
	EXTRA_CONSTS
	ESCAPE_LOOP(STOPS4_EXTRA)
none:
	RET

// func escapeSet(dst []byte, s string, t *nibbles, enc *[256]uint64, n *[256]uint8) (consumed, written int)
TEXT ·escapeSet(SB), NOSPLIT, $0-80
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R9
	MOVQ s_base+24(FP), SI
	MOVQ s_len+32(FP), BX
	MOVQ t+40(FP), R13
	MOVQ enc+48(FP), R8
	MOVQ n+56(FP), DX
	CALL escapesetbody<>(SB)
	MOVQ CX, consumed+64(FP)
	MOVQ AX, written+72(FP)
	RET

// func escapeSetBytes(dst []byte, b []byte, t *nibbles, enc *[256]uint64, n *[256]uint8) (consumed, written int)
TEXT ·escapeSetBytes(SB), NOSPLIT, $0-88
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R9
	MOVQ b_base+24(FP), SI
	MOVQ b_len+32(FP), BX
	MOVQ t+48(FP), R13
	MOVQ enc+56(FP), R8
	MOVQ n+64(FP), DX
	CALL escapesetbody<>(SB)
	MOVQ CX, consumed+72(FP)
	MOVQ AX, written+80(FP)
	RET

TEXT escapesetbody<>(SB), NOSPLIT, $0
	XORQ CX, CX
	XORQ AX, AX
	CMPQ R9, $224
	JB   none
	SET_CONSTS(R13)
	ESCAPE_LOOP(STOPS4_SET)
none:
	RET
