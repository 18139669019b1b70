// yield_branches.s - YIELD in both branches of an if/else closed by
// BSSY/BSYNC: control switches then -> else -> then, the BSYNC lets the
// then-side pass (yield release, the others have yielded), its EXIT hands
// over to the yielded else-side, whose BSYNC completes.  Terminates.
//
// Rules: N-22 (YIELD: SwitchMask update, non-yield lanes preferred, else
// lowest yielded; yielding lanes resume after the YIELD: RPC = next),
// N-21 (BSYNC: candidates exclude yielded lanes; with none left the yield
// release passes the arrived lanes and clears YieldMask only for pmask;
// write-back Bn = (Bn & Valid) & ~Active; full sync clears YieldMask for the
// new ActiveMask), N-18 (EXIT prefers non-yield lanes, else lowest yielded),
// section 2 (masks raw: SwitchMask keeps stale bits).
//
// lo = 0x0000ffff (then), hi = 0xffff0000 (else).
//
//  t   pc    what
//  0-1       R0 = lane, P0 = lane < 16
//  2   0x20  BSSY B0                    B0 = 0xffffffff
//  3   0x30  @!P0 BRA 0x80              RPC[hi] = 0x80, active lo, pc 0x40
//  4   0x40  R1 = 1 (lo)
//  5   0x50  YIELD (lo): Switch 0 -> reset Valid^Active = hi; non-yield hi,
//            lane 16; RPC[lo] = 0x60; Yield = lo; pc 0x80, active hi;
//            Switch = hi & (Valid^hi) = 0 -> reset lo
//  6   0x80  R1 = 2 (hi)
//  7   0x90  YIELD (hi): Switch = lo & lo = lo; non-yield in lo: none; yielded
//            lo, lane 0; RPC[hi] = 0xa0; Yield = 0xffffffff; pc 0x60, active lo;
//            Switch = lo & hi = 0 -> reset hi
//  8   0x60  R1 += 0x10 (lo)
//  9   0x70  BRA 0xb0
// 10   0xb0  BSYNC B0 (lo): arrive lo; left hi; candidates Valid & ~arrive &
//            ~Yield = 0 -> yield release: active lo, pc 0xc0, Yield &= ~lo =
//            hi; B0 = 0xffff0000
// 11   0xc0  R2 = R1 + 0x100 (lo)
// 12   0xd0  EXIT (lo): valid hi; non-yield none, yielded hi, lane 16:
//            pc RPC[16] = 0xa0, active hi
// 13   0xa0  R1 += 0x20 (hi)
// 14   0xb0  BSYNC B0 (hi): bmask = hi & valid = hi = active: full sync,
//            pc 0xc0, Yield &= ~hi = 0, B0 = 0
// 15   0xc0  R2 = R1 + 0x100 (hi)
// 16   0xd0  EXIT: warp exits; SwitchMask keeps hi
//
//! args: --dump-regs 3
//! records: 17
//! record: {"t":3,"pc":"0x30","op":"BRA","active":"0x0000ffff","next_pc":"0x40"}
//! record: {"t":5,"pc":"0x50","op":"YIELD","active":"0xffff0000","valid":"0xffffffff","next_pc":"0x80","yield":"0x0000ffff","sleep":"0x00000000","switch":"0x0000ffff","b":{"B0":"0xffffffff"},"ev":[]}
//! record: {"t":6,"pc":"0x80","op":"MOV","active":"0xffff0000"}
//! record: {"t":7,"pc":"0x90","op":"YIELD","active":"0x0000ffff","next_pc":"0x60","yield":"0xffffffff","switch":"0xffff0000","ev":[]}
//! record: {"t":8,"pc":"0x60","op":"IADD","active":"0x0000ffff"}
//! record: {"t":10,"pc":"0xb0","op":"BSYNC","active":"0x0000ffff","next_pc":"0xc0","yield":"0xffff0000","switch":"0xffff0000","b":{"B0":"0xffff0000"},"ev":[]}
//! record: {"t":12,"pc":"0xd0","op":"EXIT","active":"0xffff0000","valid":"0xffff0000","next_pc":"0xa0","yield":"0xffff0000","b":{"B0":"0xffff0000"},"ev":[]}
//! record: {"t":13,"pc":"0xa0","op":"IADD","active":"0xffff0000"}
//! record: {"t":14,"pc":"0xb0","op":"BSYNC","active":"0xffff0000","valid":"0xffff0000","next_pc":"0xc0","yield":"0x00000000","switch":"0xffff0000","b":{}}
//! record: {"t":16,"pc":"0xd0","op":"EXIT","active":"0x00000000","valid":"0x00000000","ev":["exit"]}
//! expect: {"end":"done","t":17,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0xd0","active":"0x00000000","valid":"0x00000000","yield":"0x00000000","sleep":"0x00000000","switch":"0xffff0000","b":{},"dc":{}}]}
// Registers (expect line at the end): R0 = lane; R1 = 0x11 (lo), 0x22 (hi);
// R2 = R1 + 0x100; P0 (bit 0) in lo.

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ BSSY B0, `(.L_join) ;
/*0030*/ @!P0 BRA `(.L_else) ;
/*0040*/ MOV R1, 0x1 ;
/*0050*/ YIELD ;
/*0060*/ IADD R1, R1, 0x10 ;
/*0070*/ BRA `(.L_join) ;
.L_else:
/*0080*/ MOV R1, 0x2 ;
/*0090*/ YIELD ;
/*00a0*/ IADD R1, R1, 0x20 ;
.L_join:
/*00b0*/ BSYNC B0 ;
/*00c0*/ IADD R2, R1, 0x100 ;
/*00d0*/ EXIT ;
//! expect: {"warps":[{"r":[["0x00000000","0x00000011","0x00000111"],["0x00000001","0x00000011","0x00000111"],["0x00000002","0x00000011","0x00000111"],["0x00000003","0x00000011","0x00000111"],["0x00000004","0x00000011","0x00000111"],["0x00000005","0x00000011","0x00000111"],["0x00000006","0x00000011","0x00000111"],["0x00000007","0x00000011","0x00000111"],["0x00000008","0x00000011","0x00000111"],["0x00000009","0x00000011","0x00000111"],["0x0000000a","0x00000011","0x00000111"],["0x0000000b","0x00000011","0x00000111"],["0x0000000c","0x00000011","0x00000111"],["0x0000000d","0x00000011","0x00000111"],["0x0000000e","0x00000011","0x00000111"],["0x0000000f","0x00000011","0x00000111"],["0x00000010","0x00000022","0x00000122"],["0x00000011","0x00000022","0x00000122"],["0x00000012","0x00000022","0x00000122"],["0x00000013","0x00000022","0x00000122"],["0x00000014","0x00000022","0x00000122"],["0x00000015","0x00000022","0x00000122"],["0x00000016","0x00000022","0x00000122"],["0x00000017","0x00000022","0x00000122"],["0x00000018","0x00000022","0x00000122"],["0x00000019","0x00000022","0x00000122"],["0x0000001a","0x00000022","0x00000122"],["0x0000001b","0x00000022","0x00000122"],["0x0000001c","0x00000022","0x00000122"],["0x0000001d","0x00000022","0x00000122"],["0x0000001e","0x00000022","0x00000122"],["0x0000001f","0x00000022","0x00000122"]],"p":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"dc":{}}]}
