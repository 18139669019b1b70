// bar_rri_nonuniform.s - BAR.SYNC Rb, imm (form RRI) with Rb[3:0] not
// uniform (lane & 1; lane 0's barrier 0 is taken): N-30's OPERAND_NOT_UNIFORM.
// Kills warpref_bcu.sv:129 `uniform = 1'b0` made 1'b1 (no warning): events of
// the BAR.SYNC.
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ LOP.AND R1, R0, 0x1 ;
/*0020*/ BAR.SYNC R1, 0x20 ;
/*0030*/ EXIT ;
