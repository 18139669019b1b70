// pair_hi_undef.s - a CALL through a register pair whose high register holds
// undefined lanes: B2R.WARP before any reduction or R2B.WARP leaves R5
// undefined in every lane (N-39; the RTL writes 0 there and marks the lanes),
// then CALL.ABS R[4:5] reads R5 as the pair's high word (N-16).  The record's
// Ra undefined lanes (rt_ra_undef) must hold R5's marks: row undef (S5) fails
// when the RTL calls lanes defined that the model reads undefined.  Kills
// core.sv `pair && f_ra != REG_RZ ? rf_ra_hi_undef : 0` made `==` (the high
// word's marks dropped) on a checker with row undef's operand part (qkill).
// The generator writes pairs only through LEPC (both words defined).

.threads 32

/*0000*/ B2R.WARP R5 ;
/*0010*/ MOV R4, 0x30 ;
/*0020*/ CALL.ABS R[4:5], 0x0 ;
/*0030*/ EXIT ;
