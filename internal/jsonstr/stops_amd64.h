// The stop tests of the AVX2 scans, shared by index_amd64.s and list_amd64.s.

// A lane is a stop of the default scan when 0x20 > b as signed bytes (that is b < 0x20, or b >= 0x80,
// which is negative), when b == '"', or when b == '\\'. Y0, Y1, Y2 hold 0x20, '"' and '\\' in every
// lane; out gets 0xff in the stop lanes; t1 and t2 are scratch.
#define STOPS_DEFAULT(in, out, t1, t2) \
	VPCMPGTB in, Y0, out; \
	VPCMPEQB in, Y1, t1;  \
	VPCMPEQB in, Y2, t2;  \
	VPOR     t1, out, out; \
	VPOR     t2, out, out

// The extra scan adds four masked-equality slots (see slots in policy.go): a lane is a stop when
// (b | or[k]) == eq[k]. Y0 holds 0x20, Y1..Y4 or[0..3] and Y5..Y8 eq[0..3] in every lane.
#define STOPS_EXTRA(in, out, t) \
	VPCMPGTB in, Y0, out;  \
	VPOR     in, Y1, t;    \
	VPCMPEQB t, Y5, t;     \
	VPOR     t, out, out;  \
	VPOR     in, Y2, t;    \
	VPCMPEQB t, Y6, t;     \
	VPOR     t, out, out;  \
	VPOR     in, Y3, t;    \
	VPCMPEQB t, Y7, t;     \
	VPOR     t, out, out;  \
	VPOR     in, Y4, t;    \
	VPCMPEQB t, Y8, t;     \
	VPOR     t, out, out

// The stops of IndexQuote: '"', '\\' and bytes below 0x20, unsigned (min(b, 0x1f) == b), so bytes
// from 0x80 up are not stops. Y0, Y1, Y2 hold 0x1f, '"' and '\\'; t is scratch.
#define STOPS_QUOTE(in, out, t) \
	VPMINUB  Y0, in, out;  \
	VPCMPEQB in, out, out; \
	VPCMPEQB Y1, in, t;    \
	VPOR     t, out, out;  \
	VPCMPEQB Y2, in, t;    \
	VPOR     t, out, out

// The set scan (set.go) looks each byte up in two nibble tables: a lane is a stop when
// lo[b&15] & hi[b>>4] != 0. Y0 holds 0x0f in every lane, Y1 and Y2 the lo and hi tables in both
// halves, Y3 zero and Y4 all ones; t1 and t2 are scratch. (VPSRLW shifts 16-bit lanes: the bits it
// brings down from the byte above are masked off.)
#define STOPS_SET(in, out, t1, t2) \
	VPAND    in, Y0, t1;   \
	VPSHUFB  t1, Y1, t1;   \
	VPSRLW   $4, in, t2;   \
	VPAND    t2, Y0, t2;   \
	VPSHUFB  t2, Y2, t2;   \
	VPAND    t1, t2, out;  \
	VPCMPEQB Y3, out, out; \
	VPXOR    Y4, out, out

// SET_CONSTS loads the constants of STOPS_SET, with the tables (a nibbles) at (r); AX is scratch.
#define SET_CONSTS(r) \
	MOVL           $0x0f, AX; \
	MOVQ           AX, X0;    \
	VPBROADCASTB   X0, Y0;    \
	VBROADCASTI128 0(r), Y1;  \
	VBROADCASTI128 16(r), Y2; \
	VPXOR          Y3, Y3, Y3; \
	VPCMPEQB       Y4, Y4, Y4

// The stop tests in one shape, (in, out, t1, t2), for the loop macros INDEX_LOOP and LIST_LOOP.
#define STOPS4_DEFAULT(in, out, t1, t2) STOPS_DEFAULT(in, out, t1, t2)
#define STOPS4_EXTRA(in, out, t1, t2) STOPS_EXTRA(in, out, t1)
#define STOPS4_QUOTE(in, out, t1, t2) STOPS_QUOTE(in, out, t1)
#define STOPS4_SET(in, out, t1, t2) STOPS_SET(in, out, t1, t2)

// INDEX_LOOP is the loop of every index scan, from offset DI of SI[0:BX] (at least 32 bytes), with
// STOPS the scan's stop test: two 32-byte blocks per turn (Y9, Y10; stop lanes in Y11, Y12; Y13,
// Y14 scratch) while 64 bytes are left, then one, then one block that ends at the last byte (it
// overlaps bytes found plain, so its first stop is still the first). It stores the index of the
// first stop, or BX, at (R8).
#define INDEX_LOOP(STOPS) \
loop64: \
	LEAQ      64(DI), AX; \
	CMPQ      AX, BX; \
	JA        loop32; \
	VMOVDQU   (SI)(DI*1), Y9; \
	VMOVDQU   32(SI)(DI*1), Y10; \
	STOPS(Y9, Y11, Y13, Y14); \
	STOPS(Y10, Y12, Y13, Y14); \
	VPOR      Y11, Y12, Y13; \
	VPTEST    Y13, Y13; \
	JNZ       found64; \
	MOVQ      AX, DI; \
	JMP       loop64; \
found64: \
	VPMOVMSKB Y11, AX; \
	TESTL     AX, AX; \
	JNZ       found; \
	VPMOVMSKB Y12, AX; \
	ADDQ      $32, DI; \
	JMP       found; \
loop32: \
	LEAQ      32(DI), AX; \
	CMPQ      AX, BX; \
	JA        last; \
	VMOVDQU   (SI)(DI*1), Y9; \
	STOPS(Y9, Y11, Y13, Y14); \
	VPMOVMSKB Y11, AX; \
	TESTL     AX, AX; \
	JNZ       found; \
	ADDQ      $32, DI; \
	JMP       loop32; \
last: \
	CMPQ      DI, BX; \
	JEQ       notfound; \
	LEAQ      -32(BX), DI; \
	VMOVDQU   (SI)(DI*1), Y9; \
	STOPS(Y9, Y11, Y13, Y14); \
	VPMOVMSKB Y11, AX; \
	TESTL     AX, AX; \
	JNZ       found; \
notfound: \
	VZEROUPPER; \
	MOVQ      BX, (R8); \
	RET; \
found: \
	BSFL      AX, AX; \
	ADDQ      DI, AX; \
	VZEROUPPER; \
	MOVQ      AX, (R8); \
	RET
