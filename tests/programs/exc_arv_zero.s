// exc_arv_zero.s - BAR.ARV with an expected count of 0: exception
// BAR_ARV_ZERO_CNT.  Warp 0 meets the same instruction with its guard false
// first: a BAR with pmask == 0 is a no-op and raises nothing.
//
// Rules: N-31 (pmask == 0: no-op, ActivePC = next), N-37 (BAR_ARV_ZERO_CNT;
// precise; the run stops at once with exit status 4, the other warp stays
// ready), N-50.
//
//  t  warp  pc    what
//  0  0     0x00  S2R R0 = warpid
//  1  1     0x00
//  2  0     0x10  P0 = (warpid == 1)
//  3  1     0x10
//  4  0     0x20  @P0 BAR.ARV 0x1, 0x0: pmask 0, no-op, pc 0x30
//  5  1     0x20  @P0 BAR.ARV 0x1, 0x0 -> exception:BAR_ARV_ZERO_CNT
//
//! exit: 4
//! records: 6
//! record: {"t":4,"warp":0,"pc":"0x20","op":"BAR.ARV","active":"0xffffffff","next_pc":"0x30","ev":[]}
//! record: {"t":5,"warp":1,"pc":"0x20","op":"BAR.ARV","active":"0xffffffff","valid":"0xffffffff","next_pc":"0x20","ev":["exception:BAR_ARV_ZERO_CNT"]}
//! expect: {"end":"exception","t":6,"bars":{},"warps":[{"warp":0,"state":"ready","pc":"0x30","active":"0xffffffff"},{"warp":1,"state":"faulted","pc":"0x20","active":"0xffffffff","valid":"0xffffffff","b":{}}]}

.threads 64

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x1 ;
/*0020*/ @P0 BAR.ARV 0x1, 0x0 ;
/*0030*/ EXIT ;

// The explanation of the step that takes the path this program is about:
//! explain: t=5 warp=1 pc=0x20 @P0 BAR.ARV 0x1: barrier 1, cnt 0: BAR_ARV_ZERO_CNT; nothing changes [BAR.exception; N-37]
