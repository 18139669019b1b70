// hazard_h3.s - SPEC-NOTES H-3: stale YieldMask bits.  The then-lanes YIELD;
// the program reconverges with WARPSYNC, which never clears YieldMask, and
// exits: the yield bits of the then-lanes (and the SwitchMask) are still
// set in the final record.
//
// Rules: N-22 (YIELD), N-25 (uniform WARPSYNC: non-arrived members all
// yielded -> switch to the lowest yielded; success sets ActiveMask = m and
// touches no YieldMask), N-18, section 2 (masks raw after EXIT).
//
// lo = 0x0000ffff (then), hi = 0xffff0000 (else).
//
//  t  pc    what
//  0-1      R0 = lane, P0 = lane < 16
//  2  0x20  @!P0 BRA 0x60         RPC[hi] = 0x60, active lo, pc 0x30
//  3  0x30  YIELD (lo)            Switch -> hi, lane 16; RPC[lo] = 0x40,
//                                 Yield = lo, pc 0x60, active hi, Switch = lo
//  4  0x60  R1 = 2 (hi)
//  5  0x70  WARPSYNC (hi)         arrive hi; member lo yielded: RPC[hi] = 0x70,
//                                 lane 0: pc 0x40, active lo
//  6  0x40  R1 = 1 (lo)
//  7  0x50  BRA 0x70
//  8  0x70  WARPSYNC (lo)         arrive lo | hi: active all, pc 0x80, Yield lo
//  9  0x80  EXIT                  warp exits with Yield lo, Switch lo
//
//! records: 10
//! record: {"t":3,"pc":"0x30","op":"YIELD","active":"0xffff0000","next_pc":"0x60","yield":"0x0000ffff","switch":"0x0000ffff"}
//! record: {"t":5,"pc":"0x70","op":"WARPSYNC","active":"0x0000ffff","next_pc":"0x40","yield":"0x0000ffff"}
//! record: {"t":8,"pc":"0x70","op":"WARPSYNC","active":"0xffffffff","next_pc":"0x80","yield":"0x0000ffff","switch":"0x0000ffff"}
//! record: {"t":9,"pc":"0x80","op":"EXIT","active":"0x00000000","valid":"0x00000000","yield":"0x0000ffff","ev":["exit"]}
//! expect: {"end":"done","t":10,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0x80","active":"0x00000000","valid":"0x00000000","yield":"0x0000ffff","sleep":"0x00000000","switch":"0x0000ffff","b":{}}]}

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ @!P0 BRA `(.L_else) ;
/*0030*/ YIELD ;
/*0040*/ MOV R1, 0x1 ;
/*0050*/ BRA `(.L_join) ;
.L_else:
/*0060*/ MOV R1, 0x2 ;
.L_join:
/*0070*/ WARPSYNC 0xffffffff ;
/*0080*/ EXIT ;
