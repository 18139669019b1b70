// trap_asleep.s - a warp that stops (TRAP) while it holds a sleep deadline.
// One warp splits: lanes 0-7 NANOSLEEP 0x100 (the warp's deadline is set; it switches
// to lanes 8-31 and stays READY), lanes 8-31 TRAP: the warp is TRAPPED and still armed.
// No warp is ready and none is asleep: the run ends done at once (N-50, N-54).
// core.sv:207 `run_q == ASLEEP && armed_q` made `||` counts the trapped armed warp as
// asleep: the design's clock leaps to its deadline before the run ends.
// The generator's hole shape at the program's end (docs/gen.md, session 7): every warp's
// low lanes NANOSLEEP and the rest TRAP (warpref gen --seed 12 ends so).
.threads 32
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x8 ;
/*0020*/ @!P0 BRA `(.L_else) ;
/*0030*/ NANOSLEEP 0x100 ;
/*0040*/ EXIT ;
.L_else:
/*0050*/ TRAP 0x1 ;
/*0060*/ EXIT ;
