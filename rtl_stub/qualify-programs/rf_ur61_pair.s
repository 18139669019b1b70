// rrf review: a call through the uniform pair UR[61:62] whose high word
// UR62 is not zero: the target is {UR62, UR61} (N-16), here beyond the
// program (a fetch fault); a design that reads UR62 as 0 for the pair at
// UR61 jumps to .L_f instead (old qualify mutant M0577, ur_i < 6'd61).
.threads 32
/*0000*/ UMOV UR61, 0x40 ;
/*0010*/ UMOV UR62, 0x1 ;
/*0020*/ CALL.ABS UR[61:62] ;
/*0030*/ EXIT ;
.L_f:
/*0040*/ EXIT ;
