// cta33_bar.s - a CTA of 33 threads: warp 1 holds one lane (thread 32).
// A cnt-0 BAR.SYNC counts both warps (N-32), so warp 0 blocks until warp 1
// arrives.  Kills core.sv `(threads + 31) / 32` made `+ 30` (the warp count
// rounds down to 1: warp 0 completes the barrier alone) and
// `w * 32 >= threads ? EXITED : READY` made `w * 33` (warp 1 starts exited).
// The generator's CTA sizes in seeds 1-30 never leave a last warp of fewer
// lanes than its index (33, 65, 97, ... 1 + 32k: seeds 39, 61, 62, 92 ...).

.threads 33

/*0000*/ S2R R0, SR_TID ;
/*0010*/ BAR.SYNC 0x0 ;
/*0020*/ EXIT ;
