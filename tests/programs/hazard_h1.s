// hazard_h1.s - SPEC-NOTES H-1 (yield priorities): YIELD in both branches of
// an if/else closed by BSSY/BSYNC, followed by WARPSYNC 0xffffffff, while a
// third group of lanes already waits at that WARPSYNC.  The BSYNC never
// switches to a yielded lane and prefers the waiting non-yield group outside
// bmask over the yield release; the WARPSYNC falls back to the lowest
// yielded lane.  Control goes back and forth between the then-lanes at the
// BSYNC and the third group at the WARPSYNC forever; the else-lanes starve.
// The run must end "livelock" at the first repeated turn (N-55).
//
// (With only the two branch groups the same code terminates: each side's
// RPC after its YIELD is then reached by the other side, or the BSYNC's
// yield release lets it through.  The third, non-yield group is what H-1's
// "prefers any waiting non-yield lane outside bmask" needs.)
//
// Rules: N-22, N-21, N-25, N-55, N-50, exit status 3.
//
// G0 = lanes 0..7 = 0x000000ff (then), G1 = 0x0000ff00 (else),
// G2 = 0xffff0000 (straight to the WARPSYNC).  RPC of all lanes starts 0x0.
//
//  t   pc    what                                   state after
//  0-2       R0 = lane, P0 = G0, P1 = G0|G1
//  3   0x30  @!P1 BRA 0xc0            RPC[G2] = 0xc0, active 0xffff, pc 0x40
//  4   0x40  BSSY B0                  B0 = 0x0000ffff
//  5   0x50  @!P0 BRA 0x90            RPC[G1] = 0x90, active G0, pc 0x60
//  6   0x60  YIELD (G0)   Switch 0 -> Valid^G0 = 0xffffff00; non-yield,
//                         lane 8; RPC[G0] = 0x70; Yield = G0; pc 0x90,
//                         active G1; Switch = 0xffffff00 & ~G1 = G2
//  7   0x90  YIELD (G1)   Switch = G2 & (Valid^G1) = G2; non-yield G2, lane 16;
//                         RPC[G1] = 0xa0; Yield = 0x0000ffff; pc 0xc0, active
//                         G2; Switch = G2 & ~G2 = 0 -> Valid^G2 = 0x0000ffff
//  8   0xc0  WARPSYNC (G2) arrive G2 (RPCs G0 0x70, G1 0xa0); members not
//                         arrived 0xffff, all yielded: RPC[G2] = 0xc0, lane 0:
//                         pc 0x70, active G0
//  9   0x70  MOV R1 = 1 (G0)
// 10   0x80  BRA 0xb0
// 11   0xb0  BSYNC B0 (G0) arrive G0 (G1's RPC is 0xa0); left G1; candidates
//                         Valid & ~arrive & ~Yield = G2, none in bmask, G2
//                         outside: RPC[G0] = 0xb0, pc 0xc0, active G2,
//                         B0 = 0x0000ffff & ~G0 = G1
// 12   0xc0  WARPSYNC (G2) as t 8: RPC[G2] = 0xc0, lane 0: pc RPC[0] = 0xb0,
//                         active = lanes of 0xffff with RPC 0xb0 = G0
// 13   0xb0  BSYNC B0 (G0) bmask G1, as t 11: RPC[G0] = 0xb0, pc 0xc0, active
//                         G2, B0 = G1
// Start of turn 14: pc 0xc0, active G2, RPC G0 0xb0 / G1 0xa0 / G2 0xc0,
// B0 = G1, Yield 0x0000ffff, Switch 0x0000ffff, same registers: identical to
// the start of turn 12.  No earlier repeat: the only earlier starts with the
// same pc and active mask as turns 12 and 13 are those of turns 8 and 11,
// which still have B0 = 0x0000ffff and RPC[G0] = 0x70.  First repeat: 14.
//
//! exit: 3
//! records: 14
//! record: {"t":6,"pc":"0x60","op":"YIELD","active":"0x0000ff00","next_pc":"0x90","yield":"0x000000ff","switch":"0xffff0000","b":{"B0":"0x0000ffff"}}
//! record: {"t":7,"pc":"0x90","op":"YIELD","active":"0xffff0000","next_pc":"0xc0","yield":"0x0000ffff","switch":"0x0000ffff"}
//! record: {"t":8,"pc":"0xc0","op":"WARPSYNC","active":"0x000000ff","next_pc":"0x70","yield":"0x0000ffff","ev":[]}
//! record: {"t":11,"pc":"0xb0","op":"BSYNC","active":"0xffff0000","next_pc":"0xc0","yield":"0x0000ffff","b":{"B0":"0x0000ff00"}}
//! record: {"t":12,"pc":"0xc0","op":"WARPSYNC","active":"0x000000ff","next_pc":"0xb0"}
//! record: {"t":13,"pc":"0xb0","op":"BSYNC","active":"0xffff0000","next_pc":"0xc0","b":{"B0":"0x0000ff00"}}
//! expect: {"end":"livelock","t":14,"bars":{},"warps":[{"warp":0,"state":"ready","pc":"0xc0","active":"0xffff0000","valid":"0xffffffff","yield":"0x0000ffff","sleep":"0x00000000","switch":"0x0000ffff","b":{"B0":"0x0000ff00"}}]}

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x8 ;
/*0020*/ ISETP.LT P1, R0, 0x10 ;
/*0030*/ @!P1 BRA `(.L_join) ;
/*0040*/ BSSY B0, `(.L_sync) ;
/*0050*/ @!P0 BRA `(.L_else) ;
/*0060*/ YIELD ;
/*0070*/ MOV R1, 0x1 ;
/*0080*/ BRA `(.L_sync) ;
.L_else:
/*0090*/ YIELD ;
/*00a0*/ MOV R1, 0x2 ;
.L_sync:
/*00b0*/ BSYNC B0 ;
.L_join:
/*00c0*/ WARPSYNC 0xffffffff ;
/*00d0*/ EXIT ;
