// bar_rir_nonuniform.s - BAR.SYNC imm, Rc (form RIR) with Rc[11:0] not
// uniform (lane * 32; lane 0's count 0 is taken): N-30's OPERAND_NOT_UNIFORM.
// Kills warpref_bcu.sv:135 `uniform = 1'b0` made 1'b1 (no warning): events of
// the BAR.SYNC.
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ SHL R3, R0, 0x5 ;
/*0020*/ BAR.SYNC 0x1, R3 ;
/*0030*/ EXIT ;
