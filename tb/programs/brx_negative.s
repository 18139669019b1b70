// BRX with a negative per-lane register offset: sign-extended from 32 bits
// (N-15).  Lanes 0..15 jump back 0x40 bytes, the others fall through.
// Catches the RTL bug brx_zero_extend.
S2R R0, SR_LANEID ;
ISETP.LT P0, R0, 0x10 ;
BRA `(.L_go) ;
.L_back:
MOV R1, 0x1 ;
BRA `(.L_join) ;
.L_go:
MOV R2, 0xffffffb0 ;
@!P0 MOV R2, 0x0 ;
BSSY B0, `(.L_join) ;
BRX R2, 0x0 ;
MOV R1, 0x2 ;
.L_join:
BSYNC B0 ;
EXIT ;
