// BSSY adds the executing lanes to Bn (N-20); two guarded BSSY give the
// union.  Catches the RTL bug bssy_overwrite.
S2R R0, SR_LANEID ;
ISETP.LT P0, R0, 0x10 ;
@P0 BSSY B1, `(.L_join) ;
@!P0 BSSY B1, `(.L_join) ;
@P0 BRA `(.L_join) ;
MOV R1, 0x1 ;
.L_join:
BSYNC B1 ;
EXIT ;
