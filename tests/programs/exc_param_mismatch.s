// exc_param_mismatch.s - an arrival whose count (96) differs from the count
// of the phase in progress (64): exception BAR_PARAM_MISMATCH.  Warp 0's own
// SYNC with the wrong count is guarded off (a no-op, no exception).
//
// Rules: N-31 (ARV never blocks; pmask == 0: no-op), N-37
// (BAR_PARAM_MISMATCH; precise), N-38 (barrier 3: 1 arrived, expected 2,
// mode 1 -> 0x00002081), N-50.
//
//  t  warp  pc    what
//  0-3            S2R, ISETP (P0 = warpid == 0)
//  4  0     0x20  @P0 BAR.ARV 0x3, 0x40: arrive:3, pc 0x30
//  5  1     0x20  guard false: no-op, pc 0x30
//  6  0     0x30  @!P0 BAR.SYNC 0x3, 0x60: guard false: no-op, pc 0x40
//  7  1     0x30  @!P0 BAR.SYNC 0x3, 0x60 -> exception:BAR_PARAM_MISMATCH
//
//! exit: 4
//! records: 8
//! record: {"t":4,"warp":0,"pc":"0x20","op":"BAR.ARV","next_pc":"0x30","ev":["arrive:3"]}
//! record: {"t":5,"warp":1,"pc":"0x20","op":"BAR.ARV","next_pc":"0x30","ev":[]}
//! record: {"t":6,"warp":0,"pc":"0x30","op":"BAR.SYNC","next_pc":"0x40","ev":[]}
//! record: {"t":7,"warp":1,"pc":"0x30","op":"BAR.SYNC","active":"0xffffffff","next_pc":"0x30","ev":["exception:BAR_PARAM_MISMATCH"]}
//! expect: {"end":"exception","t":8,"bars":{"3":"0x00002081"},"warps":[{"warp":0,"state":"ready","pc":"0x40"},{"warp":1,"state":"faulted","pc":"0x30","active":"0xffffffff","valid":"0xffffffff"}]}

.threads 64

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x0 ;
/*0020*/ @P0 BAR.ARV 0x3, 0x40 ;
/*0030*/ @!P0 BAR.SYNC 0x3, 0x60 ;
/*0040*/ EXIT ;

// The explanation of the step that takes the path this program is about:
//! explain: t=7 warp=1 pc=0x30 @!P0 BAR.SYNC 0x3, 0x60: barrier 3, cnt 96: BAR_PARAM_MISMATCH; nothing changes [BAR.exception; N-37]
