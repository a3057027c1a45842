// The nibble tables of the UTF-8 check of the text scans (text_amd64.s, text_arm64.s): Keiser and
// Lemire's lookup algorithm, one bit per rule a pair of bytes can break.

// Rule bits of the lookup tables.
#define TOO_SHORT  0x01
#define TOO_LONG   0x02
#define OVERLONG_3 0x04
#define TOO_LARGE  0x08
#define SURROGATE  0x10
#define OVERLONG_2 0x20
#define TOO_LARGE_1000 0x40
#define OVERLONG_4 0x40
#define TWO_CONTS  0x80
#define CARRY      (TOO_SHORT|TOO_LONG|TWO_CONTS)

// By the high nibble of the byte before (prev1).
DATA prev1hi<>+0(SB)/1, $TOO_LONG
DATA prev1hi<>+1(SB)/1, $TOO_LONG
DATA prev1hi<>+2(SB)/1, $TOO_LONG
DATA prev1hi<>+3(SB)/1, $TOO_LONG
DATA prev1hi<>+4(SB)/1, $TOO_LONG
DATA prev1hi<>+5(SB)/1, $TOO_LONG
DATA prev1hi<>+6(SB)/1, $TOO_LONG
DATA prev1hi<>+7(SB)/1, $TOO_LONG
DATA prev1hi<>+8(SB)/1, $TWO_CONTS
DATA prev1hi<>+9(SB)/1, $TWO_CONTS
DATA prev1hi<>+10(SB)/1, $TWO_CONTS
DATA prev1hi<>+11(SB)/1, $TWO_CONTS
DATA prev1hi<>+12(SB)/1, $(TOO_SHORT|OVERLONG_2)
DATA prev1hi<>+13(SB)/1, $TOO_SHORT
DATA prev1hi<>+14(SB)/1, $(TOO_SHORT|OVERLONG_3|SURROGATE)
DATA prev1hi<>+15(SB)/1, $(TOO_SHORT|TOO_LARGE|TOO_LARGE_1000|OVERLONG_4)
GLOBL prev1hi<>(SB), RODATA|NOPTR, $16

// By the low nibble of the byte before.
DATA prev1lo<>+0(SB)/1, $(CARRY|OVERLONG_3|OVERLONG_2|OVERLONG_4)
DATA prev1lo<>+1(SB)/1, $(CARRY|OVERLONG_2)
DATA prev1lo<>+2(SB)/1, $CARRY
DATA prev1lo<>+3(SB)/1, $CARRY
DATA prev1lo<>+4(SB)/1, $(CARRY|TOO_LARGE)
DATA prev1lo<>+5(SB)/1, $(CARRY|TOO_LARGE|TOO_LARGE_1000)
DATA prev1lo<>+6(SB)/1, $(CARRY|TOO_LARGE|TOO_LARGE_1000)
DATA prev1lo<>+7(SB)/1, $(CARRY|TOO_LARGE|TOO_LARGE_1000)
DATA prev1lo<>+8(SB)/1, $(CARRY|TOO_LARGE|TOO_LARGE_1000)
DATA prev1lo<>+9(SB)/1, $(CARRY|TOO_LARGE|TOO_LARGE_1000)
DATA prev1lo<>+10(SB)/1, $(CARRY|TOO_LARGE|TOO_LARGE_1000)
DATA prev1lo<>+11(SB)/1, $(CARRY|TOO_LARGE|TOO_LARGE_1000)
DATA prev1lo<>+12(SB)/1, $(CARRY|TOO_LARGE|TOO_LARGE_1000)
DATA prev1lo<>+13(SB)/1, $(CARRY|TOO_LARGE|TOO_LARGE_1000|SURROGATE)
DATA prev1lo<>+14(SB)/1, $(CARRY|TOO_LARGE|TOO_LARGE_1000)
DATA prev1lo<>+15(SB)/1, $(CARRY|TOO_LARGE|TOO_LARGE_1000)
GLOBL prev1lo<>(SB), RODATA|NOPTR, $16

// By the high nibble of the byte itself.
DATA curhi<>+0(SB)/1, $TOO_SHORT
DATA curhi<>+1(SB)/1, $TOO_SHORT
DATA curhi<>+2(SB)/1, $TOO_SHORT
DATA curhi<>+3(SB)/1, $TOO_SHORT
DATA curhi<>+4(SB)/1, $TOO_SHORT
DATA curhi<>+5(SB)/1, $TOO_SHORT
DATA curhi<>+6(SB)/1, $TOO_SHORT
DATA curhi<>+7(SB)/1, $TOO_SHORT
DATA curhi<>+8(SB)/1, $(TOO_LONG|OVERLONG_2|TWO_CONTS|OVERLONG_3|TOO_LARGE_1000|OVERLONG_4)
DATA curhi<>+9(SB)/1, $(TOO_LONG|OVERLONG_2|TWO_CONTS|OVERLONG_3|TOO_LARGE)
DATA curhi<>+10(SB)/1, $(TOO_LONG|OVERLONG_2|TWO_CONTS|SURROGATE|TOO_LARGE)
DATA curhi<>+11(SB)/1, $(TOO_LONG|OVERLONG_2|TWO_CONTS|SURROGATE|TOO_LARGE)
DATA curhi<>+12(SB)/1, $TOO_SHORT
DATA curhi<>+13(SB)/1, $TOO_SHORT
DATA curhi<>+14(SB)/1, $TOO_SHORT
DATA curhi<>+15(SB)/1, $TOO_SHORT
GLOBL curhi<>(SB), RODATA|NOPTR, $16
