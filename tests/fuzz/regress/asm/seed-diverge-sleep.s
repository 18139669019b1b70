// a seed of fuzz_asm: lanes 0..7 sleep on one side of a branch, all meet at WARPSYNC
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x8 ;
/*0020*/ @!P0 BRA `(.L_other) ;
/*0030*/ NANOSLEEP 0x20 ;
/*0040*/ BRA `(.L_meet) ;
.L_other:
/*0050*/ MOV R1, 0x3 ;
.L_meet:
/*0060*/ WARPSYNC 0xffffffff ;
/*0070*/ EXIT ;
