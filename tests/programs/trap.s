// trap.s - TRAP with a false guard does nothing; with a true guard it stops
// the warp in state trapped; the run is done when every warp has exited or
// trapped.
//
// Rules: N-26 (pmask == 0: ActivePC = next, no event; else event trap:IDX in
// decimal, state trapped, ActivePC and masks unchanged), N-50 (done when all
// warps exited or trapped; exit status 0).
//
//  t  warp  pc    what
//  0-3            S2R, ISETP (P0 = warpid == 1)
//  4  0     0x20  @P0 TRAP 0x7: guard false, pc 0x30, no event
//  5  1     0x20  @P0 TRAP 0x7: trap:7, warp 1 trapped at 0x20
//  6  0     0x30  EXIT
//
//! records: 7
//! record: {"t":4,"warp":0,"pc":"0x20","op":"TRAP","next_pc":"0x30","ev":[]}
//! record: {"t":5,"warp":1,"pc":"0x20","op":"TRAP","active":"0xffffffff","valid":"0xffffffff","next_pc":"0x20","ev":["trap:7"]}
//! record: {"t":6,"warp":0,"pc":"0x30","op":"EXIT","ev":["exit"]}
//! expect: {"end":"done","t":7,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0x30"},{"warp":1,"state":"trapped","pc":"0x20","active":"0xffffffff","valid":"0xffffffff"}]}

.threads 64

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x1 ;
/*0020*/ @P0 TRAP 0x7 ;
/*0030*/ EXIT ;
