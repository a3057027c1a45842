//go:build !purego

#include "textflag.h"
#include "escaped_amd64.h"

// The byte each class lookup compares a byte's lane with, by the byte's low four bits (a byte with
// bit 7 set looks up 0 and matches nothing but 0, which is in neither class): white space
// (' ' 0x20, '\t' 0x09, '\n' 0x0a, '\r' 0x0d), and, for the byte OR 0x20, the punctuation
// (':' 0x3a, '[' and '{' 0x7b, ',' 0x2c, ']' and '}' 0x7d). OR-ing 0x20 also takes 0x0c to ',' and
// 0x1a to ':', control bytes the scan reports as bad wherever they are.
DATA spacetab<>+0(SB)/8, $0xffffffffffffff20
DATA spacetab<>+8(SB)/8, $0xffff0dffff0a09ff
GLOBL spacetab<>(SB), RODATA|NOPTR, $16

DATA puncttab<>+0(SB)/8, $0xffffffffffffffff
DATA puncttab<>+8(SB)/8, $0xffff7d2c7b3affff
GLOBL puncttab<>(SB), RODATA|NOPTR, $16

// func tokenBlocksAVX2(src []byte, st *TokenState, out *uint64) bool
//
// TokenBlocks (tokens.go) with AVX2, the word steps of tokenBlocksGo in the same order. Per 64-byte
// block (two 32-byte loads): the backslashes as a mask, and where the block has one or begins
// escaped, the escaped bytes as Escaped works them out; the unescaped quotes, whose prefix XOR (a
// carry-less multiply by all ones) flipped by InString is the bytes inside strings; the control
// bytes (VPMINUB with 0x1f leaves them alone); white space and punctuation by a nibble lookup each.
//
// Registers: SI the block, CX blocks left, DI the two output words, R8 Escaped, R11 InString, R10
// Scalar, R12 the bad bytes of every block, R9 the block's bytes inside strings, R13 its escaped
// bytes (then its white space), AX its quotes, DX its control bytes (then its punctuation).
TEXT ·tokenBlocksAVX2(SB), NOSPLIT, $0-41
	MOVQ src_base+0(FP), SI
	MOVQ src_len+8(FP), CX
	MOVQ st+24(FP), BX
	MOVQ out+32(FP), DI
	XORQ R12, R12
	SHRQ $6, CX
	TESTQ CX, CX
	JZ   done
	MOVQ 0(BX), R11
	MOVQ 8(BX), R8
	MOVQ 16(BX), R10

	MOVL           $0x22, AX // '"'
	VMOVQ          AX, X0
	VPBROADCASTB   X0, Y0
	MOVL           $0x5c, AX // '\\'
	VMOVQ          AX, X1
	VPBROADCASTB   X1, Y1
	MOVL           $0x20, AX
	VMOVQ          AX, X2
	VPBROADCASTB   X2, Y2
	MOVL           $0x1f, AX
	VMOVQ          AX, X10
	VPBROADCASTB   X10, Y10
	VBROADCASTI128 spacetab<>(SB), Y3
	VBROADCASTI128 puncttab<>(SB), Y4
	MOVQ           $-1, AX
	VMOVQ          AX, X9

loop:
	VMOVDQU (SI), Y5
	VMOVDQU 32(SI), Y6

	// Backslashes into AX; the escaped bytes into R13, the carry out into R8.
	VPCMPEQB  Y5, Y1, Y7
	VPCMPEQB  Y6, Y1, Y8
	VPMOVMSKB Y7, AX
	VPMOVMSKB Y8, BX
	SHLQ      $32, BX
	ORQ       BX, AX
	XORQ      R13, R13
	MOVQ      AX, BX
	ORQ       R8, BX
	JZ        quotes
	ESCAPED(AX, R8, R13, BX, DX)

quotes:
	// Unescaped quotes into AX; the bytes inside strings into R9; the escaped bytes inside strings
	// out.
	VPCMPEQB   Y5, Y0, Y7
	VPCMPEQB   Y6, Y0, Y8
	VPMOVMSKB  Y7, AX
	VPMOVMSKB  Y8, BX
	SHLQ       $32, BX
	ORQ        BX, AX
	MOVQ       R13, BX
	NOTQ       BX
	ANDQ       BX, AX
	VMOVQ      AX, X7
	VPCLMULQDQ $0x00, X9, X7, X7
	VMOVQ      X7, R9
	XORQ       R11, R9
	ANDQ       R9, R13
	MOVQ       R13, 8(DI)

	// Control bytes into DX, white space into R13; bad: control bytes other than white space
	// outside strings.
	VPMINUB   Y5, Y10, Y7
	VPCMPEQB  Y7, Y5, Y7
	VPMINUB   Y6, Y10, Y8
	VPCMPEQB  Y8, Y6, Y8
	VPMOVMSKB Y7, DX
	VPMOVMSKB Y8, BX
	SHLQ      $32, BX
	ORQ       BX, DX
	VPSHUFB   Y5, Y3, Y7
	VPCMPEQB  Y7, Y5, Y7
	VPSHUFB   Y6, Y3, Y8
	VPCMPEQB  Y8, Y6, Y8
	VPMOVMSKB Y7, R13
	VPMOVMSKB Y8, BX
	SHLQ      $32, BX
	ORQ       BX, R13
	MOVQ      R9, BX
	NOTQ      BX
	ANDQ      R13, BX // white space outside strings
	NOTQ      BX
	ANDQ      DX, BX
	ORQ       BX, R12

	// Punctuation into DX.
	VPOR      Y5, Y2, Y7
	VPSHUFB   Y7, Y4, Y8
	VPCMPEQB  Y8, Y7, Y7
	VPOR      Y6, Y2, Y11
	VPSHUFB   Y11, Y4, Y12
	VPCMPEQB  Y12, Y11, Y11
	VPMOVMSKB Y7, DX
	VPMOVMSKB Y11, BX
	SHLQ      $32, BX
	ORQ       BX, DX

	// The scalar bytes into BX, the first of each run into R13, then the tokens.
	MOVQ R9, BX
	ORQ  AX, BX
	ORQ  R13, BX
	ORQ  DX, BX
	NOTQ BX
	MOVQ BX, R13
	SHLQ $1, R13
	ORQ  R10, R13
	NOTQ R13
	ANDQ BX, R13
	SHRQ $63, BX
	MOVQ BX, R10
	ANDQ R9, AX  // opening quotes
	ORQ  AX, R13
	MOVQ R9, BX
	NOTQ BX
	ANDQ DX, BX  // punctuation outside strings
	ORQ  BX, R13
	MOVQ R13, 0(DI)

	SARQ $63, R9
	MOVQ R9, R11
	ADDQ $64, SI
	ADDQ $16, DI
	DECQ CX
	JNZ  loop

	VZEROUPPER
	MOVQ st+24(FP), BX
	MOVQ R11, 0(BX)
	MOVQ R8, 8(BX)
	MOVQ R10, 16(BX)

done:
	TESTQ R12, R12
	SETEQ ret+40(FP)
	RET
