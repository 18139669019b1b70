// deadlock.s - two warps each wait on a barrier the other never reaches:
// warp 0 on barrier 0, warp 1 on barrier 1, both expecting 64 threads.
//
// Rules: N-31 (a BAR with pmask == 0 is a no-op, ActivePC = next), N-32,
// N-35, N-38 (state word: arrived 1, expected 64>>5 = 2 in bits 12:6, mode 1
// sync/arrive in bits 14:13, no reduction: op 0, accumulator 0, bit 28 0
// -> 0x00002081), N-50 (nothing ready, nothing asleep, some warp blocked:
// end deadlock; T = the detection time = last t + 1), exit status 3.
//
//  t  warp  pc    what
//  0  0     0x00  S2R R0 = warpid
//  1  1     0x00  S2R
//  2  0     0x10  P0 = (warpid == 0)
//  3  1     0x10
//  4  0     0x20  @P0 BAR.SYNC 0x0, 0x40    block:0 (count 32 of 64), pc 0x30
//  5  1     0x20  @P0 BAR.SYNC: pmask 0, no-op, pc 0x30
//  6  1     0x30  @!P0 BAR.SYNC 0x1, 0x40   block:1 (warp 0 is blocked), pc 0x40
//  7  deadlock
//
//! exit: 3
//! records: 7
//! record: {"t":4,"warp":0,"pc":"0x20","op":"BAR.SYNC","next_pc":"0x30","ev":["block:0"]}
//! record: {"t":5,"warp":1,"pc":"0x20","op":"BAR.SYNC","active":"0xffffffff","next_pc":"0x30","ev":[]}
//! record: {"t":6,"warp":1,"pc":"0x30","op":"BAR.SYNC","next_pc":"0x40","ev":["block:1"]}
//! expect: {"end":"deadlock","t":7,"bars":{"0":"0x00002081","1":"0x00002081"},"warps":[{"warp":0,"state":"blocked","pc":"0x30","active":"0xffffffff","valid":"0xffffffff","b":{}},{"warp":1,"state":"blocked","pc":"0x40","active":"0xffffffff","valid":"0xffffffff","b":{}}]}

.threads 64

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x0 ;
/*0020*/ @P0 BAR.SYNC 0x0, 0x40 ;
/*0030*/ @!P0 BAR.SYNC 0x1, 0x40 ;
/*0040*/ EXIT ;
