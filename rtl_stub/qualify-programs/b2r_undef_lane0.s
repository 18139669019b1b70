// b2r_undef_lane0.s - B2R.WARP of an undefined WarpBARState (N-39) with lane 0
// alone executing (pmask = 1).  Kills warpref_bcu.sv:357 `rd_we_o != 32'd0`
// made `!= 32'd1`: the written lane is marked defined: undef (S5).
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.EQ P0, R0, 0x0 ;
/*0020*/ @P0 B2R.WARP R2 ;
/*0030*/ EXIT ;
