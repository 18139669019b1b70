// A full EXIT of the active lanes switches to a waiting non-yielded branch
// before a yielded one (N-18, seed 003 EXIT: mask_ny first).  Lanes 16..31
// yield, lanes 8..15 exit, lanes 0..7 (not yielded) must run next.
// Catches the RTL bug exit_switch_yielded.
S2R R0, SR_LANEID ;
ISETP.LT P0, R0, 0x8 ;
ISETP.LT P1, R0, 0x10 ;
@P1 BRA `(.L_a) ;
YIELD ;
MOV R1, 0x3 ;
EXIT ;
.L_a:
@P0 BRA `(.L_c) ;
EXIT ;
.L_c:
MOV R1, 0x1 ;
EXIT ;
