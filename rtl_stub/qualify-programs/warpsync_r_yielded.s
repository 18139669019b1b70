// a per-lane WARPSYNC Rb whose waiting members are all yielded while the
// arrived lanes keep yield bits below them (N-25: lowest(cmask & Yield))
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ MOV R1, 0xffffffff ;
/*0020*/ ISETP.LT P0, R0, 0x10 ;
/*0030*/ @!P0 BRA `(.L_else) ;
/*0040*/ YIELD ;
/*0050*/ BRA `(.L_join) ;
.L_else:
/*0060*/ YIELD ;
/*0070*/ BRA `(.L_join) ;
.L_join:
/*0080*/ WARPSYNC R1 ;
/*0090*/ EXIT ;
