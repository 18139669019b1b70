// sass_syncall_trap.s - BAR.SYNCALL in trap mode: TRAP enters trap mode and
// goes on (the handler is inline), BAR.SYNCALL waits for every live warp on
// its own barrier (16 in events and `bars`), RTT leaves trap mode and goes on.
//
// Rules: S-06 (SYNCALL: the dedicated barrier, 32 x live warps), S-13 (trap
// mode per warp, TRAP and RTT go on), S-15 (barrier 16, the cnt == 0 count).
//
//  t  warp  pc    instruction    events
//  2  0     0x10  TRAP 0x2       trap:2 (ActivePC 0x20: goes on)
//  3  1     0x10  TRAP 0x2       trap:2
//  4  0     0x20  BAR.SYNCALL    block:16   bar 16 = 0x2001 (arrived 1, all warps)
//  5  1     0x20  BAR.SYNCALL    arrive:16 release:16:0
//  6  0     0x30  RTT            rtt (goes on, out of trap mode)
//  7  1     0x30  RTT            rtt
//  8, 9           EXIT
//
//! args: --profile sass
//! records: 10
//! record: {"t":2,"warp":0,"pc":"0x10","op":"TRAP","next_pc":"0x20","ev":["trap:2"]}
//! record: {"t":4,"warp":0,"pc":"0x20","op":"BAR.SYNCALL","ev":["block:16"],"bars":{"16":"0x00002001"}}
//! record: {"t":5,"warp":1,"pc":"0x20","op":"BAR.SYNCALL","ev":["arrive:16","release:16:0"],"bars":{"16":"0x00000000"}}
//! record: {"t":6,"warp":0,"pc":"0x30","op":"RTT","next_pc":"0x40","ev":["rtt"]}
//! record: {"t":9,"warp":1,"pc":"0x40","op":"EXIT","ev":["exit"]}
//! expect: {"end":"done","t":10,"bars":{},"profile":"sass","warps":[{"warp":0,"state":"exited","pc":"0x40"},{"warp":1,"state":"exited","pc":"0x40"}]}

.profile sass
.threads 64

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ TRAP 0x2 ;
/*0020*/ BAR.SYNCALL ;
/*0030*/ RTT ;
/*0040*/ EXIT ;
