// mode_sync_on_red.s - BAR.ARV on a barrier whose phase is a reduction (N-37
// BAR_MODE_MISMATCH: the mode differs, the instruction is no reduction).  Warp 0
// starts a BAR.RED.POPC phase on barrier 1 for 64 threads and waits; warp 1
// (after a short sleep, so that warp 0 is first) arrives with BAR.ARV on it.
// Kills warpref_bcu.sv:258 `mode != want || (red_mode && ...)` made `&&`
// (no exception there): exception.
.threads 64
/*0000*/ S2R R1, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R1, 0x0 ;
/*0020*/ @!P0 BRA `(.L1) ;
/*0030*/ BAR.RED.POPC 0x1, 0x40, PT ;
/*0040*/ EXIT ;
.L1:
/*0050*/ NANOSLEEP 0x10 ;
/*0060*/ BAR.ARV 0x1, 0x40 ;
/*0070*/ EXIT ;
