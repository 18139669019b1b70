// bra_modifiers.s - BRA.U, BRA.DIV and BRA.CONV, without and with a UR mask
// operand, on a converged and then a divergent warp.  Every branch whose
// condition fails falls through; every one that holds is taken by all
// active lanes (except the one partial .DIV that creates the divergence).
//
// Rules: N-11 (b_jump per modifier; without UR: is_div = pmask != Valid;
// with UR: valid-not-active lanes in the UR mask -> divergent, else if the
// active lanes' predicate disagrees -> divergent iff an active lane with a
// false predicate is in the UR mask; .DIV/.CONV with UR jump the whole
// ActiveMask; '~' inverts the UR value), N-12, N-21, N-51 (UMOV).
//
// lo = 0x0000ffff (P0), hi = 0xffff0000, P1 = lane < 24 = 0x00ffffff.
// UR4 = lo, UR5 = hi, UR6 = 0x00ff0000.
//
//  t   pc     instruction                  decision
//  0-5        R0, P0, P1, UR4, UR5, UR6
//  6   0x060  BSSY B0                      B0 = 0xffffffff
//  7   0x070  @P0 BRA.U                    not every active lane: fall through
//  8   0x080  @P0 BRA.CONV                 pmask lo != Valid: divergent: fall
//  9   0x090  BRA.DIV                      pmask = Valid: convergent: fall
// 10   0x0a0  BRA.CONV 0xc0                convergent: all jump
// 11   0x0c0  @P0 BRA.DIV 0x190            divergent: b_jump = lo, partial:
//                                          RPC[lo] = 0x190, active hi, pc 0xd0
// 12   0x0d0  BRA.U 0xf0                   all active lanes: jump
// 13   0x0f0  BRA.DIV UR4, 0x110           valid-not-active lo is in UR4:
//                                          divergent: jump (active hi)
// 14   0x110  BRA.CONV UR5, 0x130          lo not in UR5; predicate (PT) agrees:
//                                          convergent: jump
// 15   0x130  BRA.CONV ~URZ, 0xb0          ~URZ = all, contains lo: divergent:
//                                          fall through
// 16   0x140  @P1 BRA.DIV UR5, 0x160       lo not in UR5; P1 disagrees in hi;
//                                          lanes 24..31 (P1 false) in UR5:
//                                          divergent, pmask != 0: the whole
//                                          ActiveMask hi jumps
// 17   0x160  @P1 BRA.DIV UR6, 0xb0        P1 disagrees; no P1-false active lane
//                                          in UR6: convergent: fall through
// 18   0x170  R1 = 2 (hi)
// 19   0x180  BRA 0x1a0
// 20   0x1a0  BSYNC B0 (hi)                left lo: RPC[hi] = 0x1a0, pc 0x190,
//                                          active lo, B0 = lo
// 21   0x190  R1 = 1 (lo)
// 22   0x1a0  BSYNC B0 (lo)                full sync, pc 0x1b0, B0 = 0
// 23   0x1b0  EXIT
//
//! args: --dump-regs 2
//! records: 24
//! record: {"t":7,"pc":"0x70","op":"BRA.U","active":"0xffffffff","next_pc":"0x80"}
//! record: {"t":8,"pc":"0x80","op":"BRA.CONV","active":"0xffffffff","next_pc":"0x90"}
//! record: {"t":9,"pc":"0x90","op":"BRA.DIV","active":"0xffffffff","next_pc":"0xa0"}
//! record: {"t":10,"pc":"0xa0","op":"BRA.CONV","active":"0xffffffff","next_pc":"0xc0"}
//! record: {"t":11,"pc":"0xc0","op":"BRA.DIV","active":"0xffff0000","next_pc":"0xd0"}
//! record: {"t":12,"pc":"0xd0","op":"BRA.U","active":"0xffff0000","next_pc":"0xf0"}
//! record: {"t":13,"pc":"0xf0","op":"BRA.DIV","active":"0xffff0000","next_pc":"0x110"}
//! record: {"t":14,"pc":"0x110","op":"BRA.CONV","active":"0xffff0000","next_pc":"0x130"}
//! record: {"t":15,"pc":"0x130","op":"BRA.CONV","active":"0xffff0000","next_pc":"0x140"}
//! record: {"t":16,"pc":"0x140","op":"BRA.DIV","active":"0xffff0000","next_pc":"0x160"}
//! record: {"t":17,"pc":"0x160","op":"BRA.DIV","active":"0xffff0000","next_pc":"0x170"}
//! record: {"t":20,"pc":"0x1a0","op":"BSYNC","active":"0x0000ffff","next_pc":"0x190","b":{"B0":"0x0000ffff"}}
//! record: {"t":22,"pc":"0x1a0","op":"BSYNC","active":"0xffffffff","next_pc":"0x1b0","b":{}}
//! record: {"t":23,"pc":"0x1b0","op":"EXIT","ev":["exit"]}
//! expect: {"end":"done","t":24,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0x1b0","yield":"0x00000000","switch":"0x00000000","b":{},"dc":{}}]}
// Registers (expect line at the end): R0 = lane, R1 = 1 (lo) / 2 (hi);
// p = P0 (bit 0, lo) | P1 (bit 1, lanes 0..23).

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ ISETP.LT P1, R0, 0x18 ;
/*0030*/ UMOV UR4, 0x0000ffff ;
/*0040*/ UMOV UR5, 0xffff0000 ;
/*0050*/ UMOV UR6, 0x00ff0000 ;
/*0060*/ BSSY B0, `(.L_join) ;
/*0070*/ @P0 BRA.U `(.L_bad) ;
/*0080*/ @P0 BRA.CONV `(.L_bad) ;
/*0090*/ BRA.DIV `(.L_bad) ;
/*00a0*/ BRA.CONV `(.L_c) ;
.L_bad:
/*00b0*/ EXIT ;
.L_c:
/*00c0*/ @P0 BRA.DIV `(.L_lo) ;
/*00d0*/ BRA.U `(.L_u) ;
/*00e0*/ EXIT ;
.L_u:
/*00f0*/ BRA.DIV UR4, `(.L_d) ;
/*0100*/ EXIT ;
.L_d:
/*0110*/ BRA.CONV UR5, `(.L_e) ;
/*0120*/ EXIT ;
.L_e:
/*0130*/ BRA.CONV ~URZ, `(.L_bad) ;
/*0140*/ @P1 BRA.DIV UR5, `(.L_f) ;
/*0150*/ EXIT ;
.L_f:
/*0160*/ @P1 BRA.DIV UR6, `(.L_bad) ;
/*0170*/ MOV R1, 0x2 ;
/*0180*/ BRA `(.L_join) ;
.L_lo:
/*0190*/ MOV R1, 0x1 ;
.L_join:
/*01a0*/ BSYNC B0 ;
/*01b0*/ EXIT ;
//! expect: {"warps":[{"r":[["0x00000000","0x00000001"],["0x00000001","0x00000001"],["0x00000002","0x00000001"],["0x00000003","0x00000001"],["0x00000004","0x00000001"],["0x00000005","0x00000001"],["0x00000006","0x00000001"],["0x00000007","0x00000001"],["0x00000008","0x00000001"],["0x00000009","0x00000001"],["0x0000000a","0x00000001"],["0x0000000b","0x00000001"],["0x0000000c","0x00000001"],["0x0000000d","0x00000001"],["0x0000000e","0x00000001"],["0x0000000f","0x00000001"],["0x00000010","0x00000002"],["0x00000011","0x00000002"],["0x00000012","0x00000002"],["0x00000013","0x00000002"],["0x00000014","0x00000002"],["0x00000015","0x00000002"],["0x00000016","0x00000002"],["0x00000017","0x00000002"],["0x00000018","0x00000002"],["0x00000019","0x00000002"],["0x0000001a","0x00000002"],["0x0000001b","0x00000002"],["0x0000001c","0x00000002"],["0x0000001d","0x00000002"],["0x0000001e","0x00000002"],["0x0000001f","0x00000002"]],"p":[3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,2,2,2,2,2,2,2,2,0,0,0,0,0,0,0,0],"dc":{}}]}
