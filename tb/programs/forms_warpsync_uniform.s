// Coverage of the uniform WARPSYNC forms (N-25): UR, ~UR and ~c[][], each
// after an if/else whose two branches meet at it.
.const c[0x2][0x8] = 0x0
S2R R0, SR_LANEID ;
ISETP.LT P0, R0, 0x10 ;
UMOV UR4, 0xffffffff ;
UMOV UR5, 0x0 ;
@P0 BRA `(.L_a) ;
MOV R1, 0x1 ;
BRA `(.L_s1) ;
.L_a:
MOV R1, 0x2 ;
.L_s1:
WARPSYNC UR4 ;
@P0 BRA `(.L_b) ;
MOV R2, 0x3 ;
BRA `(.L_s2) ;
.L_b:
MOV R2, 0x4 ;
.L_s2:
WARPSYNC ~UR5 ;
@!P0 BRA `(.L_c) ;
MOV R3, 0x5 ;
BRA `(.L_s3) ;
.L_c:
MOV R3, 0x6 ;
.L_s3:
WARPSYNC ~c[0x2][0x8] ;
EXIT ;
