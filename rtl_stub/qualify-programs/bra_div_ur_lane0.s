// a guarded BRA.DIV URa whose guard holds in lane 0 alone (pmask == 1) and
// whose UR mask holds a guard-false active lane (N-11: divergent, all jump)
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.EQ P0, R0, 0x0 ;
/*0020*/ UMOV UR4, 0xffffffff ;
/*0030*/ @P0 BRA.DIV UR4, `(.L_skip) ;
/*0040*/ MOV R1, 0x1 ;
.L_skip:
/*0050*/ EXIT ;
