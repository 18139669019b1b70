// a seed of fuzz_run: two warps wait on two different barriers (a deadlock)
.threads 64
/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x1 ;
/*0020*/ @P0 BAR.SYNC 0x2, 0x40 ;
/*0030*/ @!P0 BAR.SYNC 0x3, 0x40 ;
/*0040*/ EXIT ;
