// exc_mode_mismatch.s - a BAR.RED on a barrier whose BAR.SYNC phase is in
// progress: exception BAR_MODE_MISMATCH.
//
// Rules: N-05 (BAR.RED pmask = Active & guard: warp 0's guarded-off RED is a
// no-op, and so is warp 1's guarded-off SYNC, N-31), N-37 (checked in the
// order CNT_ALIGN, ARV_ZERO_CNT, MODE_MISMATCH: the count 0x40 is aligned,
// the first failing check is the mode), N-38 (barrier 2 keeps warp 0's
// arrival: 1 arrived, expected 2, mode 1 -> 0x00002081), N-50.
//
//  t  warp  pc    what
//  0-3            S2R, ISETP (P0 = warpid == 0) on warps 0, 1
//  4  0     0x20  @P0 BAR.SYNC 0x2, 0x40: block:2, pc 0x30
//  5  1     0x20  guard false: no-op, pc 0x30
//  6  1     0x30  @!P0 BAR.RED.POPC 0x2, 0x40, PT -> exception:BAR_MODE_MISMATCH
//
//! exit: 4
//! records: 7
//! record: {"t":4,"warp":0,"pc":"0x20","op":"BAR.SYNC","next_pc":"0x30","ev":["block:2"]}
//! record: {"t":5,"warp":1,"pc":"0x20","op":"BAR.SYNC","next_pc":"0x30","ev":[]}
//! record: {"t":6,"warp":1,"pc":"0x30","op":"BAR.RED.POPC","active":"0xffffffff","valid":"0xffffffff","next_pc":"0x30","ev":["exception:BAR_MODE_MISMATCH"]}
//! expect: {"end":"exception","t":7,"bars":{"2":"0x00002081"},"warps":[{"warp":0,"state":"blocked","pc":"0x30"},{"warp":1,"state":"faulted","pc":"0x30","active":"0xffffffff","valid":"0xffffffff"}]}

.threads 64

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x0 ;
/*0020*/ @P0 BAR.SYNC 0x2, 0x40 ;
/*0030*/ @!P0 BAR.RED.POPC 0x2, 0x40, PT ;
/*0040*/ EXIT ;

// The explanation of the step that takes the path this program is about:
//! explain: t=6 warp=1 pc=0x30 @!P0 BAR.RED.POPC 0x2, 0x40, PT: barrier 2, cnt 64: BAR_MODE_MISMATCH; nothing changes [BAR.exception; N-37]
