// producer_consumer.s - seed 001's producer/consumer example (the last example
// of the SASS BAR text): odd warps produce (arrive on barrier 0 without
// waiting, later wait on barrier 1), even warps consume (wait on barrier 0,
// later arrive on barrier 1), both with an expected count of 64 threads.
// 4 warps; the role comes from SR_WARPID.  Memory operations are stand-ins
// (MOV).  Each side does one instruction of work before its first barrier,
// so the scheduler pairs warp 0 with warp 1 and warp 2 with warp 3.
//
// Rules: N-30 (I form), N-31 (+32 per warp, ActivePC = next at arrival),
// N-32 (cnt > 0: complete when count >= cnt), N-34 (blocked warps woken,
// state word back to 0), N-35 (SYNC blocks unless its own arrival completes;
// ARV never blocks), N-50 (round-robin from a pointer), TRACE-FORMAT events.
//
// Every warp runs 9 instructions; no round is ever short of a warp (each
// blocked warp is released later in the same round), so warp w issues its
// k-th instruction at t = 4k + w.  k: 0 S2R, 1 LOP, 2 ISETP, 3 BRA,
// 4 MOV, 5 first barrier, 6 MOV, 7 second barrier, 8 EXIT.
//
//  t   warp  pc    instruction        barrier count   events
// 20   0     0xa0  BAR.SYNC 0, 64     bar0 32         block:0
// 21   1     0x50  BAR.ARV 0, 64      bar0 64 -> 0    arrive:0 release:0:0
// 22   2     0xa0  BAR.SYNC 0, 64     bar0 32         block:0
// 23   3     0x50  BAR.ARV 0, 64      bar0 64 -> 0    arrive:0 release:0:2
// 28   0     0xc0  BAR.ARV 1, 64      bar1 32         arrive:1
// 29   1     0x70  BAR.SYNC 1, 64     bar1 64 -> 0    arrive:1 release:1
// 30   2     0xc0  BAR.ARV 1, 64      bar1 32         arrive:1
// 31   3     0x70  BAR.SYNC 1, 64     bar1 64 -> 0    arrive:1 release:1
// 32..35  EXIT of warps 0, 1, 2, 3 (pcs 0xd0, 0x80, 0xd0, 0x80)
//
//! records: 36
//! record: {"t":12,"warp":0,"pc":"0x30","op":"BRA","active":"0xffffffff","next_pc":"0x90"}
//! record: {"t":13,"warp":1,"pc":"0x30","op":"BRA","active":"0xffffffff","next_pc":"0x40"}
//! record: {"t":20,"warp":0,"pc":"0xa0","op":"BAR.SYNC","next_pc":"0xb0","active":"0xffffffff","ev":["block:0"]}
//! record: {"t":21,"warp":1,"pc":"0x50","op":"BAR.ARV","next_pc":"0x60","ev":["arrive:0","release:0:0"]}
//! record: {"t":22,"warp":2,"pc":"0xa0","op":"BAR.SYNC","next_pc":"0xb0","ev":["block:0"]}
//! record: {"t":23,"warp":3,"pc":"0x50","op":"BAR.ARV","next_pc":"0x60","ev":["arrive:0","release:0:2"]}
//! record: {"t":24,"warp":0,"pc":"0xb0","op":"MOV","ev":[]}
//! record: {"t":28,"warp":0,"pc":"0xc0","op":"BAR.ARV","next_pc":"0xd0","ev":["arrive:1"]}
//! record: {"t":29,"warp":1,"pc":"0x70","op":"BAR.SYNC","next_pc":"0x80","ev":["arrive:1","release:1"]}
//! record: {"t":30,"warp":2,"pc":"0xc0","op":"BAR.ARV","next_pc":"0xd0","ev":["arrive:1"]}
//! record: {"t":31,"warp":3,"pc":"0x70","op":"BAR.SYNC","next_pc":"0x80","ev":["arrive:1","release:1"]}
//! record: {"t":32,"warp":0,"pc":"0xd0","op":"EXIT","ev":["exit"]}
//! record: {"t":33,"warp":1,"pc":"0x80","op":"EXIT","ev":["exit"]}
//! record: {"t":34,"warp":2,"pc":"0xd0","op":"EXIT","ev":["exit"]}
//! record: {"t":35,"warp":3,"pc":"0x80","op":"EXIT","ev":["exit"]}
//! expect: {"end":"done","t":36,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0xd0","active":"0x00000000","valid":"0x00000000","b":{}},{"warp":1,"state":"exited","pc":"0x80","valid":"0x00000000"},{"warp":2,"state":"exited","pc":"0xd0","valid":"0x00000000"},{"warp":3,"state":"exited","pc":"0x80","valid":"0x00000000"}]}

.threads 128

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ LOP.AND R1, R0, 0x1 ;
/*0020*/ ISETP.NE P0, R1, 0x0 ;          // P0: odd warp, the producer
/*0030*/ @!P0 BRA `(.L_consumer) ;
// producer (odd warps)
/*0040*/ MOV R2, 0x1 ;                   // stands for the shared-memory store
/*0050*/ BAR.ARV 0x0, 0x40 ;
/*0060*/ MOV R3, 0x2 ;                   // stands for the global load
/*0070*/ BAR.SYNC 0x1, 0x40 ;
/*0080*/ EXIT ;
.L_consumer:
// consumer (even warps)
/*0090*/ MOV R4, 0x5 ;                   // the consumer's own work
/*00a0*/ BAR.SYNC 0x0, 0x40 ;
/*00b0*/ MOV R3, 0x3 ;                   // stands for the shared-memory load
/*00c0*/ BAR.ARV 0x1, 0x40 ;
/*00d0*/ EXIT ;
