// Coverage of the NANOSLEEP forms (N-23): R (the smallest value over the
// pmask lanes), UR, c[][], and a guard split (no timer), on two warps.
//! args: --threads 64
.const c[0x3][0x0] = 0x3
S2R R0, SR_LANEID ;
IADD R1, R0, 0x5 ;
UMOV UR4, 0x7 ;
NANOSLEEP R1 ;
NANOSLEEP UR4 ;
NANOSLEEP c[0x3][0x0] ;
ISETP.LT P0, R0, 0x8 ;
@P0 NANOSLEEP R1 ;
MOV R2, 0x1 ;
EXIT ;
