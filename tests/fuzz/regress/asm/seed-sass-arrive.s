// a seed of fuzz_asm: the sass profile, a barrier arrival with its count in a register
.profile sass
.threads 64
/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ MOV R6, 0x00400001 ;
/*0020*/ ISETP.NE P0, R0, 0x0 ;
/*0030*/ @P0 BAR.ARV R6, R6 ;
/*0040*/ @!P0 BAR.SYNC 0x1, 0x40 ;
/*0050*/ EXIT ;
