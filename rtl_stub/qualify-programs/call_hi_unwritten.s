// call_hi_unwritten.s - CALL.ABS through a 64-bit constant whose high
// word (c[0x3][0x4]) no .const wrote (N-54: it reads 0, so the target is 0x20).
// Kills warpref_cmem.sv:37 `rhi_o = 32'd0` made 32'd1: the high read port
// keeps its default, 1, and the target's high word becomes 1: active_pc of
// the CALL.  The generator now makes such a pair
// too (docs/gen.md, session 7: CALL.ABS c[0x1][p], its low word alone written).
.threads 32
.const c[0x3][0x0] = 0x20
/*0000*/ CALL.ABS c[0x3][0x0] ;
/*0010*/ EXIT ;
/*0020*/ EXIT ;
