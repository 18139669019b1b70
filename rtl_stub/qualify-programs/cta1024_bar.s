// cta1024_bar.s - a CTA of 1024 threads (32 full warps), every warp at one
// cnt-0 BAR.SYNC.  core.sv:674 `+ 31` made `+ 32` counts (1024 + 32) / 32 = 33
// warps, one more than the 32 warp slots (a CTA of 32k threads gets one warp too
// many; below 1024 that warp starts EXITED and the exited count makes it up, at
// 1024 it does not exist): the barrier waits for a 33rd warp (N-32) and never
// completes.
// The generator now fills every warp slot in one native seed of 25 (half of them with
// 1024 threads; docs/gen.md, session 7): seed 20 of the default 30.
.threads 1024
/*0000*/ BAR.SYNC 0x0 ;
/*0010*/ EXIT ;
