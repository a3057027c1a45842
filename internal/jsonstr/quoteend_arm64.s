//go:build !purego

#include "textflag.h"

// func vecQuote(b []byte) int
//
// IndexQuote's scan with NEON: the first '"', '\\' or control byte (min(b, 0x1f) == b), 16 bytes
// per turn, then one block ending at the last byte (it overlaps bytes found plain). An input
// shorter than 32 bytes is not read and gives 0. V20, V22, V23 hold 0x1f, '"' and '\\'.
TEXT ·vecQuote(SB), NOSPLIT, $0-32
	MOVD  b_base+0(FP), R0
	MOVD  b_len+8(FP), R1
	MOVD  $0, R2
	CMP   $32, R1
	BLO   qshort
	VMOVI $0x1f, V20.B16
	VMOVI $0x22, V22.B16
	VMOVI $0x5c, V23.B16

qloop:
	ADD   $16, R2, R3
	CMP   R1, R3
	BHI   qlast
	ADD   R0, R2, R4
	VLD1  (R4), [V1.B16]
	VUMIN V20.B16, V1.B16, V3.B16 // min(b, 0x1f)
	VCMEQ V1.B16, V3.B16, V3.B16  // == b: b < 0x20
	VCMEQ V22.B16, V1.B16, V4.B16
	VCMEQ V23.B16, V1.B16, V5.B16
	VORR  V4.B16, V3.B16, V3.B16
	VORR  V5.B16, V3.B16, V3.B16
	VMOV  V3.D[0], R5
	CBNZ  R5, qlane
	VMOV  V3.D[1], R5
	CBNZ  R5, qlane8
	MOVD  R3, R2
	B     qloop

qlast:
	CMP   R1, R2
	BEQ   qnotfound
	SUB   $16, R1, R2
	ADD   R0, R2, R4
	VLD1  (R4), [V1.B16]
	VUMIN V20.B16, V1.B16, V3.B16
	VCMEQ V1.B16, V3.B16, V3.B16
	VCMEQ V22.B16, V1.B16, V4.B16
	VCMEQ V23.B16, V1.B16, V5.B16
	VORR  V4.B16, V3.B16, V3.B16
	VORR  V5.B16, V3.B16, V3.B16
	VMOV  V3.D[0], R5
	CBNZ  R5, qlane
	VMOV  V3.D[1], R5
	CBNZ  R5, qlane8

qnotfound:
	MOVD R1, ret+24(FP)
	RET

qlane8:
	ADD $8, R2

qlane:
	RBIT R5, R5
	CLZ  R5, R5
	ADD  R5>>3, R2, R2
	MOVD R2, ret+24(FP)
	RET

qshort:
	MOVD ZR, ret+24(FP)
	RET
