// LEPC writes a 64-bit address into a register pair whose high word is not
// zero (N-17: R[d:d+1] = ActivePC + off, PCs wrap modulo 2^64); CALL.ABS and
// RET.ABS read the whole pair and take the bias back with their offset
// (N-16).  Catches the RTL bug pair_high_dropped (a pair write that loses
// its high word), which programs with addresses near zero never show.
LEPC R[4:5], `(.Lf - . + 0x300000000) ;
LEPC R[6:7], `(.Lret - . - 0x500000000) ;
CALL.ABS R[4:5], -0x300000000 ;
.Lret:
MOV R1, 0x5 ;
EXIT ;
.Lf:
MOV R1, 0x6 ;
RET.ABS R[6:7], 0x500000000 ;
