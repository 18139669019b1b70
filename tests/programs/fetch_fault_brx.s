// fetch_fault_brx.s - a BRX whose target is misaligned for one lane (31):
// the other lanes take their good target, lane 31 is parked with RPC =
// 0x58; when the others EXIT the warp switches to lane 31 and the fetch at
// 0x58 faults.
//
// Rules: N-15 (BRX: Target = 0x40 + 16 + R6 - 0x50 = R6), N-12 (all lanes
// jump: lowest lane's target is taken, lane 31 parked with its target),
// N-18 (EXIT of the active lanes switches to the remaining valid lane),
// N-27 (the fetch at a misaligned ActivePC is a fault; final record
// "fault"), exit status 4.
//
//  t  pc    what
//  0  0x00  R0 = lane
//  1  0x10  R6 = 0x50
//  2  0x20  P0 = (lane == 31)
//  3  0x30  @P0 R6 = 0x58
//  4  0x40  BRX R6, -0x50: lane 0 -> 0x50; RPC[31] = 0x58; active 0x7fffffff
//  5  0x50  EXIT: valid 0x80000000, lane 31: pc 0x58, active 0x80000000
//  6        fetch at 0x58: fault
//
//! exit: 4
//! records: 6
//! record: {"t":4,"pc":"0x40","op":"BRX","active":"0x7fffffff","valid":"0xffffffff","next_pc":"0x50"}
//! record: {"t":5,"pc":"0x50","op":"EXIT","active":"0x80000000","valid":"0x80000000","next_pc":"0x58","ev":[]}
//! expect: {"end":"exception","t":6,"fault":{"warp":0,"pc":"0x58"},"bars":{},"warps":[{"warp":0,"state":"faulted","pc":"0x58","active":"0x80000000","valid":"0x80000000","b":{}}]}

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ MOV R6, 0x50 ;
/*0020*/ ISETP.EQ P0, R0, 0x1f ;
/*0030*/ @P0 MOV R6, 0x58 ;
/*0040*/ BRX R6, -0x50 ;
/*0050*/ EXIT ;
