// cta993_bar.s - a CTA of 993 threads (31 full warps and warp 31 with one
// lane), every warp at one cnt-0 BAR.SYNC.  The warp count is (993 + 31) / 32 = 32;
// core.sv:674 `/ 32` made `/ 31` counts (993 + 31) / 31 = 33 warps, one more than
// the 32 warp slots, whose exited count can never make it up: the barrier waits
// for a 33rd warp (N-32: cnt 0 = every warp of the CTA) and never completes.
// The generator now fills every warp slot in one native seed of 25 (993..1024 threads,
// half of them 1024; docs/gen.md, session 7): seeds 20 and 27 of the default 30.
.threads 993
/*0000*/ BAR.SYNC 0x0 ;
/*0010*/ EXIT ;
