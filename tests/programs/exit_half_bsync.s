// exit_half_bsync.s - half a warp EXITs inside a BSSY/BSYNC region, then the
// other half's BSYNC must complete without it; then a guarded (partial) EXIT
// of a quarter inside a second region.
//
// Rules: N-18 (EXIT: the whole-active-mask exit switches to the lowest
// non-yield valid lane's RPC; the guarded partial exit falls through; masks
// stay raw, so B registers keep exited lanes' bits until a BSYNC write-back),
// N-21 (bmask = Bn & ValidMask drops exited lanes), N-12, N-50.
//
// lo = 0x0000ffff, hi = 0xffff0000; P0 = lane >= 16 (hi), P1 = lane >= 8.
//
//  t  pc    what
//  0..2     R0 = lane, P0, P1
//  3  0x30  BSSY B0                 B0 = 0xffffffff
//  4  0x40  @P0 BRA 0x70 (partial)  RPC[hi] = 0x70, active lo, pc 0x50
//  5  0x50  MOV R1 = 7 (lo)
//  6  0x60  BRA 0x80                pc 0x80
//  7  0x80  BSYNC B0 (lo)           arrive lo, hi left (non-yield, in bmask):
//                                   RPC[lo] = 0x80, lane 16: pc 0x70, active hi,
//                                   B0 = 0xffff0000
//  8  0x70  EXIT (hi, all active)   valid = lo != 0: candidates lo, non-yield,
//                                   lane 0: pc = RPC[0] = 0x80, active = lanes
//                                   with RPC 0x80 = lo.  Not a warp exit: no
//                                   "exit" event.  B0 stays 0xffff0000 (raw).
//  9  0x80  BSYNC B0 (lo)           bmask = 0xffff0000 & valid = 0: full sync,
//                                   active lo, pc 0x90, B0 = 0
// 10  0x90  BSSY B1                 B1 = 0x0000ffff
// 11  0xa0  @P1 EXIT                pmask = 0x0000ff00, mask_np = 0xff != 0:
//                                   valid = 0x000000ff, active 0xff, pc 0xb0
// 12  0xb0  MOV R2 = 9 (0xff)
// 13  0xc0  BSYNC B1                bmask = 0xffff & valid = 0xff = active:
//                                   full sync, pc 0xd0, B1 = 0
// 14  0xd0  EXIT                    valid 0: the warp exits
//
//! args: --dump-regs 3
//! records: 15
//! record: {"t":4,"pc":"0x40","op":"BRA","active":"0x0000ffff","next_pc":"0x50","b":{"B0":"0xffffffff"}}
//! record: {"t":7,"pc":"0x80","op":"BSYNC","active":"0xffff0000","valid":"0xffffffff","next_pc":"0x70","b":{"B0":"0xffff0000"},"ev":[]}
//! record: {"t":8,"pc":"0x70","op":"EXIT","active":"0x0000ffff","valid":"0x0000ffff","next_pc":"0x80","yield":"0x00000000","b":{"B0":"0xffff0000"},"ev":[]}
//! record: {"t":9,"pc":"0x80","op":"BSYNC","active":"0x0000ffff","valid":"0x0000ffff","next_pc":"0x90","b":{}}
//! record: {"t":10,"pc":"0x90","op":"BSSY","b":{"B1":"0x0000ffff"}}
//! record: {"t":11,"pc":"0xa0","op":"EXIT","active":"0x000000ff","valid":"0x000000ff","next_pc":"0xb0","b":{"B1":"0x0000ffff"},"ev":[]}
//! record: {"t":13,"pc":"0xc0","op":"BSYNC","active":"0x000000ff","valid":"0x000000ff","next_pc":"0xd0","b":{}}
//! record: {"t":14,"pc":"0xd0","op":"EXIT","active":"0x00000000","valid":"0x00000000","next_pc":"0xd0","ev":["exit"]}
//! expect: {"end":"done","t":15,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0xd0","active":"0x00000000","valid":"0x00000000","yield":"0x00000000","sleep":"0x00000000","switch":"0x00000000","b":{},"dc":{}}]}
// Registers (expect line at the end; exited lanes keep theirs): R0 = lane,
// R1 = 7 in lo, R2 = 9 in lanes 0..7, p = P0 (bit 0, hi) | P1 (bit 1, lane >= 8).

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.GE P0, R0, 0x10 ;
/*0020*/ ISETP.GE P1, R0, 0x8 ;
/*0030*/ BSSY B0, `(.L_join) ;
/*0040*/ @P0 BRA `(.L_exit) ;
/*0050*/ MOV R1, 0x7 ;
/*0060*/ BRA `(.L_join) ;
.L_exit:
/*0070*/ EXIT ;
.L_join:
/*0080*/ BSYNC B0 ;
/*0090*/ BSSY B1, `(.L_join2) ;
/*00a0*/ @P1 EXIT ;
/*00b0*/ MOV R2, 0x9 ;
.L_join2:
/*00c0*/ BSYNC B1 ;
/*00d0*/ EXIT ;
//! expect: {"warps":[{"r":[["0x00000000","0x00000007","0x00000009"],["0x00000001","0x00000007","0x00000009"],["0x00000002","0x00000007","0x00000009"],["0x00000003","0x00000007","0x00000009"],["0x00000004","0x00000007","0x00000009"],["0x00000005","0x00000007","0x00000009"],["0x00000006","0x00000007","0x00000009"],["0x00000007","0x00000007","0x00000009"],["0x00000008","0x00000007","0x00000000"],["0x00000009","0x00000007","0x00000000"],["0x0000000a","0x00000007","0x00000000"],["0x0000000b","0x00000007","0x00000000"],["0x0000000c","0x00000007","0x00000000"],["0x0000000d","0x00000007","0x00000000"],["0x0000000e","0x00000007","0x00000000"],["0x0000000f","0x00000007","0x00000000"],["0x00000010","0x00000000","0x00000000"],["0x00000011","0x00000000","0x00000000"],["0x00000012","0x00000000","0x00000000"],["0x00000013","0x00000000","0x00000000"],["0x00000014","0x00000000","0x00000000"],["0x00000015","0x00000000","0x00000000"],["0x00000016","0x00000000","0x00000000"],["0x00000017","0x00000000","0x00000000"],["0x00000018","0x00000000","0x00000000"],["0x00000019","0x00000000","0x00000000"],["0x0000001a","0x00000000","0x00000000"],["0x0000001b","0x00000000","0x00000000"],["0x0000001c","0x00000000","0x00000000"],["0x0000001d","0x00000000","0x00000000"],["0x0000001e","0x00000000","0x00000000"],["0x0000001f","0x00000000","0x00000000"]],"p":[0,0,0,0,0,0,0,0,2,2,2,2,2,2,2,2,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3],"dc":{}}]}
