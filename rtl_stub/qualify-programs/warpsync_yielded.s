// a uniform WARPSYNC whose waiting members are all yielded while the arrived
// lanes keep yield bits below them (N-25: the switch takes lowest(cmask & Yield))
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ @!P0 BRA `(.L_else) ;
/*0030*/ YIELD ;
/*0040*/ BRA `(.L_join) ;
.L_else:
/*0050*/ YIELD ;
/*0060*/ BRA `(.L_join) ;
.L_join:
/*0070*/ WARPSYNC 0xffffffff ;
/*0080*/ EXIT ;
