// bar_cnt_nonuniform.s - BAR.SYNC Ra, Rb with Ra uniform (RZ) and
// Rb not (lane * 32: lane 0's count 0 is used, the others differ): N-30's
// OPERAND_NOT_UNIFORM.  Kills warpref_bcu.sv:124 `!= bid[3:0] || rb_i... != cnt`
// made `&&`: the mutant warns only where both operands differ: events of the
// BAR.SYNC.
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ SHL R3, R0, 0x5 ;
/*0020*/ BAR.SYNC RZ, R3 ;
/*0030*/ EXIT ;
