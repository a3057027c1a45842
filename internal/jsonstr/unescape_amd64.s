//go:build !purego

#include "textflag.h"
#include "stops_amd64.h"

// The block unescapers of unescape.go with AVX2: 32 bytes per turn, each block copied to the output
// with one 32-byte store before it is tested. At a backslash the byte the escape stands for comes
// from the table and is stored one byte further back, and the 32 bytes after the escape are stored
// again two bytes on, which covers the run up to the block's next stop (whose bit is still in the
// mask) or past the block's end (the next block's store writes the same bytes in the same place).
// The escape's two lanes leave the mask together (the letter of \" and \\ is a stop too). A stop in
// the last lane starts the next block, so the letter after a backslash is always in the block.
//
// Bounds (the contract of unescape.go): a block is taken only while 64 bytes of input are left from
// it, so the load after an escape (lane 30 at most), which ends 64 bytes past the block's start,
// stays inside the input; and only while unblockRoom (64) bytes of output are left from where its
// first byte goes: decoding never lengthens, and the store after an escape ends 64 bytes past that.
//
// Registers: SI the input, BX its length, CX the offset of the block; DI the output, R9 the last
// address a block may be written at; R10 the output address of input offset 0 (input byte j goes to
// (R10)(j*1), and R10 moves back one at each escape); R8 the table; AX, R11, R12 scratch.

// func unescapeDefault(dst []byte, s string, tab *[256]byte) (consumed, written int)
TEXT ·unescapeDefault(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R9
	MOVQ s_base+24(FP), SI
	MOVQ s_len+32(FP), BX
	MOVQ tab+40(FP), R8
	CALL unescapebody<>(SB)
	MOVQ CX, consumed+48(FP)
	MOVQ AX, written+56(FP)
	RET

// func unescapeDefaultBytes(dst []byte, b []byte, tab *[256]byte) (consumed, written int)
TEXT ·unescapeDefaultBytes(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), R9
	MOVQ b_base+24(FP), SI
	MOVQ b_len+32(FP), BX
	MOVQ tab+48(FP), R8
	CALL unescapebody<>(SB)
	MOVQ CX, consumed+56(FP)
	MOVQ AX, written+64(FP)
	RET

// unescapebody returns consumed in CX and written in AX; with less than unblockRoom bytes of output
// it reads and writes nothing.
TEXT unescapebody<>(SB), NOSPLIT, $0
	XORQ CX, CX
	XORQ AX, AX
	CMPQ R9, $64
	JB   none
	MOVL         $0x20, AX
	VMOVQ        AX, X0
	VPBROADCASTB X0, Y0
	MOVL         $0x22, AX
	VMOVQ        AX, X1
	VPBROADCASTB X1, Y1
	MOVL         $0x5c, AX
	VMOVQ        AX, X2
	VPBROADCASTB X2, Y2
	MOVQ         DI, R10
	LEAQ         -64(DI)(R9*1), R9

loop:
	LEAQ      64(CX), AX
	CMPQ      AX, BX
	JA        done
	LEAQ      (R10)(CX*1), AX
	CMPQ      AX, R9
	JA        done
	VMOVDQU   (SI)(CX*1), Y9
	VMOVDQU   Y9, (R10)(CX*1)
	STOPS_DEFAULT(Y9, Y11, Y13, Y14)
	VPMOVMSKB Y11, R11
	TESTL     R11, R11
	JNZ       stop
	ADDQ      $32, CX
	JMP       loop

stop:
	TZCNTL  R11, AX
	CMPL    AX, $31
	JE      last
	ADDQ    CX, AX
	MOVBLZX (SI)(AX*1), R12
	CMPL    R12, $0x5c
	JNE     other
	MOVBLZX 1(SI)(AX*1), R12
	MOVBLZX (R8)(R12*1), R12
	TESTL   R12, R12
	JZ      other
	DECQ    R10
	MOVB    R12, 1(R10)(AX*1)
	VMOVDQU 2(SI)(AX*1), Y10
	VMOVDQU Y10, 2(R10)(AX*1)
	BLSIL   R11, R12
	LEAL    (R12)(R12*2), R12
	ANDNL   R11, R12, R11
	JNZ     stop
	ADDQ    $32, CX
	JMP     loop

last:
	ADDQ AX, CX
	JMP  loop

other:
	MOVQ AX, CX

done:
	VZEROUPPER
	LEAQ (R10)(CX*1), AX
	SUBQ DI, AX

none:
	RET
