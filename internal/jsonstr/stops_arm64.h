// The stop tests of the NEON scans, shared by index_arm64.s and list_arm64.s, and the loop of the
// index scans.

// A lane is a stop of the default scan when b - 0x20 (wrapping) is at least 0x60, that is b < 0x20 or
// b >= 0x80, or when b == '"' or b == '\\'. V20, V21, V22, V23 hold 0x20, 0x60, '"' and '\\' in every
// lane. The unsigned test t >= 0x60 is max(t, 0x60) == t. out gets 0xff in the stop lanes.
#define STOPS_DEFAULT(in, out, t1, t2) \
	VSUB  V20.B16, in, out; \
	VUMAX V21.B16, out, t1; \
	VCMEQ out, t1, out;     \
	VCMEQ V22.B16, in, t1;  \
	VCMEQ V23.B16, in, t2;  \
	VORR  t1, out, out;     \
	VORR  t2, out, out

// The extra scan adds four masked-equality slots (see slots in policy.go): a lane is a stop when
// (b | or[k]) == eq[k]. V24..V27 hold or[0..3] and V28..V31 eq[0..3] in every lane.
#define STOPS_EXTRA(in, out, t1, t2) \
	VSUB  V20.B16, in, out;  \
	VUMAX V21.B16, out, t1;  \
	VCMEQ out, t1, out;      \
	VORR  V24.B16, in, t1;   \
	VCMEQ V28.B16, t1, t1;   \
	VORR  V25.B16, in, t2;   \
	VCMEQ V29.B16, t2, t2;   \
	VORR  t1, out, out;      \
	VORR  t2, out, out;      \
	VORR  V26.B16, in, t1;   \
	VCMEQ V30.B16, t1, t1;   \
	VORR  V27.B16, in, t2;   \
	VCMEQ V31.B16, t2, t2;   \
	VORR  t1, out, out;      \
	VORR  t2, out, out

// The stops of IndexQuote: '"', '\\' and bytes below 0x20 (min(b, 0x1f) == b), so bytes from 0x80
// up are not stops. V20, V22, V23 hold 0x1f, '"' and '\\'.
#define STOPS_QUOTE(in, out, t1, t2) \
	VUMIN V20.B16, in, out; \
	VCMEQ in, out, out;     \
	VCMEQ V22.B16, in, t1;  \
	VCMEQ V23.B16, in, t2;  \
	VORR  t1, out, out;     \
	VORR  t2, out, out

// INDEX_LOOP is the loop of every index scan of index_arm64.s, from offset R2 of R0[0:R1] (at least
// 32 bytes), with STOPS the scan's stop test: two 16-byte blocks per turn while 32 bytes are left
// (V1, V2; stop lanes in V3, V4; V5, V6 scratch), then one, then one block that ends at the last
// byte (it overlaps bytes found plain, so its first stop is still the first). The first of the
// 8-byte quarters with a stop lane gives the stop: the trailing zero bits (RBIT, then CLZ) divided
// by 8. It stores the index of the first stop, or R1, at (R8).
#define INDEX_LOOP(STOPS) \
loop32: \
	ADD   $32, R2, R3; \
	CMP   R1, R3; \
	BHI   loop16; \
	ADD   R0, R2, R4; \
	VLD1  (R4), [V1.B16, V2.B16]; \
	STOPS(V1.B16, V3.B16, V5.B16, V6.B16); \
	STOPS(V2.B16, V4.B16, V5.B16, V6.B16); \
	VORR  V3.B16, V4.B16, V5.B16; \
	VMOV  V5.D[0], R5; \
	VMOV  V5.D[1], R6; \
	ORR   R5, R6, R7; \
	CBNZ  R7, found32; \
	MOVD  R3, R2; \
	B     loop32; \
found32: \
	VMOV  V3.D[0], R5; \
	CBNZ  R5, lane; \
	ADD   $8, R2; \
	VMOV  V3.D[1], R5; \
	CBNZ  R5, lane; \
	ADD   $8, R2; \
	VMOV  V4.D[0], R5; \
	CBNZ  R5, lane; \
	ADD   $8, R2; \
	VMOV  V4.D[1], R5; \
	B     lane; \
loop16: \
	ADD   $16, R2, R3; \
	CMP   R1, R3; \
	BHI   last; \
	ADD   R0, R2, R4; \
	VLD1  (R4), [V1.B16]; \
	STOPS(V1.B16, V3.B16, V5.B16, V6.B16); \
	VMOV  V3.D[0], R5; \
	CBNZ  R5, lane; \
	VMOV  V3.D[1], R5; \
	CBNZ  R5, lane8; \
	MOVD  R3, R2; \
	B     loop16; \
last: \
	CMP   R1, R2; \
	BEQ   notfound; \
	SUB   $16, R1, R2; \
	ADD   R0, R2, R4; \
	VLD1  (R4), [V1.B16]; \
	STOPS(V1.B16, V3.B16, V5.B16, V6.B16); \
	VMOV  V3.D[0], R5; \
	CBNZ  R5, lane; \
	VMOV  V3.D[1], R5; \
	CBNZ  R5, lane8; \
notfound: \
	MOVD  R1, (R8); \
	RET; \
lane8: \
	ADD   $8, R2; \
lane: \
	RBIT  R5, R5; \
	CLZ   R5, R5; \
	ADD   R5>>3, R2, R2; \
	MOVD  R2, (R8); \
	RET
