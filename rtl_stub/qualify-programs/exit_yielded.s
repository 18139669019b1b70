// an EXIT whose candidates are all yielded while lower lanes (the exiting
// ones) keep their yield bits: N-18 picks lowest(cmask & Yield), lane 16
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ @!P0 BRA `(.L_else) ;
/*0030*/ MOV R1, 0x1 ;
/*0040*/ YIELD ;
/*0050*/ EXIT ;
.L_else:
/*0060*/ MOV R1, 0x2 ;
/*0070*/ YIELD ;
/*0080*/ IADD R1, R1, 0x20 ;
/*0090*/ EXIT ;
