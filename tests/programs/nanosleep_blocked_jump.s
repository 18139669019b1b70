// nanosleep_blocked_jump.s - a time jump passes over the deadline of a warp
// that is not asleep.  Warp 0 splits: lanes 0-7 NANOSLEEP (deadline 43; the
// warp switches to lanes 8-31 and stays ready), lanes 8-31 then block at
// BAR.SYNC 0, so warp 0 is blocked and still holds a deadline.  Warp 1
// sleeps whole until 265.  No warp is ready: time jumps to the earliest
// deadline of an ASLEEP warp, 265, not to warp 0's 43 (warp 0 is blocked,
// not asleep).  At the turn of t = 265 both deadlines fire: warp 1 wakes and
// completes the barrier, and warp 0's SleepMask is cleared there.  (Found by
// the mutation review of issue 23: the checker's time rule jumped to warp
// 0's deadline, so the model's own trace of this program failed its replay
// and the stub, which jumps as N-50 says, failed the lockstep.)
//
// Rules: N-50 (time jumps to the earliest deadline of an asleep warp; every
// deadline <= now fires at the start of the turn), N-23 (a deadline clears
// the SleepMask; it wakes the warp only if the warp is asleep), N-32.
//
//  t    warp  pc    what
//  0-8              S2R, ISETP, BRA; warp 0 splits at 0x50 (lanes 0-7 on)
//  9    1     0xa0  NANOSLEEP 0x100: asleep, deadline 265
// 11    0     0x60  NANOSLEEP 0x20 by lanes 0-7: deadline 43, switch to 8-31
// 12    0     0x80  BAR.SYNC by lanes 8-31: warp 0 blocks (no warp ready)
// 265   1     0xb0  BAR.SYNC: wake (jump to 265), arrive, release barrier 0
// 266   0     0x90  EXIT of lanes 8-31 (the deadline 43 fired at 265)
// 267   1     0xc0  EXIT
// 268   0     0x70  EXIT of lanes 0-7
//
//! records: 17
//! record: {"t":9,"warp":1,"pc":"0xa0","op":"NANOSLEEP","sleep":"0xffffffff","ev":["sleep"]}
//! record: {"t":11,"warp":0,"pc":"0x60","op":"NANOSLEEP","active":"0xffffff00","next_pc":"0x80","sleep":"0x000000ff","ev":[]}
//! record: {"t":12,"warp":0,"pc":"0x80","op":"BAR.SYNC","active":"0xffffff00","sleep":"0x000000ff","ev":["block:0"]}
//! record: {"t":265,"warp":1,"pc":"0xb0","op":"BAR.SYNC","ev":["wake","arrive:0","release:0:0"]}
//! record: {"t":266,"warp":0,"pc":"0x90","op":"EXIT","active":"0x000000ff","sleep":"0x00000000","ev":[]}
//! record: {"t":268,"warp":0,"pc":"0x70","op":"EXIT","ev":["exit"]}
//! expect: {"end":"done","t":269,"bars":{},"warps":[{"warp":0,"state":"exited","sleep":"0x00000000"},{"warp":1,"state":"exited"}]}

.threads 64
/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ S2R R1, SR_WARPID ;
/*0020*/ ISETP.EQ P1, R1, 0x0 ;
/*0030*/ @!P1 BRA `(.L_w1) ;
/*0040*/ ISETP.LT P0, R0, 0x8 ;
/*0050*/ @!P0 BRA `(.L_else) ;
/*0060*/ NANOSLEEP 0x20 ;
/*0070*/ EXIT ;
.L_else:
/*0080*/ BAR.SYNC 0x0, 0x40 ;
/*0090*/ EXIT ;
.L_w1:
/*00a0*/ NANOSLEEP 0x100 ;
/*00b0*/ BAR.SYNC 0x0, 0x40 ;
/*00c0*/ EXIT ;
