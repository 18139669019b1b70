// The rr scheduler's pointer wrapping (N-50 round robin, +sched=rr): three warps, warps 1 and 2
// EXIT at once and warp 0 runs on alone, so the pick from pointer 1 or 2 must wrap past the last
// warp (w >= nwarps, w - nwarps) to find warp 0; then warp 0 sleeps while the others are exited
// (no warp issuable: the pick must be none).  Run with +sched=rr.
.threads 96
S2R R1, SR_WARPID
ISETP.NE P0, R1, 0x0
@P0 EXIT
IADD R2, R1, 0x1
IADD R2, R2, 0x1
NANOSLEEP 0x10
IADD R2, R2, 0x1
EXIT
