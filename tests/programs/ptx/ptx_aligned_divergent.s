// ptx_aligned_divergent.s - an .aligned barrier (bar.sync) under a guard that
// splits the warp: seed 002 leaves the behaviour undefined; the model raises
// ALIGNED_DIVERGENT, precise (status 4).
//
// Rules: P-04, P-09 (divergent: pmask != ValidMask, a splitting guard).
//
//! args: --profile ptx
//! exit: 4
//! records: 3
//! record: {"t":2,"pc":"0x20","op":"barrier.sync.aligned","next_pc":"0x20","active":"0xffffffff","ev":["exception:ALIGNED_DIVERGENT"]}
//! expect: {"end":"exception","t":3,"bars":{},"profile":"ptx","warps":[{"warp":0,"state":"faulted","pc":"0x20"}]}

.profile ptx

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ @P0 bar.sync 0x0 ;
/*0030*/ EXIT ;
