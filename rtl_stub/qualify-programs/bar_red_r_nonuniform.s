// bar_red_r_nonuniform.s - BAR.RED.POPC Rb, Pp (form RED_R: barid =
// Rb[3:0], cnt = Rb[15:4]) with Rb[15:4] not uniform (lane << 4; lane 0's
// barrier 0, count 0 are taken): N-30's OPERAND_NOT_UNIFORM.  Kills
// warpref_bcu.sv:142 `uniform = 1'b0` made 1'b1 (no warning): events of the
// BAR.RED.
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ SHL R3, R0, 0x4 ;
/*0020*/ BAR.RED.POPC R3, PT ;
/*0030*/ EXIT ;
