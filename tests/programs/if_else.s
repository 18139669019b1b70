// if_else.s - a divergent if/else closed by BSSY/BSYNC on one full warp.
//
// Rules: N-10/N-12 (BRA partial branch: fall-through side first, taken lanes
// parked with RPC = target), N-20 (BSSY), N-21 (BSYNC: switch to the lanes of
// Bn that have not arrived, write-back Bn = (Bn & Valid) & ~Active, full
// sync), N-18 (EXIT of the whole warp), N-50 (one warp: t = 0, 1, 2, ...).
//
// lo = lanes 0..15 = 0x0000ffff (P0 true), hi = lanes 16..31 = 0xffff0000.
// RPC of every lane starts at the entry 0x0 (N-04).
//
//  t  pc    what                        after
//  0  0x00  S2R R0 = lane
//  1  0x10  P0 = lane < 16
//  2  0x20  BSSY B0                     B0 = 0xffffffff
//  3  0x30  @!P0 BRA 0x60               b_jump = hi (partial): RPC[hi] = 0x60,
//                                       active = lo, pc 0x40
//  4  0x40  MOV R1 = 1 (lo)
//  5  0x50  BRA 0x70 (all active jump)  pc 0x70
//  6  0x70  BSYNC B0 (lo)               arrive = lo (hi parked at 0x60);
//                                       bmask & ~lo = hi != 0; candidates
//                                       Valid & ~arrive & ~Yield = hi, in bmask:
//                                       RPC[lo] = 0x70, switch to lane 16:
//                                       pc 0x60, active hi, B0 = 0xffff0000
//  7  0x60  MOV R1 = 2 (hi)
//  8  0x70  BSYNC B0 (hi)               bmask = hi; arrive = hi | lo (RPC 0x70);
//                                       hi & ~hi = 0: full sync, active all,
//                                       pc 0x80, B0 = 0
//  9  0x80  R2 = R1 + 0x10
// 10  0x90  EXIT                        valid 0: warp exited, pc stays 0x90
//
//! args: --dump-regs 3
//! exit: 0
//! records: 11
//! record: {"t":2,"warp":0,"pc":"0x20","op":"BSSY","active":"0xffffffff","next_pc":"0x30","b":{"B0":"0xffffffff"},"ev":[]}
//! record: {"t":3,"pc":"0x30","op":"BRA","active":"0x0000ffff","valid":"0xffffffff","next_pc":"0x40","b":{"B0":"0xffffffff"}}
//! record: {"t":4,"pc":"0x40","op":"MOV","active":"0x0000ffff","next_pc":"0x50"}
//! record: {"t":5,"pc":"0x50","op":"BRA","active":"0x0000ffff","next_pc":"0x70"}
//! record: {"t":6,"pc":"0x70","op":"BSYNC","active":"0xffff0000","next_pc":"0x60","yield":"0x00000000","b":{"B0":"0xffff0000"},"ev":[]}
//! record: {"t":7,"pc":"0x60","op":"MOV","active":"0xffff0000","next_pc":"0x70"}
//! record: {"t":8,"pc":"0x70","op":"BSYNC","active":"0xffffffff","valid":"0xffffffff","next_pc":"0x80","b":{}}
//! record: {"t":9,"pc":"0x80","op":"IADD","active":"0xffffffff","next_pc":"0x90"}
//! record: {"t":10,"pc":"0x90","op":"EXIT","active":"0x00000000","valid":"0x00000000","next_pc":"0x90","b":{},"ev":["exit"]}
//! expect: {"end":"done","t":11,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0x90","active":"0x00000000","valid":"0x00000000","yield":"0x00000000","sleep":"0x00000000","switch":"0x00000000","b":{},"dc":{}}]}
// Registers: R0 = lane; R1 = 1 (lo) / 2 (hi); R2 = R1 + 0x10; P0 (bit 0) in lo.

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ BSSY B0, `(.L_join) ;
/*0030*/ @!P0 BRA `(.L_else) ;
/*0040*/ MOV R1, 0x1 ;
/*0050*/ BRA `(.L_join) ;
.L_else:
/*0060*/ MOV R1, 0x2 ;
.L_join:
/*0070*/ BSYNC B0 ;
/*0080*/ IADD R2, R1, 0x10 ;
/*0090*/ EXIT ;
//! expect: {"warps":[{"r":[["0x00000000","0x00000001","0x00000011"],["0x00000001","0x00000001","0x00000011"],["0x00000002","0x00000001","0x00000011"],["0x00000003","0x00000001","0x00000011"],["0x00000004","0x00000001","0x00000011"],["0x00000005","0x00000001","0x00000011"],["0x00000006","0x00000001","0x00000011"],["0x00000007","0x00000001","0x00000011"],["0x00000008","0x00000001","0x00000011"],["0x00000009","0x00000001","0x00000011"],["0x0000000a","0x00000001","0x00000011"],["0x0000000b","0x00000001","0x00000011"],["0x0000000c","0x00000001","0x00000011"],["0x0000000d","0x00000001","0x00000011"],["0x0000000e","0x00000001","0x00000011"],["0x0000000f","0x00000001","0x00000011"],["0x00000010","0x00000002","0x00000012"],["0x00000011","0x00000002","0x00000012"],["0x00000012","0x00000002","0x00000012"],["0x00000013","0x00000002","0x00000012"],["0x00000014","0x00000002","0x00000012"],["0x00000015","0x00000002","0x00000012"],["0x00000016","0x00000002","0x00000012"],["0x00000017","0x00000002","0x00000012"],["0x00000018","0x00000002","0x00000012"],["0x00000019","0x00000002","0x00000012"],["0x0000001a","0x00000002","0x00000012"],["0x0000001b","0x00000002","0x00000012"],["0x0000001c","0x00000002","0x00000012"],["0x0000001d","0x00000002","0x00000012"],["0x0000001e","0x00000002","0x00000012"],["0x0000001f","0x00000002","0x00000012"]],"p":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"dc":{}}]}
