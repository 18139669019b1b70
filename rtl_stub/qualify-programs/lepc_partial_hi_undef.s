// rn4 review: a pair write by some lanes only while the high register holds
// undefined lanes.  B2R.WARP before any reduction leaves R41 undefined in
// every lane (N-39, SPEC-NOTES section 5); @P1 LEPC R[40:41] (lane 0 alone)
// defines R41 in lane 0 only (N-17): lanes 1-31 stay undefined to the end.
// Kills regfile.sv:206 `(old & ~we) | (undef & we)` made `&` (the pair's
// high register's marks cleared in every lane by a pair write).  The
// generator's shape (rf_pair_high_undef) writes the pair with every lane.
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ B2R.WARP R41 ;
/*0020*/ ISETP.EQ P1, R0, 0x0 ;
/*0030*/ @P1 LEPC R[40:41], `(.L_x) ;
.L_x:
/*0040*/ EXIT ;
