// The rr scheduler's scan from pointer 0 when warp 0 has exited: three warps, warp 0 EXITs at once
// and warps 1 and 2 run on, so from pointer 0 the pick is warp 1 (k = 1).  Run with +sched=rr.
.threads 96
S2R R1, SR_WARPID
ISETP.EQ P0, R1, 0x0
@P0 EXIT
IADD R2, R1, 0x1
IADD R2, R2, 0x1
IADD R2, R2, 0x1
EXIT
