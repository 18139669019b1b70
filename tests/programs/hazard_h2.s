// hazard_h2.s - SPEC-NOTES H-2: the seed's partially guarded `@!P2 BSYNC B0`
// (seed 003, BSYNC examples) followed by a WARPSYNC.  The guard-false lanes
// pass the BSYNC without leaving B0; the parked guard-true lanes later run
// the BSYNC and wait for lanes that have gone past it, which in turn wait at
// the WARPSYNC for them: livelock, ended at the first repeated turn (N-55).
//
// Rules: N-21 (guard split: RPC[pmask lanes] = pc, ActiveMask = the others,
// Bn untouched; otherwise the sync path with write-back), N-25, N-55, exit 3.
//
// lo = 0x0000ffff (P2 true), hi = 0xffff0000 (guard !P2 true).
//
//  t  pc    what
//  0  0x00  R0 = lane
//  1  0x10  P2 = lane < 16
//  2  0x20  BSSY B0                 B0 = 0xffffffff
//  3  0x30  @!P2 BSYNC B0           pmask hi, mask_np lo: RPC[hi] = 0x30,
//                                   active lo, pc 0x40, B0 untouched
//  4  0x40  WARPSYNC (lo)           arrive lo; member hi non-yield: RPC[lo] =
//                                   0x40, lane 16: pc 0x30, active hi
//  5  0x30  @!P2 BSYNC B0 (hi)      pmask = active: bmask 0xffffffff, arrive hi,
//                                   left lo, candidate lo in bmask: RPC[hi] =
//                                   0x30, pc 0x40, active lo, B0 = lo
//  6  0x40  WARPSYNC (lo)           as t 4: pc 0x30, active hi
//  7  0x30  BSYNC (hi)              bmask lo: as t 5, B0 = lo
// Start of turn 8 = start of turn 6 (pc 0x40, active lo, RPC lo 0x40 / hi
// 0x30, B0 lo).  Turn 7's start differs from turn 5's in B0, turn 6's from
// turn 4's in B0 and RPC[lo] (0x0 then).  First repeat: turn 8.
//
//! exit: 3
//! records: 8
//! record: {"t":3,"pc":"0x30","op":"BSYNC","active":"0x0000ffff","next_pc":"0x40","b":{"B0":"0xffffffff"},"ev":[]}
//! record: {"t":4,"pc":"0x40","op":"WARPSYNC","active":"0xffff0000","next_pc":"0x30","ev":[]}
//! record: {"t":5,"pc":"0x30","op":"BSYNC","active":"0x0000ffff","next_pc":"0x40","b":{"B0":"0x0000ffff"}}
//! record: {"t":6,"pc":"0x40","op":"WARPSYNC","active":"0xffff0000","next_pc":"0x30"}
//! record: {"t":7,"pc":"0x30","op":"BSYNC","active":"0x0000ffff","next_pc":"0x40","b":{"B0":"0x0000ffff"}}
//! expect: {"end":"livelock","t":8,"bars":{},"warps":[{"warp":0,"state":"ready","pc":"0x40","active":"0x0000ffff","valid":"0xffffffff","yield":"0x00000000","sleep":"0x00000000","switch":"0x00000000","b":{"B0":"0x0000ffff"}}]}

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P2, R0, 0x10 ;
/*0020*/ BSSY B0, `(.L_sync) ;
.L_sync:
/*0030*/ @!P2 BSYNC B0 ;
/*0040*/ WARPSYNC 0xffffffff ;
/*0050*/ EXIT ;
