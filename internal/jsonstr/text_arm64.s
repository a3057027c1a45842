//go:build !purego

#include "textflag.h"
#include "utf8tables.h"

// The text scan of text.go with NEON, 16 bytes per step: the check of text_amd64.s (see there), with
// TBL for the nibble lookups, EXT for each byte's predecessors, and max(b, c) == b for the unsigned
// comparisons NEON's assembler here has no instruction for (min(b, 0x1f) == b for control bytes).
//
// Registers: R0 the input, R1 its length, R2 the offset of the block, R10 the stops, R8 the result.
// V9, V10, V11 hold the tables; V12 the previous block, V13 the block; V16..V19 the slots' or-masks
// and V20..V23 their values, V24 v.e2; V25..V31 hold 0x01, 0x0f, 0x1f, 0xe0, 0xf0, 0x80, 0xa9.

// func textVec(s string, v *textConsts) int
TEXT ·textVec(SB), NOSPLIT, $0-32
	MOVD s_base+0(FP), R0
	MOVD s_len+8(FP), R1
	MOVD v+16(FP), R10
	MOVD $ret+24(FP), R8
	B    textbody<>(SB)

// func textVecBytes(b []byte, v *textConsts) int
TEXT ·textVecBytes(SB), NOSPLIT, $0-40
	MOVD b_base+0(FP), R0
	MOVD b_len+8(FP), R1
	MOVD v+24(FP), R10
	MOVD $ret+32(FP), R8
	B    textbody<>(SB)

TEXT textbody<>(SB), NOSPLIT, $0
	MOVD $0, R2
	CMP  $32, R1
	BLO  tdone

	MOVD  $prev1hi<>(SB), R3
	VLD1  (R3), [V9.B16]
	MOVD  $prev1lo<>(SB), R3
	VLD1  (R3), [V10.B16]
	MOVD  $curhi<>(SB), R3
	VLD1  (R3), [V11.B16]
	VLD1  (R10), [V16.B16] // or[0] (the first 16 of its 32 lanes)
	ADD   $32, R10, R3
	VLD1  (R3), [V17.B16]
	ADD   $64, R10, R3
	VLD1  (R3), [V18.B16]
	ADD   $96, R10, R3
	VLD1  (R3), [V19.B16]
	ADD   $128, R10, R3
	VLD1  (R3), [V20.B16] // eq[0]
	ADD   $160, R10, R3
	VLD1  (R3), [V21.B16]
	ADD   $192, R10, R3
	VLD1  (R3), [V22.B16]
	ADD   $224, R10, R3
	VLD1  (R3), [V23.B16]
	ADD   $256, R10, R3
	VLD1  (R3), [V24.B16] // e2
	VMOVI $0x01, V25.B16
	VMOVI $0x0f, V26.B16
	VMOVI $0x1f, V27.B16
	VMOVI $0xe0, V28.B16
	VMOVI $0xf0, V29.B16
	VMOVI $0x80, V30.B16
	VMOVI $0xa9, V31.B16
	VEOR  V12.B16, V12.B16, V12.B16

tloop:
	ADD  $16, R2, R3
	CMP  R1, R3
	BHI  tdone
	ADD  R0, R2, R4
	VLD1 (R4), [V13.B16]

	// Stops: control bytes, the slots.
	VUMIN V27.B16, V13.B16, V1.B16
	VCMEQ V13.B16, V1.B16, V1.B16
	VORR  V16.B16, V13.B16, V2.B16
	VCMEQ V20.B16, V2.B16, V2.B16
	VORR  V2.B16, V1.B16, V1.B16
	VORR  V17.B16, V13.B16, V2.B16
	VCMEQ V21.B16, V2.B16, V2.B16
	VORR  V2.B16, V1.B16, V1.B16
	VORR  V18.B16, V13.B16, V2.B16
	VCMEQ V22.B16, V2.B16, V2.B16
	VORR  V2.B16, V1.B16, V1.B16
	VORR  V19.B16, V13.B16, V2.B16
	VCMEQ V23.B16, V2.B16, V2.B16
	VORR  V2.B16, V1.B16, V1.B16

	// UTF-8: the rules broken, by prev1's nibbles and the byte's high nibble.
	VEXT  $15, V13.B16, V12.B16, V15.B16 // prev1
	VUSHR $4, V15.B16, V3.B16
	VTBL  V3.B16, [V9.B16], V3.B16
	VAND  V26.B16, V15.B16, V4.B16
	VTBL  V4.B16, [V10.B16], V4.B16
	VAND  V4.B16, V3.B16, V3.B16
	VUSHR $4, V13.B16, V4.B16
	VTBL  V4.B16, [V11.B16], V4.B16
	VAND  V4.B16, V3.B16, V3.B16
	VEXT  $14, V13.B16, V12.B16, V4.B16  // prev2
	VEXT  $13, V13.B16, V12.B16, V5.B16  // prev3

	// U+2028 and U+2029, flagged at their last byte (see text_amd64.s).
	VCMEQ V24.B16, V4.B16, V6.B16
	VCMEQ V30.B16, V15.B16, V7.B16
	VAND  V7.B16, V6.B16, V6.B16
	VORR  V25.B16, V13.B16, V7.B16
	VCMEQ V31.B16, V7.B16, V7.B16
	VAND  V7.B16, V6.B16, V6.B16
	VORR  V6.B16, V1.B16, V1.B16

	// Must be a continuation: prev2 >= 0xe0 or prev3 >= 0xf0, as 0x80 in the lane.
	VUMAX V28.B16, V4.B16, V6.B16
	VCMEQ V4.B16, V6.B16, V6.B16
	VUMAX V29.B16, V5.B16, V7.B16
	VCMEQ V5.B16, V7.B16, V7.B16
	VORR  V7.B16, V6.B16, V6.B16
	VAND  V30.B16, V6.B16, V6.B16
	VEOR  V6.B16, V3.B16, V3.B16
	VORR  V3.B16, V1.B16, V1.B16

	VMOV V1.D[0], R5
	VMOV V1.D[1], R6
	ORR  R5, R6, R5
	CBNZ R5, tdone
	VORR V13.B16, V13.B16, V12.B16
	MOVD R3, R2
	B    tloop

tdone:
	MOVD R2, (R8)
	RET
