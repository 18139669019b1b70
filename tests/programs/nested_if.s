// nested_if.s - an if/else nested in the then-branch of another, each closed
// by its own BSSY/BSYNC pair (B1 inner, B0 outer), one full warp.
//
// Rules: N-12 (partial BRA), N-20 (BSSY appends pmask), N-21 (BSYNC switch to
// non-arrived lanes of bmask, write-back, full sync), N-18, N-50.
//
// Masks: P0 = lane < 16 -> lo = 0x0000ffff, hi = 0xffff0000.
//        P1 = (lane & 4) == 0 -> 0x0f0f0f0f.
//        inner then = lo & P1 = 0x00000f0f, inner else = lo & ~P1 = 0x0000f0f0.
//
//  t  pc     what                        after
//  0  0x000  S2R R0 = lane
//  1  0x010  R3 = lane & 4
//  2  0x020  P1 = (R3 == 0)
//  3  0x030  P0 = lane < 16
//  4  0x040  BSSY B0                     B0 = 0xffffffff
//  5  0x050  @!P0 BRA 0xe0               RPC[hi] = 0xe0, active lo, pc 0x60
//  6  0x060  BSSY B1                     B1 = 0x0000ffff
//  7  0x070  @!P1 BRA 0xa0               b_jump = 0x0000f0f0: RPC = 0xa0,
//                                        active 0x00000f0f, pc 0x80
//  8  0x080  MOV R1 = 1 (0x0f0f)
//  9  0x090  BRA 0xb0                    pc 0xb0
// 10  0x0b0  BSYNC B1 (0x0f0f)           bmask 0xffff, arrive 0x0f0f (no lane has
//                                        RPC 0xb0) -> left 0xf0f0, candidates
//                                        0xfffff0f0, in bmask 0xf0f0: RPC[0x0f0f]
//                                        = 0xb0, lane 4: pc 0xa0, active 0xf0f0,
//                                        B1 = 0x0000f0f0
// 11  0x0a0  MOV R1 = 2 (0xf0f0)
// 12  0x0b0  BSYNC B1 (0xf0f0)           arrive = 0xf0f0 | 0x0f0f; full sync:
//                                        active 0x0000ffff, pc 0xc0, B1 = 0
// 13  0x0c0  R1 += 0x10 (lo)
// 14  0x0d0  BRA 0xf0                    pc 0xf0
// 15  0x0f0  BSYNC B0 (lo)               lo RPCs are 0xb0/0xa0, hi 0xe0: arrive lo;
//                                        left hi: RPC[lo] = 0xf0, switch to lane 16:
//                                        pc 0xe0, active hi, B0 = 0xffff0000
// 16  0x0e0  MOV R1 = 3 (hi)
// 17  0x0f0  BSYNC B0 (hi)               arrive hi | lo: full sync, all, pc 0x100
// 18  0x100  R2 = R1 + 0x100
// 19  0x110  EXIT
//
//! args: --dump-regs 4
//! records: 20
//! record: {"t":6,"pc":"0x60","op":"BSSY","active":"0x0000ffff","b":{"B0":"0xffffffff","B1":"0x0000ffff"}}
//! record: {"t":7,"pc":"0x70","op":"BRA","active":"0x00000f0f","next_pc":"0x80","b":{"B0":"0xffffffff","B1":"0x0000ffff"}}
//! record: {"t":10,"pc":"0xb0","op":"BSYNC","active":"0x0000f0f0","next_pc":"0xa0","b":{"B0":"0xffffffff","B1":"0x0000f0f0"},"ev":[]}
//! record: {"t":12,"pc":"0xb0","op":"BSYNC","active":"0x0000ffff","next_pc":"0xc0","b":{"B0":"0xffffffff"}}
//! record: {"t":14,"pc":"0xd0","op":"BRA","active":"0x0000ffff","next_pc":"0xf0"}
//! record: {"t":15,"pc":"0xf0","op":"BSYNC","active":"0xffff0000","next_pc":"0xe0","b":{"B0":"0xffff0000"}}
//! record: {"t":17,"pc":"0xf0","op":"BSYNC","active":"0xffffffff","next_pc":"0x100","b":{}}
//! record: {"t":19,"pc":"0x110","op":"EXIT","active":"0x00000000","valid":"0x00000000","next_pc":"0x110","ev":["exit"]}
//! expect: {"end":"done","t":20,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0x110","active":"0x00000000","valid":"0x00000000","yield":"0x00000000","sleep":"0x00000000","switch":"0x00000000","b":{},"dc":{}}]}
// Registers (expect line at the end): R0 = lane; R1 = 0x11 in 0x00000f0f,
// 0x12 in 0x0000f0f0, 3 in hi; R2 = R1 + 0x100; R3 = lane & 4;
// p = P0 (bit 0, lo) | P1 (bit 1, 0x0f0f0f0f).

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ LOP.AND R3, R0, 0x4 ;
/*0020*/ ISETP.EQ P1, R3, 0x0 ;
/*0030*/ ISETP.LT P0, R0, 0x10 ;
/*0040*/ BSSY B0, `(.L_outer_join) ;
/*0050*/ @!P0 BRA `(.L_outer_else) ;
/*0060*/ BSSY B1, `(.L_inner_join) ;
/*0070*/ @!P1 BRA `(.L_inner_else) ;
/*0080*/ MOV R1, 0x1 ;
/*0090*/ BRA `(.L_inner_join) ;
.L_inner_else:
/*00a0*/ MOV R1, 0x2 ;
.L_inner_join:
/*00b0*/ BSYNC B1 ;
/*00c0*/ IADD R1, R1, 0x10 ;
/*00d0*/ BRA `(.L_outer_join) ;
.L_outer_else:
/*00e0*/ MOV R1, 0x3 ;
.L_outer_join:
/*00f0*/ BSYNC B0 ;
/*0100*/ IADD R2, R1, 0x100 ;
/*0110*/ EXIT ;
//! expect: {"warps":[{"r":[["0x00000000","0x00000011","0x00000111","0x00000000"],["0x00000001","0x00000011","0x00000111","0x00000000"],["0x00000002","0x00000011","0x00000111","0x00000000"],["0x00000003","0x00000011","0x00000111","0x00000000"],["0x00000004","0x00000012","0x00000112","0x00000004"],["0x00000005","0x00000012","0x00000112","0x00000004"],["0x00000006","0x00000012","0x00000112","0x00000004"],["0x00000007","0x00000012","0x00000112","0x00000004"],["0x00000008","0x00000011","0x00000111","0x00000000"],["0x00000009","0x00000011","0x00000111","0x00000000"],["0x0000000a","0x00000011","0x00000111","0x00000000"],["0x0000000b","0x00000011","0x00000111","0x00000000"],["0x0000000c","0x00000012","0x00000112","0x00000004"],["0x0000000d","0x00000012","0x00000112","0x00000004"],["0x0000000e","0x00000012","0x00000112","0x00000004"],["0x0000000f","0x00000012","0x00000112","0x00000004"],["0x00000010","0x00000003","0x00000103","0x00000000"],["0x00000011","0x00000003","0x00000103","0x00000000"],["0x00000012","0x00000003","0x00000103","0x00000000"],["0x00000013","0x00000003","0x00000103","0x00000000"],["0x00000014","0x00000003","0x00000103","0x00000004"],["0x00000015","0x00000003","0x00000103","0x00000004"],["0x00000016","0x00000003","0x00000103","0x00000004"],["0x00000017","0x00000003","0x00000103","0x00000004"],["0x00000018","0x00000003","0x00000103","0x00000000"],["0x00000019","0x00000003","0x00000103","0x00000000"],["0x0000001a","0x00000003","0x00000103","0x00000000"],["0x0000001b","0x00000003","0x00000103","0x00000000"],["0x0000001c","0x00000003","0x00000103","0x00000004"],["0x0000001d","0x00000003","0x00000103","0x00000004"],["0x0000001e","0x00000003","0x00000103","0x00000004"],["0x0000001f","0x00000003","0x00000103","0x00000004"]],"p":[3,3,3,3,1,1,1,1,3,3,3,3,1,1,1,1,2,2,2,2,0,0,0,0,2,2,2,2,0,0,0,0],"dc":{}}]}
