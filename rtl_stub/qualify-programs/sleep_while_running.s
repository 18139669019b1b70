// sleep_while_running.s - warp 0 sleeps 4 ns while warp 1 runs WARPSYNCs
// (latency 2 in the stub's own mode: warp 1 leaves every other cycle free).
// The stub's own-mode time counts cycles, so warp 0's deadline fires while
// warp 1 still runs and warp 0 issues in warp 1's free cycles.  With the
// clock standing (core.sv `now_q + 64'd1` made `+ 64'd0`) every record is
// dated t=0, the deadline never comes while warp 1 runs, and warp 0 wakes
// only after warp 1's EXIT (the jump when every live warp sleeps).  The
// checker took the RTL's time and order as given and passed both until
// session 6; now the clock is judged (docs/lockstep.md "Time"): the stub's
// +time=cycles fails the standing clock at the edge after the first record.

.threads 64

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x0 ;
/*0020*/ @P0 BRA `(.L_sleeper) ;
/*0030*/ WARPSYNC 0xffffffff ;
/*0040*/ WARPSYNC 0xffffffff ;
/*0050*/ WARPSYNC 0xffffffff ;
/*0060*/ WARPSYNC 0xffffffff ;
/*0070*/ WARPSYNC 0xffffffff ;
/*0080*/ WARPSYNC 0xffffffff ;
/*0090*/ WARPSYNC 0xffffffff ;
/*00a0*/ WARPSYNC 0xffffffff ;
/*00b0*/ WARPSYNC 0xffffffff ;
/*00c0*/ WARPSYNC 0xffffffff ;
/*00d0*/ EXIT ;
.L_sleeper:
/*00e0*/ NANOSLEEP 0x4 ;
/*00f0*/ NOP ;
/*0100*/ EXIT ;
