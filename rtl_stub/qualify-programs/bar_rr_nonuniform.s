// bar_rr_nonuniform.s - BAR.SYNC Ra, Rb (form RR) with Rb not uniform in
// the bits used (Rb[11:0] = lane * 32; lane 0's count 0 is taken): N-30's
// OPERAND_NOT_UNIFORM.  Kills warpref_bcu.sv:124 `uniform = 1'b0` made 1'b1
// (the RR loop never clears uniform: no warning): events of the BAR.SYNC.
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ SHL R3, R0, 0x5 ;
/*0020*/ BAR.SYNC RZ, R3 ;
/*0030*/ EXIT ;
