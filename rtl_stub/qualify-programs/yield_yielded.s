// a YIELD whose switch candidates are all yielded while the yielding lanes
// keep yield bits of an earlier YIELD below them (N-22: lowest(cmask & Yield))
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ @!P0 BRA `(.L_else) ;
/*0030*/ YIELD ;
/*0040*/ YIELD ;
/*0050*/ EXIT ;
.L_else:
/*0060*/ YIELD ;
/*0070*/ EXIT ;
