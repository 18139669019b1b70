// BRA.DIV in one branch of a divergent warp whose active lanes all take it:
// divergent, since pmask != ValidMask (N-11), although pmask == ActiveMask.
// Catches the RTL bug bra_div_active.
S2R R0, SR_LANEID ;
ISETP.LT P0, R0, 0x10 ;
BSSY B0, `(.L_join) ;
@P0 BRA `(.L_lo) ;
MOV R1, 0x2 ;
BRA `(.L_join) ;
.L_lo:
BRA.DIV `(.L_div) ;
MOV R1, 0x3 ;
BRA `(.L_join) ;
.L_div:
MOV R1, 0x1 ;
.L_join:
BSYNC B0 ;
EXIT ;
