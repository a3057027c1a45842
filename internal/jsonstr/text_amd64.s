//go:build !purego

#include "textflag.h"

// The text scan of text.go with AVX2, 32 bytes per step. A block fails when a lane is a stop (a
// control byte, a byte matching one of the four slots, or the last byte of U+2028 or U+2029 when
// v.e2 is 0xE2) or when the UTF-8 check flags a lane. The check (Keiser and Lemire's lookup algorithm) looks at each byte with the three
// before it, taken from the previous block (zeros before the first; after the first block the
// default and set bodies load them from the input instead, see UTF8_MEM): prev1 gives two nibble lookups
// and the byte itself a third; AND-ed, they leave a bit for each rule a pair of bytes breaks
// (too short, too long, overlong, surrogate, too large, two continuations). A continuation must
// follow a lead within reach, which is checked apart: a byte two after a lead of 3 or 4 bytes, or
// three after one of 4, must be a continuation, and these are the only pairs flagged "two
// continuations" that are valid, so the two findings cancel with an XOR.

#include "utf8tables.h"

// Lane constants.
DATA nib<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA nib<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA nib<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA nib<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL nib<>(SB), RODATA|NOPTR, $32

DATA ctl<>+0(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA ctl<>+8(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA ctl<>+16(SB)/8, $0x1f1f1f1f1f1f1f1f
DATA ctl<>+24(SB)/8, $0x1f1f1f1f1f1f1f1f
GLOBL ctl<>(SB), RODATA|NOPTR, $32

// Subtracted with saturation, these leave bit 7 set only in a byte 0xE0 and up (a lead of 3 or 4
// bytes) and 0xF0 and up (a lead of 4).
DATA third<>+0(SB)/8, $0x6060606060606060
DATA third<>+8(SB)/8, $0x6060606060606060
DATA third<>+16(SB)/8, $0x6060606060606060
DATA third<>+24(SB)/8, $0x6060606060606060
GLOBL third<>(SB), RODATA|NOPTR, $32

DATA fourth<>+0(SB)/8, $0x7070707070707070
DATA fourth<>+8(SB)/8, $0x7070707070707070
DATA fourth<>+16(SB)/8, $0x7070707070707070
DATA fourth<>+24(SB)/8, $0x7070707070707070
GLOBL fourth<>(SB), RODATA|NOPTR, $32

DATA bit7<>+0(SB)/8, $0x8080808080808080
DATA bit7<>+8(SB)/8, $0x8080808080808080
DATA bit7<>+16(SB)/8, $0x8080808080808080
DATA bit7<>+24(SB)/8, $0x8080808080808080
GLOBL bit7<>(SB), RODATA|NOPTR, $32

DATA one<>+0(SB)/8, $0x0101010101010101
DATA one<>+8(SB)/8, $0x0101010101010101
DATA one<>+16(SB)/8, $0x0101010101010101
DATA one<>+24(SB)/8, $0x0101010101010101
GLOBL one<>(SB), RODATA|NOPTR, $32

DATA a9<>+0(SB)/8, $0xa9a9a9a9a9a9a9a9
DATA a9<>+8(SB)/8, $0xa9a9a9a9a9a9a9a9
DATA a9<>+16(SB)/8, $0xa9a9a9a9a9a9a9a9
DATA a9<>+24(SB)/8, $0xa9a9a9a9a9a9a9a9
GLOBL a9<>(SB), RODATA|NOPTR, $32

// UTF8 sets the lanes of Y3 where the block Y13 (after the block Y12) breaks UTF-8: Y14 gets the
// previous block's high half and this block's low half, from which VPALIGNR takes each byte's
// predecessors, and Y15 the byte before each (prev1); Y4 and Y5 are scratch. Y9, Y10, Y11 hold the
// three tables in both halves.
#define UTF8 \
	VPERM2I128 $0x21, Y13, Y12, Y14; \
	VPALIGNR   $15, Y14, Y13, Y15;   \
	VPSRLW     $4, Y15, Y3;          \
	VPAND      nib<>(SB), Y3, Y3;    \
	VPSHUFB    Y3, Y9, Y3;           \
	VPAND      nib<>(SB), Y15, Y4;   \
	VPSHUFB    Y4, Y10, Y4;          \
	VPAND      Y4, Y3, Y3;           \
	VPSRLW     $4, Y13, Y4;          \
	VPAND      nib<>(SB), Y4, Y4;    \
	VPSHUFB    Y4, Y11, Y4;          \
	VPAND      Y4, Y3, Y3;           \
	VPALIGNR   $14, Y14, Y13, Y4;    \
	VPSUBUSB   third<>(SB), Y4, Y4;  \
	VPALIGNR   $13, Y14, Y13, Y5;    \
	VPSUBUSB   fourth<>(SB), Y5, Y5; \
	VPOR       Y5, Y4, Y4;           \
	VPAND      bit7<>(SB), Y4, Y4;   \
	VPXOR      Y4, Y3, Y3

// UTF8_MEM is UTF8 for a block that is not the first, at SI+DI with DI >= 32: the bytes before
// each byte (prev1, prev2, prev3) are loaded from the input at -1, -2 and -3 instead of being
// shuffled out of the two blocks, which leaves three shuffles a block instead of seven. Y15 gets
// prev1 and Y14 prev2; hi holds the high nibbles of the block's bytes.
//
// NOTE: shuffles run on one or two ports of most x86 cores, and the set scan (textsetbody) with
// its two nibble lookups has five more: with the loads it quotes the 20 KB non-ASCII corpus under
// the encoding/json presets in about 2.9 us instead of 4.0 (Xeon, AVX2). The default scan, with
// no shuffle in its stop test, did not measurably change (2.5-2.8 us).
#define UTF8_MEM(hi) \
	VMOVDQU    -1(SI)(DI*1), Y15;    \
	VPSRLW     $4, Y15, Y3;          \
	VPAND      nib<>(SB), Y3, Y3;    \
	VPSHUFB    Y3, Y9, Y3;           \
	VPAND      nib<>(SB), Y15, Y4;   \
	VPSHUFB    Y4, Y10, Y4;          \
	VPAND      Y4, Y3, Y3;           \
	VPSHUFB    hi, Y11, Y4;          \
	VPAND      Y4, Y3, Y3;           \
	VMOVDQU    -2(SI)(DI*1), Y14;    \
	VPSUBUSB   third<>(SB), Y14, Y4; \
	VMOVDQU    -3(SI)(DI*1), Y5;     \
	VPSUBUSB   fourth<>(SB), Y5, Y5; \
	VPOR       Y5, Y4, Y4;           \
	VPAND      bit7<>(SB), Y4, Y4;   \
	VPXOR      Y4, Y3, Y3

// UTF8_HI is UTF8 with the high nibbles of the block's bytes already in the register hi.
#define UTF8_HI(hi) \
	VPERM2I128 $0x21, Y13, Y12, Y14; \
	VPALIGNR   $15, Y14, Y13, Y15;   \
	VPSRLW     $4, Y15, Y3;          \
	VPAND      nib<>(SB), Y3, Y3;    \
	VPSHUFB    Y3, Y9, Y3;           \
	VPAND      nib<>(SB), Y15, Y4;   \
	VPSHUFB    Y4, Y10, Y4;          \
	VPAND      Y4, Y3, Y3;           \
	VPSHUFB    hi, Y11, Y4;          \
	VPAND      Y4, Y3, Y3;           \
	VPALIGNR   $14, Y14, Y13, Y4;    \
	VPSUBUSB   third<>(SB), Y4, Y4;  \
	VPALIGNR   $13, Y14, Y13, Y5;    \
	VPSUBUSB   fourth<>(SB), Y5, Y5; \
	VPOR       Y5, Y4, Y4;           \
	VPAND      bit7<>(SB), Y4, Y4;   \
	VPXOR      Y4, Y3, Y3

// func textVec(s string, v *textConsts) int
TEXT ·textVec(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ v+16(FP), R10
	LEAQ ret+24(FP), R8
	JMP  textbody<>(SB)

// func textVecBytes(b []byte, v *textConsts) int
TEXT ·textVecBytes(SB), NOSPLIT, $0-40
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	MOVQ v+24(FP), R10
	LEAQ ret+32(FP), R8
	JMP  textbody<>(SB)

// textbody scans SI[0:BX] with the stops at (R10) and stores the offset at (R8).
TEXT textbody<>(SB), NOSPLIT, $0
	XORQ DI, DI
	CMPQ BX, $32
	JB   tshort

	VBROADCASTI128 prev1hi<>(SB), Y9
	VBROADCASTI128 prev1lo<>(SB), Y10
	VBROADCASTI128 curhi<>(SB), Y11
	VPXOR          Y12, Y12, Y12

tloop:
	LEAQ    32(DI), AX
	CMPQ    AX, BX
	JA      tdone
	VMOVDQU (SI)(DI*1), Y13

	// Stops: control bytes (min(b, 0x1f) == b), the slots.
	VPMINUB  ctl<>(SB), Y13, Y1
	VPCMPEQB Y13, Y1, Y1
	VPOR     0(R10), Y13, Y2
	VPCMPEQB 128(R10), Y2, Y2
	VPOR     Y2, Y1, Y1
	VPOR     32(R10), Y13, Y2
	VPCMPEQB 160(R10), Y2, Y2
	VPOR     Y2, Y1, Y1
	VPOR     64(R10), Y13, Y2
	VPCMPEQB 192(R10), Y2, Y2
	VPOR     Y2, Y1, Y1
	VPOR     96(R10), Y13, Y2
	VPCMPEQB 224(R10), Y2, Y2
	VPOR     Y2, Y1, Y1

	UTF8

	// U+2028 and U+2029 (E2 80 A8, E2 80 A9), flagged at their last byte: prev2 == v.e2, prev1 ==
	// 0x80, and the byte | 1 == 0xA9. With v.e2 = 0 (no such stops) this flags only bytes two
	// after a control byte, which are in a block that stops the scan or after one.
	VPALIGNR $14, Y14, Y13, Y4 // prev2
	VPCMPEQB 256(R10), Y4, Y6
	VPCMPEQB bit7<>(SB), Y15, Y7
	VPAND    Y7, Y6, Y6
	VPOR     one<>(SB), Y13, Y7
	VPCMPEQB a9<>(SB), Y7, Y7
	VPAND    Y7, Y6, Y6
	VPOR     Y6, Y1, Y1

	VPOR    Y3, Y1, Y2
	VPTEST  Y2, Y2
	JNZ     tflag
	VMOVDQU Y13, Y12
	MOVQ    AX, DI
	JMP     tloop

tflag:
	// A block with stops and no UTF-8 error answers with its first stop (see textVec).
	VPTEST    Y3, Y3
	JNZ       tdone
	VPMOVMSKB Y1, AX
	BSFL      AX, AX
	ADDQ      AX, DI

tdone:
	VZEROUPPER

tshort:
	MOVQ DI, (R8)
	RET

// DSTOPS sets the lanes of Y1 where the block Y13 holds a default stop: a control byte (min(b, 0x1f)
// == b), '"' (Y6) or '\\' (Y7). Y2 is scratch.
#define DSTOPS \
	VPMINUB  ctl<>(SB), Y13, Y1; \
	VPCMPEQB Y13, Y1, Y1;        \
	VPCMPEQB Y6, Y13, Y2;        \
	VPOR     Y2, Y1, Y1;         \
	VPCMPEQB Y7, Y13, Y2;        \
	VPOR     Y2, Y1, Y1

// func textVecDefault(s string) int
TEXT ·textVecDefault(SB), NOSPLIT, $0-24
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	LEAQ ret+16(FP), R8
	JMP  textdefaultbody<>(SB)

// func textVecDefaultBytes(b []byte) int
TEXT ·textVecDefaultBytes(SB), NOSPLIT, $0-32
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	LEAQ ret+24(FP), R8
	JMP  textdefaultbody<>(SB)

// textdefaultbody is textbody for the default stops ('"', '\\' and control bytes), held in Y6 and
// Y7 and tested in five instructions instead of the twenty of the general stops.
TEXT textdefaultbody<>(SB), NOSPLIT, $0
	XORQ DI, DI
	CMPQ BX, $32
	JB   dshort

	VBROADCASTI128 prev1hi<>(SB), Y9
	VBROADCASTI128 prev1lo<>(SB), Y10
	VBROADCASTI128 curhi<>(SB), Y11
	VPXOR          Y12, Y12, Y12
	MOVL           $0x22, AX // '"'
	VMOVQ          AX, X6
	VPBROADCASTB   X6, Y6
	MOVL           $0x5c, AX // '\\'
	VMOVQ          AX, X7
	VPBROADCASTB   X7, Y7

	// The first block, whose predecessors are zeros.
	MOVQ    $32, AX
	VMOVDQU (SI), Y13
	DSTOPS
	UTF8
	VPOR    Y3, Y1, Y2
	VPTEST  Y2, Y2
	JNZ     dflag
	MOVQ    AX, DI

dloop:
	LEAQ     32(DI), AX
	CMPQ     AX, BX
	JA       ddone
	VMOVDQU  (SI)(DI*1), Y13
	DSTOPS
	VPSRLW   $4, Y13, Y8
	VPAND    nib<>(SB), Y8, Y8
	UTF8_MEM(Y8)
	VPOR     Y3, Y1, Y2
	VPTEST   Y2, Y2
	JNZ      dflag
	MOVQ     AX, DI
	JMP      dloop

dflag:
	VPTEST    Y3, Y3
	JNZ       ddone
	VPMOVMSKB Y1, AX
	BSFL      AX, AX
	ADDQ      AX, DI

ddone:
	VZEROUPPER

dshort:
	MOVQ DI, (R8)
	RET

// SSTOPS sets the lanes of Y1 that are stops of the set at (R10) to a value that is not zero: the
// ASCII bytes of the set (hi[8..15] = 0: bytes from 0x80 up are left to the UTF-8 check), where
// lo[b&15] & hi[b>>4] != 0 (see set.go), with the tables in Y0 and Y8. Y2 gets the high nibbles of
// the block Y13, which the UTF-8 check uses too; Y6 is scratch.
#define SSTOPS \
	VPSRLW  $4, Y13, Y2;       \
	VPAND   nib<>(SB), Y2, Y2; \
	VPAND   nib<>(SB), Y13, Y1; \
	VPSHUFB Y1, Y0, Y1;        \
	VPSHUFB Y2, Y8, Y6;        \
	VPAND   Y6, Y1, Y1

// LINETERMS adds to Y1 the last bytes of U+2028 and U+2029 (E2 80 A8, E2 80 A9) where they are
// stops: prev2 (Y14) == v.e2, prev1 (Y15) == 0x80, and the byte | 1 == 0xA9. With v.e2 = 0 (no
// such stops) this flags only bytes two after a control byte, which are in a block that stops the
// scan or after one. Y6 and Y7 are scratch.
#define LINETERMS \
	VPCMPEQB 256(R10), Y14, Y6;   \
	VPCMPEQB bit7<>(SB), Y15, Y7; \
	VPAND    Y7, Y6, Y6;          \
	VPOR     one<>(SB), Y13, Y7;  \
	VPCMPEQB a9<>(SB), Y7, Y7;    \
	VPAND    Y7, Y6, Y6;          \
	VPOR     Y6, Y1, Y1

// func textVecSet(s string, v *textConsts) int
TEXT ·textVecSet(SB), NOSPLIT, $0-32
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ v+16(FP), R10
	LEAQ ret+24(FP), R8
	JMP  textsetbody<>(SB)

// func textVecSetBytes(b []byte, v *textConsts) int
TEXT ·textVecSetBytes(SB), NOSPLIT, $0-40
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	MOVQ v+24(FP), R10
	LEAQ ret+32(FP), R8
	JMP  textsetbody<>(SB)

// textsetbody is textbody with the stops of the set v.nib (set.go) instead of control bytes and
// the slots; the U+2028/U+2029 test is the same.
TEXT textsetbody<>(SB), NOSPLIT, $0
	XORQ DI, DI
	CMPQ BX, $32
	JB   sshort

	VBROADCASTI128 prev1hi<>(SB), Y9
	VBROADCASTI128 prev1lo<>(SB), Y10
	VBROADCASTI128 curhi<>(SB), Y11
	VPXOR          Y12, Y12, Y12
	VBROADCASTI128 288(R10), Y0 // v.nib.lo
	VBROADCASTI128 304(R10), Y8 // v.nib.hi

	// The first block, whose predecessors are zeros.
	MOVQ    $32, AX
	VMOVDQU (SI), Y13
	SSTOPS
	UTF8_HI(Y2)
	VPALIGNR $14, Y14, Y13, Y14 // prev2
	LINETERMS
	VPOR    Y3, Y1, Y2
	VPTEST  Y2, Y2
	JNZ     sflag
	MOVQ    AX, DI

sloop:
	LEAQ    32(DI), AX
	CMPQ    AX, BX
	JA      sdone
	VMOVDQU (SI)(DI*1), Y13
	SSTOPS
	UTF8_MEM(Y2)
	LINETERMS
	VPOR    Y3, Y1, Y2
	VPTEST  Y2, Y2
	JNZ     sflag
	MOVQ    AX, DI
	JMP     sloop

sflag:
	// A block with stops and no UTF-8 error answers with its first stop (see textVec): the first
	// lane of Y1 that is not zero.
	VPTEST    Y3, Y3
	JNZ       sdone
	VPXOR     Y2, Y2, Y2
	VPCMPEQB  Y2, Y1, Y1
	VPMOVMSKB Y1, AX
	NOTL      AX
	BSFL      AX, AX
	ADDQ      AX, DI

sdone:
	VZEROUPPER

sshort:
	MOVQ DI, (R8)
	RET
