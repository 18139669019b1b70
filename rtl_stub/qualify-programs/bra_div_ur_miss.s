// a guarded BRA.DIV URa whose UR mask holds none of the active lanes whose
// guard is false (N-11: converged, guards disagree, no guard-false lane in
// the mask: convergent, no jump)
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ UMOV UR4, 0x0000ffff ;
/*0030*/ @P0 BRA.DIV UR4, `(.L_skip) ;
/*0040*/ MOV R1, 0x1 ;
.L_skip:
/*0050*/ EXIT ;
