// ptx_divergent.s - a non-aligned barrier.red in both branches of a divergent
// warp: the lanes of the first branch wait at their instruction for the rest
// of the warp (parked like BSYNC waiters, no barrier event), the warp
// switches to the other branch, and when its lanes reach the barrier the
// warp arrives once; each lane gets the result in its own instruction's
// destination (R1 for lanes 0..15, R3 for lanes 16..31).  Input P1: lanes 0..3.
//
// Rules: P-03, P-10 (gather, park, switch, arrive once; lanes parked at the
// other instruction move past it), P-11 (per-lane destination), P-08 (the
// op is barrier.red.popc.u32), N-21 (the BSYNC joins the branches).
//
//  t  pc    instruction                          active      events / what
//  4  0x40  @!P0 BRA .L_else                     0x0000ffff  lanes 16..31 wait at 0x80
//  5  0x50  barrier.red.popc.u32 R1, 0x2, P1     0xffff0000  lanes 0..15 parked at 0x50; switch to 0x80
//  6  0x80  barrier.red.popc.u32 R3, 0x2, P1     0xffff0000  arrive:2 release:2 (4 true): R1 = 4 in
//                                                            lanes 0..15, R3 = 4 in 16..31; lanes 0..15 -> 0x60
//  7  0x90  MOV R2, 0x2
//  8  0xa0  BSYNC B0                             0x0000ffff  switch to lanes 0..15 at 0x60
//  9  0x60  MOV R2, 0x1
// 10  0x70  BRA .L_join
// 11  0xa0  BSYNC B0                             0xffffffff  joined
// 12  0xb0  EXIT
//
//! args: --profile ptx --dump-regs 4
//! records: 13
//! record: {"t":4,"pc":"0x40","op":"BRA","active":"0x0000ffff","next_pc":"0x50"}
//! record: {"t":5,"pc":"0x50","op":"barrier.red.popc.u32","active":"0xffff0000","next_pc":"0x80","ev":[]}
//! record: {"t":6,"pc":"0x80","op":"barrier.red.popc.u32","active":"0xffff0000","next_pc":"0x90","ev":["arrive:2","release:2"],"bars":{"2":"0x00000000"}}
//! record: {"t":8,"pc":"0xa0","op":"BSYNC","active":"0x0000ffff","next_pc":"0x60","b":{"B0":"0x0000ffff"}}
//! record: {"t":11,"pc":"0xa0","op":"BSYNC","active":"0xffffffff","next_pc":"0xb0","b":{}}
//! expect: {"end":"done","t":13,"bars":{},"profile":"ptx","warps":[{"warp":0,"state":"exited","pc":"0xb0","r":[["0x00000000","0x00000004","0x00000001","0x00000000"],["0x00000001","0x00000004","0x00000001","0x00000000"],["0x00000002","0x00000004","0x00000001","0x00000000"],["0x00000003","0x00000004","0x00000001","0x00000000"],["0x00000004","0x00000004","0x00000001","0x00000000"],["0x00000005","0x00000004","0x00000001","0x00000000"],["0x00000006","0x00000004","0x00000001","0x00000000"],["0x00000007","0x00000004","0x00000001","0x00000000"],["0x00000008","0x00000004","0x00000001","0x00000000"],["0x00000009","0x00000004","0x00000001","0x00000000"],["0x0000000a","0x00000004","0x00000001","0x00000000"],["0x0000000b","0x00000004","0x00000001","0x00000000"],["0x0000000c","0x00000004","0x00000001","0x00000000"],["0x0000000d","0x00000004","0x00000001","0x00000000"],["0x0000000e","0x00000004","0x00000001","0x00000000"],["0x0000000f","0x00000004","0x00000001","0x00000000"],["0x00000010","0x00000000","0x00000002","0x00000004"],["0x00000011","0x00000000","0x00000002","0x00000004"],["0x00000012","0x00000000","0x00000002","0x00000004"],["0x00000013","0x00000000","0x00000002","0x00000004"],["0x00000014","0x00000000","0x00000002","0x00000004"],["0x00000015","0x00000000","0x00000002","0x00000004"],["0x00000016","0x00000000","0x00000002","0x00000004"],["0x00000017","0x00000000","0x00000002","0x00000004"],["0x00000018","0x00000000","0x00000002","0x00000004"],["0x00000019","0x00000000","0x00000002","0x00000004"],["0x0000001a","0x00000000","0x00000002","0x00000004"],["0x0000001b","0x00000000","0x00000002","0x00000004"],["0x0000001c","0x00000000","0x00000002","0x00000004"],["0x0000001d","0x00000000","0x00000002","0x00000004"],["0x0000001e","0x00000000","0x00000002","0x00000004"],["0x0000001f","0x00000000","0x00000002","0x00000004"]],"p":[3,3,3,3,1,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"dc":{}}]}

.profile ptx

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;                // lanes 0..15
/*0020*/ ISETP.LT P1, R0, 0x4 ;                 // lanes 0..3: the input
/*0030*/ BSSY B0, `(.L_join) ;
/*0040*/ @!P0 BRA `(.L_else) ;
/*0050*/ barrier.red.popc.u32 R1, 0x2, P1 ;
/*0060*/ MOV R2, 0x1 ;
/*0070*/ BRA `(.L_join) ;
.L_else:
/*0080*/ barrier.red.popc.u32 R3, 0x2, P1 ;
/*0090*/ MOV R2, 0x2 ;
.L_join:
/*00a0*/ BSYNC B0 ;
/*00b0*/ EXIT ;
