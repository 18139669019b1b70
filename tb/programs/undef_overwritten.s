// Registers holding undefined values (section 5: B2R.WARP and BAR.RESULT
// before any reduction, N-39; a MOV of such a register) overwritten with
// defined values: every lane is defined again, and so is what is computed
// from them.  Catches the RTL bug rf_stale_undef.
.threads 64
B2R.WARP R1 ;
BAR.RESULT R2, P1 ;
MOV R3, R1 ;
S2R R1, SR_LANEID ;
MOV R2, 0x5 ;
IADD R3, R1, R2 ;
ISETP.LT P1, R1, 0x10 ;
@P1 MOV R4, R3 ;
EXIT ;
