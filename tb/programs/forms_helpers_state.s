// Coverage of helper forms (LOP.XOR, SHR, IADD/LOP/ISETP with a register,
// S2R SR_TID, MOV R, LDC) and of the undefined values of section 5: B2R.WARP
// and BAR.RESULT before any reduction, their propagation through MOV, then
// R2B.WARP, B2R.WARP and BAR.RESULT of the restored word.
//! args: --threads 48
.const c[0x0][0x4] = 0x1234
S2R R0, SR_TID ;
S2R R1, SR_LANEID ;
LOP.XOR R2, R0, 0xff ;
SHR R3, R2, 0x2 ;
IADD R4, R3, R1 ;
ISETP.GE P1, R4, 0x40 ;
ISETP.NE P2, R0, R1 ;
LOP.AND R5, R4, R2 ;
MOV R6, R5 ;
@P1 MOV R6, 0x10254004 ;
B2R.WARP R7 ;
BAR.RESULT R1, P3 ;
MOV R2, R7 ;
@P2 R2B.WARP R6 ;
B2R.WARP R3 ;
BAR.RESULT R0, P4 ;
LDC R5, c[0x0][0x4] ;
EXIT ;
