// ESCAPED is Escaped (block.go) in its five word steps, for the block loops of block_amd64.s and
// tokens_amd64.s: from the block's backslashes bs and the carry in carry (0 or 1), the escaped
// bytes into escaped and the carry out into carry. bs is left as bs | carry in; p and code are
// scratch. The odd bits' constant passes through escaped.
#define ESCAPED(bs, carry, escaped, p, code) \
	MOVQ carry, p;                     \
	NOTQ p;                            \
	ANDQ bs, p;                        \
	MOVQ $0xaaaaaaaaaaaaaaaa, escaped; \
	MOVQ p, code;                      \
	SHLQ $1, code;                     \
	ORQ  escaped, code;                \
	SUBQ p, code;                      \
	XORQ escaped, code;                \
	ORQ  carry, bs;                    \
	MOVQ code, escaped;                \
	XORQ bs, escaped;                  \
	ANDQ bs, code;                     \
	SHRQ $63, code;                    \
	MOVQ code, carry
