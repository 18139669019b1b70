// ptx_hazard_h8.s - hazard H-8: a non-aligned barrier in one branch only.
// Lanes 0..15 reach it and wait for the rest of their warp; lanes 16..31
// skip it and wait at the BSYNC; the BSYNC switches to the parked lanes,
// which re-execute the barrier and switch back: the gather never completes.
// The CTA state at t = 8 repeats the one at t = 6: the run ends `livelock`.
//
// Rules: P-10, H-8 (reported, not fixed), N-55 (the first repeated turn).
//
//  t  pc    instruction            active      what
//  3  0x30  @!P0 BRA .L_join       0x0000ffff  lanes 16..31 wait at 0x50
//  4  0x40  barrier.sync 0x0       0xffff0000  lanes 0..15 parked; switch
//  5  0x50  BSYNC B0               0x0000ffff  B0 = 0x0000ffff; switch to the parked lanes
//  6  0x40  barrier.sync 0x0       0xffff0000  recorded again; switch
//  7  0x50  BSYNC B0               0x0000ffff  as at t = 6: the state repeats
//
//! args: --profile ptx
//! exit: 3
//! records: 8
//! record: {"t":4,"pc":"0x40","op":"barrier.sync","active":"0xffff0000","next_pc":"0x50","ev":[]}
//! record: {"t":5,"pc":"0x50","op":"BSYNC","active":"0x0000ffff","next_pc":"0x40","b":{"B0":"0x0000ffff"}}
//! record: {"t":6,"pc":"0x40","op":"barrier.sync","active":"0xffff0000","next_pc":"0x50","ev":[]}
//! record: {"t":7,"pc":"0x50","op":"BSYNC","active":"0x0000ffff","next_pc":"0x40"}
//! expect: {"end":"livelock","t":8,"bars":{},"profile":"ptx","warps":[{"warp":0,"state":"ready","pc":"0x40","active":"0x0000ffff","b":{"B0":"0x0000ffff"}}]}

.profile ptx

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ BSSY B0, `(.L_join) ;
/*0030*/ @!P0 BRA `(.L_join) ;
/*0040*/ barrier.sync 0x0 ;
.L_join:
/*0050*/ BSYNC B0 ;
/*0060*/ EXIT ;
