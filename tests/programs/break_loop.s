// break_loop.s - a loop with per-lane trip counts (1..4, lane % 4 + 1); lanes
// leave it with BREAK B0 + a branch to the BSYNC after the loop (the
// BREAK-paired loop exit of SPEC-NOTES section 9), one full warp.
//
// Rules: N-24 (BREAK: Bn &= ~pmask), N-12 (partial BRA parks the leaving
// lanes at the BSYNC; the last iteration's BRA is taken by all active lanes),
// N-21 (BSYNC with bmask already 0: full sync gathering every lane parked at
// its pc), N-51 (ISETP.GE unsigned, writes pmask lanes only).
//
// k0 = lanes with lane%4 == 0 = 0x11111111, k1 = 0x22222222,
// k2 = 0x44444444, k3 = 0x88888888.  R2 = trip count, R1 = iteration.
//
//  t       pc    what
//  0..2          R0 = lane, R2 = (lane & 3) + 1
//  3       0x30  BSSY B0                        B0 = 0xffffffff
//  iteration 1 (all lanes):
//  4       0x40  R1 = 1
//  5       0x50  P0 = R1 >= R2 -> k0
//  6       0x60  @P0 BREAK B0                   B0 = 0xeeeeeeee
//  7       0x70  @P0 BRA 0x90 (partial)         RPC[k0] = 0x90, active 0xeeeeeeee, pc 0x80
//  8       0x80  BRA 0x40                       pc 0x40
//  iteration 2 (0xeeeeeeee): t 9..13, P0 true in k1: B0 = 0xcccccccc,
//          active 0xcccccccc
//  iteration 3 (0xcccccccc): t 14..18, k2 leaves: B0 = 0x88888888,
//          active 0x88888888
//  iteration 4 (0x88888888):
// 19       0x40  R1 = 4
// 20       0x50  P0 true in k3
// 21       0x60  @P0 BREAK B0                   B0 = 0
// 22       0x70  @P0 BRA 0x90: b_jump == active, all jump, pc 0x90, active k3
// 23       0x90  BSYNC B0: bmask 0; arrive = k3 | (RPC == 0x90: 0x77777777):
//                full sync, active 0xffffffff, pc 0xa0
// 24       0xa0  R3 = R1 + 0x100
// 25       0xb0  EXIT
//
//! args: --dump-regs 4
//! records: 26
//! record: {"t":6,"pc":"0x60","op":"BREAK","active":"0xffffffff","next_pc":"0x70","b":{"B0":"0xeeeeeeee"}}
//! record: {"t":7,"pc":"0x70","op":"BRA","active":"0xeeeeeeee","next_pc":"0x80","b":{"B0":"0xeeeeeeee"}}
//! record: {"t":8,"pc":"0x80","op":"BRA","active":"0xeeeeeeee","next_pc":"0x40"}
//! record: {"t":11,"pc":"0x60","op":"BREAK","active":"0xeeeeeeee","b":{"B0":"0xcccccccc"}}
//! record: {"t":12,"pc":"0x70","op":"BRA","active":"0xcccccccc","next_pc":"0x80"}
//! record: {"t":16,"pc":"0x60","op":"BREAK","active":"0xcccccccc","b":{"B0":"0x88888888"}}
//! record: {"t":17,"pc":"0x70","op":"BRA","active":"0x88888888","next_pc":"0x80"}
//! record: {"t":21,"pc":"0x60","op":"BREAK","active":"0x88888888","next_pc":"0x70","b":{}}
//! record: {"t":22,"pc":"0x70","op":"BRA","active":"0x88888888","next_pc":"0x90","b":{}}
//! record: {"t":23,"pc":"0x90","op":"BSYNC","active":"0xffffffff","valid":"0xffffffff","next_pc":"0xa0","yield":"0x00000000","b":{}}
//! record: {"t":25,"pc":"0xb0","op":"EXIT","active":"0x00000000","valid":"0x00000000","ev":["exit"]}
//! expect: {"end":"done","t":26,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0xb0","active":"0x00000000","valid":"0x00000000","yield":"0x00000000","sleep":"0x00000000","switch":"0x00000000","b":{},"dc":{}}]}
// Registers (expect line at the end): R0 = lane, R1 = R2 = lane % 4 + 1,
// R3 = R1 + 0x100, P0 (bit 0) true in every lane.

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ LOP.AND R2, R0, 0x3 ;
/*0020*/ IADD R2, R2, 0x1 ;
/*0030*/ BSSY B0, `(.L_after) ;
.L_loop:
/*0040*/ IADD R1, R1, 0x1 ;
/*0050*/ ISETP.GE P0, R1, R2 ;
/*0060*/ @P0 BREAK B0 ;
/*0070*/ @P0 BRA `(.L_after) ;
/*0080*/ BRA `(.L_loop) ;
.L_after:
/*0090*/ BSYNC B0 ;
/*00a0*/ IADD R3, R1, 0x100 ;
/*00b0*/ EXIT ;
//! expect: {"warps":[{"r":[["0x00000000","0x00000001","0x00000001","0x00000101"],["0x00000001","0x00000002","0x00000002","0x00000102"],["0x00000002","0x00000003","0x00000003","0x00000103"],["0x00000003","0x00000004","0x00000004","0x00000104"],["0x00000004","0x00000001","0x00000001","0x00000101"],["0x00000005","0x00000002","0x00000002","0x00000102"],["0x00000006","0x00000003","0x00000003","0x00000103"],["0x00000007","0x00000004","0x00000004","0x00000104"],["0x00000008","0x00000001","0x00000001","0x00000101"],["0x00000009","0x00000002","0x00000002","0x00000102"],["0x0000000a","0x00000003","0x00000003","0x00000103"],["0x0000000b","0x00000004","0x00000004","0x00000104"],["0x0000000c","0x00000001","0x00000001","0x00000101"],["0x0000000d","0x00000002","0x00000002","0x00000102"],["0x0000000e","0x00000003","0x00000003","0x00000103"],["0x0000000f","0x00000004","0x00000004","0x00000104"],["0x00000010","0x00000001","0x00000001","0x00000101"],["0x00000011","0x00000002","0x00000002","0x00000102"],["0x00000012","0x00000003","0x00000003","0x00000103"],["0x00000013","0x00000004","0x00000004","0x00000104"],["0x00000014","0x00000001","0x00000001","0x00000101"],["0x00000015","0x00000002","0x00000002","0x00000102"],["0x00000016","0x00000003","0x00000003","0x00000103"],["0x00000017","0x00000004","0x00000004","0x00000104"],["0x00000018","0x00000001","0x00000001","0x00000101"],["0x00000019","0x00000002","0x00000002","0x00000102"],["0x0000001a","0x00000003","0x00000003","0x00000103"],["0x0000001b","0x00000004","0x00000004","0x00000104"],["0x0000001c","0x00000001","0x00000001","0x00000101"],["0x0000001d","0x00000002","0x00000002","0x00000102"],["0x0000001e","0x00000003","0x00000003","0x00000103"],["0x0000001f","0x00000004","0x00000004","0x00000104"]],"p":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1],"dc":{}}]}
