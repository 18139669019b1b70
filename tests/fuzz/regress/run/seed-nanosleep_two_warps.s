// nanosleep_two_warps.s - warp 0 sleeps (NANOSLEEP of the whole warp) while
// warp 1 keeps running: the scheduler skips the asleep warp, time does not
// jump, and the deadline fires at the start of the turn at t = 9, where warp
// 0 is next in round-robin order.  Warp 1's guarded-off NANOSLEEP does
// nothing and sets no timer.
//
// Rules: N-23 (deadline = issue time 4 + 5 = 9; converged: pc = next, the
// warp sleeps; guard split sets no timer; deadlines <= now fire at the start
// of a turn), N-50 (asleep warps skipped; pointer after the issuer).
//
//  t   warp  pc    what
//  0-3             S2R, ISETP (P0 = warpid == 0) on warps 0 and 1
//  4   0     0x20  @P0 NANOSLEEP 0x5: sleep, deadline 9, Sleep = 0xffffffff
//  5   1     0x20  guard false: pc 0x30, no timer
//  6   1     0x30  NOP   (warp 0 asleep)
//  7   1     0x40  NOP
//  8   1     0x50  NOP
//  9   0     0x30  NOP, wake (deadline 9 fired; the pointer is at warp 0)
// 10   1     0x60  NOP
// 11   0     0x40  NOP
// 12   1     0x70  EXIT
// 13   0     0x50  NOP
// 14   0     0x60  NOP
// 15   0     0x70  EXIT
//
//! records: 16
//! record: {"t":4,"warp":0,"pc":"0x20","op":"NANOSLEEP","active":"0xffffffff","next_pc":"0x30","sleep":"0xffffffff","yield":"0x00000000","switch":"0x00000000","ev":["sleep"]}
//! record: {"t":5,"warp":1,"pc":"0x20","op":"NANOSLEEP","active":"0xffffffff","next_pc":"0x30","sleep":"0x00000000","ev":[]}
//! record: {"t":6,"warp":1,"pc":"0x30","op":"NOP"}
//! record: {"t":8,"warp":1,"pc":"0x50","op":"NOP"}
//! record: {"t":9,"warp":0,"pc":"0x30","op":"NOP","sleep":"0x00000000","ev":["wake"]}
//! record: {"t":10,"warp":1,"pc":"0x60","op":"NOP","ev":[]}
//! record: {"t":12,"warp":1,"pc":"0x70","op":"EXIT","ev":["exit"]}
//! record: {"t":15,"warp":0,"pc":"0x70","op":"EXIT","ev":["exit"]}
//! expect: {"end":"done","t":16,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0x70","sleep":"0x00000000","yield":"0x00000000"},{"warp":1,"state":"exited","pc":"0x70","sleep":"0x00000000"}]}

.threads 64

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x0 ;
/*0020*/ @P0 NANOSLEEP 0x5 ;
/*0030*/ NOP ;
/*0040*/ NOP ;
/*0050*/ NOP ;
/*0060*/ NOP ;
/*0070*/ EXIT ;
