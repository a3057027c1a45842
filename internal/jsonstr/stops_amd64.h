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
