// shl32.s - SHL by exactly 32 of a nonzero register (N-54: a shift by 32 or
// more gives 0).  Kills warpref_alu.sv:77 `imm >= 32'd32` made `>` or
// `>= 32'd33` (both give Ra << 0 = Ra at 32): write.gpr of the SHL.
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ IADD R1, R0, 0x5 ;
/*0020*/ SHL R2, R1, 0x20 ;
/*0030*/ EXIT ;
