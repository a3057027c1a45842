//go:build !purego

#include "textflag.h"

// The stop scans of scan.go with NEON (always present on arm64), 16 bytes per compare. Each routine
// returns the index of the first stop in its input, or the input's length when there is none. An
// input shorter than 32 bytes is not read at all: the routine returns 0 and leaves it to the Go caller.
//
// Loads never leave [base, base+len): two 16-byte blocks per turn while they fit, one more block if
// it fits, then one block that ends exactly at the last byte. That block overlaps bytes already found
// plain, so its first stop is still the first stop of the input.
//
// NEON has no byte mask like x86's PMOVMSKB: a stop lane holds 0xff, and the two 64-bit halves of a
// result are moved to general registers, tested with CBNZ, and the first stop's lane found as the
// trailing zero bits (RBIT, then CLZ) divided by 8. The loop is INDEX_LOOP of stops_arm64.h.
//
// Each routine has a string and a []byte entry point; both load the base (R0), the length (R1) and
// the result's address (R8) and branch to one body, which broadcasts its constants and runs the loop.

#include "stops_arm64.h"

// func vecDefault(s string) int
TEXT ·vecDefault(SB), NOSPLIT, $0-24
	MOVD s_base+0(FP), R0
	MOVD s_len+8(FP), R1
	MOVD $ret+16(FP), R8
	B    indexdefaultbody<>(SB)

// func vecDefaultBytes(b []byte) int
TEXT ·vecDefaultBytes(SB), NOSPLIT, $0-32
	MOVD b_base+0(FP), R0
	MOVD b_len+8(FP), R1
	MOVD $ret+24(FP), R8
	B    indexdefaultbody<>(SB)

// indexdefaultbody scans R0[0:R1] and stores the result at (R8).
TEXT indexdefaultbody<>(SB), NOSPLIT, $0
	MOVD $0, R2 // R2 = offset of the next block
	CMP  $32, R1
	BLO  dshort // fewer than 32 bytes: read nothing, return 0
	// Broadcast the four constants to every lane.
	VMOVI $0x20, V20.B16
	VMOVI $0x60, V21.B16
	VMOVI $0x22, V22.B16 // '"'
	VMOVI $0x5c, V23.B16 // '\\'
	INDEX_LOOP(STOPS_DEFAULT)

dshort:
	MOVD ZR, (R8)
	RET

// func vecExtra(s string, x *slots) int
TEXT ·vecExtra(SB), NOSPLIT, $0-32
	MOVD s_base+0(FP), R0
	MOVD s_len+8(FP), R1
	MOVD x+16(FP), R9
	MOVD $ret+24(FP), R8
	B    indexextrabody<>(SB)

// func vecExtraBytes(b []byte, x *slots) int
TEXT ·vecExtraBytes(SB), NOSPLIT, $0-40
	MOVD b_base+0(FP), R0
	MOVD b_len+8(FP), R1
	MOVD x+24(FP), R9
	MOVD $ret+32(FP), R8
	B    indexextrabody<>(SB)

// indexextrabody scans R0[0:R1] and stores the result at (R8).
TEXT indexextrabody<>(SB), NOSPLIT, $0
	MOVD $0, R2 // R2 = offset of the next block
	CMP  $32, R1
	BLO  xshort // fewer than 32 bytes: read nothing, return 0
	// Broadcast the constants, and the low byte of each slot word (every byte of one is the same):
	// VLD1R loads one byte into every lane, and the post-increment steps R9 8 bytes to the next word.
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
	INDEX_LOOP(STOPS_EXTRA)

xshort:
	MOVD ZR, (R8)
	RET
