//go:build !purego

#include "textflag.h"
#include "stops_arm64.h"

// The list scans of list.go with NEON: 64 bytes per turn, as four 16-byte blocks. The four results
// are OR-ed and tested first; a turn with stops makes its 64-bit mask (bit k set when byte k is a
// stop) by AND-ing each lane with its bit in the byte (1, 2, 4, ... 128) and adding pairwise three
// times, and is written down eight entries at a time as in list_amd64.s, with RBIT and CLZ for the
// trailing zeros.
//
// Registers: R0 the input, R1 its length, R2 the offset of the block, R3 the list, R4 the entries
// written, R8 the address of the results (n, then covered). V18 holds the lane bits.

// POS8 writes eight entries from the mask R9 to (R12) and advances R12; R10 and R13 are scratch.
#define POS8 \
	RBIT R9, R10; CLZ R10, R10; ADD R2, R10, R10; MOVW R10, 0(R12);  SUB $1, R9, R13; AND R13, R9, R9; \
	RBIT R9, R10; CLZ R10, R10; ADD R2, R10, R10; MOVW R10, 4(R12);  SUB $1, R9, R13; AND R13, R9, R9; \
	RBIT R9, R10; CLZ R10, R10; ADD R2, R10, R10; MOVW R10, 8(R12);  SUB $1, R9, R13; AND R13, R9, R9; \
	RBIT R9, R10; CLZ R10, R10; ADD R2, R10, R10; MOVW R10, 12(R12); SUB $1, R9, R13; AND R13, R9, R9; \
	RBIT R9, R10; CLZ R10, R10; ADD R2, R10, R10; MOVW R10, 16(R12); SUB $1, R9, R13; AND R13, R9, R9; \
	RBIT R9, R10; CLZ R10, R10; ADD R2, R10, R10; MOVW R10, 20(R12); SUB $1, R9, R13; AND R13, R9, R9; \
	RBIT R9, R10; CLZ R10, R10; ADD R2, R10, R10; MOVW R10, 24(R12); SUB $1, R9, R13; AND R13, R9, R9; \
	RBIT R9, R10; CLZ R10, R10; ADD R2, R10, R10; MOVW R10, 28(R12); SUB $1, R9, R13; AND R13, R9, R9; \
	ADD  $32, R12

// MASK64 turns the stop lanes of V4..V7 (the four blocks) into the 64-bit mask R9, and adds its
// count of bits to R4, leaving in R12 the address of the first entry to write.
#define MASK64 \
	VAND  V18.B16, V4.B16, V4.B16; \
	VAND  V18.B16, V5.B16, V5.B16; \
	VAND  V18.B16, V6.B16, V6.B16; \
	VAND  V18.B16, V7.B16, V7.B16; \
	VADDP V5.B16, V4.B16, V4.B16;  \
	VADDP V7.B16, V6.B16, V6.B16;  \
	VADDP V6.B16, V4.B16, V4.B16;  \
	VADDP V4.B16, V4.B16, V4.B16;  \
	VMOV  V4.D[0], R9;             \
	VCNT  V4.B8, V4.B8;            \
	VUADDLV V4.B8, V4;             \
	VMOV  V4.D[0], R11;            \
	ADD   R4<<2, R3, R12;          \
	ADD   R11, R4, R4

// LIST_LOOP is the loop of every list scan, with STOPS(in, out, t1, t2) the scan's stop test: four
// 16-byte blocks per turn in V0..V3, their stop lanes in V4..V7 (V16, V17 scratch).
#define LIST_LOOP(STOPS) \
loop: \
	ADD   $64, R2, R5; \
	CMP   R1, R5; \
	BHI   done; \
	ADD   R0, R2, R6; \
	VLD1  (R6), [V0.B16, V1.B16, V2.B16, V3.B16]; \
	STOPS(V0.B16, V4.B16, V16.B16, V17.B16); \
	STOPS(V1.B16, V5.B16, V16.B16, V17.B16); \
	STOPS(V2.B16, V6.B16, V16.B16, V17.B16); \
	STOPS(V3.B16, V7.B16, V16.B16, V17.B16); \
	VORR  V4.B16, V5.B16, V16.B16; \
	VORR  V6.B16, V7.B16, V17.B16; \
	VORR  V16.B16, V17.B16, V16.B16; \
	VMOV  V16.D[0], R6; \
	VMOV  V16.D[1], R7; \
	ORR   R6, R7, R6; \
	CBNZ  R6, stops; \
	MOVD  R5, R2; \
	B     loop; \
stops: \
	MASK64; \
flat: \
	POS8; \
	CBNZ  R9, flat; \
	MOVD  R5, R2; \
	CMP   $64, R4; \
	BLS   loop; \
done: \
	MOVD  R4, 0(R8); \
	MOVD  R2, 8(R8); \
	RET

// LANEBITS puts 1, 2, 4, ... 128 in the lanes of V18, for MASK64.
#define LANEBITS \
	MOVD $0x8040201008040201, R6; \
	VMOV R6, V18.D[0]; \
	VMOV R6, V18.D[1]

// func listDefault(s string, pos *[listCap]uint32) (n, covered int)
TEXT ·listDefault(SB), NOSPLIT, $0-40
	MOVD s_base+0(FP), R0
	MOVD s_len+8(FP), R1
	MOVD pos+16(FP), R3
	MOVD $n+24(FP), R8
	B    listdefaultbody<>(SB)

// func listDefaultBytes(b []byte, pos *[listCap]uint32) (n, covered int)
TEXT ·listDefaultBytes(SB), NOSPLIT, $0-48
	MOVD b_base+0(FP), R0
	MOVD b_len+8(FP), R1
	MOVD pos+24(FP), R3
	MOVD $n+32(FP), R8
	B    listdefaultbody<>(SB)

TEXT listdefaultbody<>(SB), NOSPLIT, $0
	MOVD  $0, R2
	MOVD  $0, R4
	VMOVI $0x20, V20.B16
	VMOVI $0x60, V21.B16
	VMOVI $0x22, V22.B16 // '"'
	VMOVI $0x5c, V23.B16 // '\\'
	LANEBITS
	LIST_LOOP(STOPS_DEFAULT)

// func listQuote(s string, pos *[listCap]uint32) (n, covered int)
TEXT ·listQuote(SB), NOSPLIT, $0-40
	MOVD s_base+0(FP), R0
	MOVD s_len+8(FP), R1
	MOVD pos+16(FP), R3
	MOVD $n+24(FP), R8
	B    listquotebody<>(SB)

// func listQuoteBytes(b []byte, pos *[listCap]uint32) (n, covered int)
TEXT ·listQuoteBytes(SB), NOSPLIT, $0-48
	MOVD b_base+0(FP), R0
	MOVD b_len+8(FP), R1
	MOVD pos+24(FP), R3
	MOVD $n+32(FP), R8
	B    listquotebody<>(SB)

// listquotebody is listdefaultbody for IndexQuote's stops: '"', '\\' and control bytes (V20 holds
// 0x1f: min(b, 0x1f) == b), bytes from 0x80 up not among them.
TEXT listquotebody<>(SB), NOSPLIT, $0
	MOVD  $0, R2
	MOVD  $0, R4
	VMOVI $0x1f, V20.B16
	VMOVI $0x22, V22.B16 // '"'
	VMOVI $0x5c, V23.B16 // '\\'
	LANEBITS
	LIST_LOOP(STOPS_QUOTE)

// func listExtra(s string, x *slots, pos *[listCap]uint32) (n, covered int)
TEXT ·listExtra(SB), NOSPLIT, $0-48
	MOVD s_base+0(FP), R0
	MOVD s_len+8(FP), R1
	MOVD x+16(FP), R9
	MOVD pos+24(FP), R3
	MOVD $n+32(FP), R8
	B    listextrabody<>(SB)

// func listExtraBytes(b []byte, x *slots, pos *[listCap]uint32) (n, covered int)
TEXT ·listExtraBytes(SB), NOSPLIT, $0-56
	MOVD b_base+0(FP), R0
	MOVD b_len+8(FP), R1
	MOVD x+24(FP), R9
	MOVD pos+32(FP), R3
	MOVD $n+40(FP), R8
	B    listextrabody<>(SB)

// listextrabody is listdefaultbody with the slots at (R9).
TEXT listextrabody<>(SB), NOSPLIT, $0
	MOVD    $0, R2
	MOVD    $0, R4
	VMOVI   $0x20, V20.B16
	VMOVI   $0x60, V21.B16
	MOVD    $8, R6
	VLD1R.P (R9)(R6), [V24.B16] // or[0]
	VLD1R.P (R9)(R6), [V25.B16] // or[1]
	VLD1R.P (R9)(R6), [V26.B16] // or[2]
	VLD1R.P (R9)(R6), [V27.B16] // or[3]
	VLD1R.P (R9)(R6), [V28.B16] // eq[0]
	VLD1R.P (R9)(R6), [V29.B16] // eq[1]
	VLD1R.P (R9)(R6), [V30.B16] // eq[2]
	VLD1R.P (R9)(R6), [V31.B16] // eq[3]
	LANEBITS
	LIST_LOOP(STOPS_EXTRA)
