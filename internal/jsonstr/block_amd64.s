//go:build !purego

#include "textflag.h"
#include "escaped_amd64.h"

// func skipBlocksAVX2(src []byte, st *BlockState) (int, bool)
//
// SkipBlocks (block.go) with AVX2, the steps of skipBlocksGo in the same order. Per 64-byte block
// (two 32-byte loads): the lanes of '\\', '"', '[' or '{' (b | 0x20 == '{') and ']' or '}'
// (b | 0x20 == '}') as masks (VPMOVMSKB, the two halves joined). Where the block has a backslash
// or begins escaped, the escaped bytes are worked out as Escaped does, with the same steps. The
// unescaped quotes' prefix XOR (the bytes inside strings) is a carry-less multiply by all ones (bit
// i of the product's low word is the XOR of bits 0 to i), flipped by InString; brackets inside
// strings or escaped are dropped. With fewer closing brackets than the depth, the depth takes the
// block's opening less its closing brackets; otherwise the closing brackets are taken one by one,
// each with the opening ones before it, until the depth falls to 0. The state is written back when
// src ends, and left alone when the container ends.
//
// Registers: SI the block, CX blocks left, R10 the depth, R11 InString, R8 Escaped, R13 the
// block's escaped bytes (then its opening brackets), R9 its bytes inside strings, X9 all ones for
// the multiply.
TEXT ·skipBlocksAVX2(SB), NOSPLIT, $0-41
	MOVQ  src_base+0(FP), SI
	MOVQ  src_len+8(FP), CX
	MOVQ  st+24(FP), DI
	MOVB  $0, ret1+40(FP)
	SHRQ  $6, CX
	TESTQ CX, CX
	JZ    out
	MOVQ  0(DI), R10
	MOVQ  8(DI), R11
	MOVQ  16(DI), R8

	MOVL         $0x22, AX // '"'
	VMOVQ        AX, X0
	VPBROADCASTB X0, Y0
	MOVL         $0x5c, AX // '\\'
	VMOVQ        AX, X1
	VPBROADCASTB X1, Y1
	MOVL         $0x20, AX
	VMOVQ        AX, X2
	VPBROADCASTB X2, Y2
	MOVL         $0x7b, AX // '{'
	VMOVQ        AX, X3
	VPBROADCASTB X3, Y3
	MOVL         $0x7d, AX // '}'
	VMOVQ        AX, X4
	VPBROADCASTB X4, Y4
	MOVQ         $-1, AX
	VMOVQ        AX, X9

loop:
	VMOVDQU (SI), Y5
	VMOVDQU 32(SI), Y6

	// Any backslash, or a block that begins escaped: the escape path.
	VPCMPEQB Y5, Y1, Y7
	VPCMPEQB Y6, Y1, Y8
	VPOR     Y7, Y8, Y10
	VPTEST   Y10, Y10
	JNZ      escapes
	TESTQ    R8, R8
	JNZ      escapes

	// Quotes into AX; their prefix XOR flipped by InString into R9; BX the bytes outside strings.
	VPCMPEQB  Y5, Y0, Y10
	VPCMPEQB  Y6, Y0, Y12
	VPMOVMSKB Y10, AX
	VPMOVMSKB Y12, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	VMOVQ     AX, X10
	VPCLMULQDQ $0x00, X9, X10, X10
	VMOVQ     X10, R9
	XORQ      R11, R9
	MOVQ      R9, BX
	NOTQ      BX

brackets:
	VPOR Y5, Y2, Y5
	VPOR Y6, Y2, Y6

	// Closing brackets that count into DX, counted in R12; opening ones into R13.
	VPCMPEQB  Y5, Y4, Y7
	VPCMPEQB  Y6, Y4, Y8
	VPMOVMSKB Y7, DX
	VPMOVMSKB Y8, AX
	SHLQ      $32, AX
	ORQ       AX, DX
	ANDQ      BX, DX
	VPCMPEQB  Y5, Y3, Y7
	VPCMPEQB  Y6, Y3, Y8
	VPMOVMSKB Y7, R13
	VPMOVMSKB Y8, AX
	SHLQ      $32, AX
	ORQ       AX, R13
	ANDQ      BX, R13
	POPCNTQ   DX, R12
	CMPQ      R12, R10
	JGE       closing // the last container open might end here

	POPCNTQ R13, R13
	ADDQ    R13, R10
	SUBQ    R12, R10

next:
	SARQ $63, R9 // the last byte's "inside", spread, is the state
	MOVQ R9, R11

	ADDQ $64, SI
	DECQ CX
	JNZ  loop

	VZEROUPPER
	MOVQ R10, 0(DI)
	MOVQ R11, 8(DI)
	MOVQ R8, 16(DI)

out:
	MOVQ src_base+0(FP), AX
	SUBQ AX, SI
	MOVQ SI, ret+32(FP)
	RET

escapes:
	// Backslashes (Y7, Y8) into AX; Escaped: R13 = the escaped bytes, R8 = the carry out (the state
	// is written back only for blocks passed, so R8 may change here).
	VPMOVMSKB Y7, AX
	VPMOVMSKB Y8, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	ESCAPED(AX, R8, R13, BX, DX)

	// Unescaped quotes into AX; their prefix XOR flipped by InString into R9; BX the bytes outside
	// strings and not escaped.
	VPCMPEQB  Y5, Y0, Y10
	VPCMPEQB  Y6, Y0, Y12
	VPMOVMSKB Y10, AX
	VPMOVMSKB Y12, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	MOVQ      R13, BX
	NOTQ      BX
	ANDQ      BX, AX
	VMOVQ     AX, X10
	VPCLMULQDQ $0x00, X9, X10, X10
	VMOVQ     X10, R9
	XORQ      R11, R9
	MOVQ      R9, BX
	ORQ       R13, BX
	NOTQ      BX
	JMP       brackets

closing:
	// The closing brackets of DX one by one, lowest first, each with the opening brackets of R13
	// before it.
	TESTQ   DX, DX
	JZ      opens
	MOVQ    DX, AX
	NEGQ    AX
	ANDQ    DX, AX       // AX: the lowest closing bracket
	LEAQ    -1(AX), BX   // BX: the bytes before it
	MOVQ    R13, R12
	ANDQ    BX, R12
	POPCNTQ R12, R12
	ADDQ    R12, R10
	DECQ    R10
	JZ      found
	NOTQ    BX
	ANDQ    BX, R13      // those opening brackets are counted
	LEAQ    -1(DX), BX
	ANDQ    BX, DX       // and the closing one
	JMP     closing

opens:
	POPCNTQ R13, R13
	ADDQ    R13, R10
	JMP     next

found:
	VZEROUPPER
	BSFQ AX, AX
	MOVQ src_base+0(FP), BX
	SUBQ BX, SI
	LEAQ 1(SI)(AX*1), SI
	MOVQ SI, ret+32(FP)
	MOVB $1, ret1+40(FP)
	RET
