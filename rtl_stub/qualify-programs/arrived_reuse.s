// arrived_reuse.s - a barrier reused after a completed phase by a reduction
// warp 0 does not join (N-34: only the warps that arrived in that phase get
// the WarpBARState).  Both warps complete BAR.SYNC on barrier 1; warp 0 exits;
// warp 1 alone completes BAR.RED.POPC on barrier 1 (cnt 32).  Kills
// warpref_bcu.sv:344 `arrived_o[b*32 +: 32] = 32'd0` made `32'd1` (warp 0's
// arrived bit survives the completion, and warp 0 gets the result too).
.threads 64
/*0000*/ S2R R1, SR_WARPID ;
/*0010*/ BAR.SYNC 0x1 ;
/*0020*/ ISETP.EQ P0, R1, 0x0 ;
/*0030*/ @P0 EXIT ;
/*0040*/ BAR.RED.POPC 0x1, 0x20, PT ;
/*0050*/ B2R.WARP R2 ;
/*0060*/ EXIT ;
