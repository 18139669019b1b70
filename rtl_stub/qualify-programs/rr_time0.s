// rr_time0.s - the first instruction of a run, under N-50's scheduler (+sched=rr).
// N-50: time starts at 0 and advances by 1 per issued instruction, so the first record's
// t is 0.  core.sv:648 `now_q <= 64'd0` made 64'd1 starts the design's clock at 1: under
// rr (+time=n50, every record's t is N-50's) the first record is dated 1.  Under own
// (+time=cycles) the clock's origin is the design's: every time is shifted by the same 1
// (deadlines, wakes, the checks of the clock's steps all relative), so only rr sees it.
// Run: tb_lockstep +program=rr_time0.s +sched=rr
.threads 32
/*0000*/ EXIT ;
