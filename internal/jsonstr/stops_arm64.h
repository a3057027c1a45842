// The stop tests of the NEON scans, shared by index_arm64.s and list_arm64.s.

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
