// a seed of fuzz_run: a yield, then a reduction of two warps on barrier 0
.threads 64
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P1, R0, 0x10 ;
/*0020*/ YIELD ;
/*0030*/ BAR.RED.POPC 0x0, P1 ;
/*0040*/ EXIT ;
