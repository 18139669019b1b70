// warpsync_partial.s - WARPSYNC with a partial membermask: the uniform form
// (immediate 0x0000ffff) gathers two diverged groups of the low half while
// the high half is parked elsewhere; the per-lane form (R3 = the mask of the
// lane's own half) first finds no complete group and switches, then releases
// one group at a time; a final WARPSYNC 0xffffffff reconverges everything.
//
// Rules: N-25 (m = value & Valid; uniform: success iff (arrive & m) == m,
// then ActiveMask = m; else switch to the non-arrived members, non-yield
// first; R form: warp_syncmask = arrived lanes whose group has fully
// arrived, release the group of its lowest lane; with none, candidates =
// OR of the arrived lanes' masks & Valid & ~arrive, ActiveMask = lanes with
// the chosen RPC & ValidMask; the NOT_MEMBER / GROUP_MISMATCH checks pass),
// N-12 (partial BRA), N-50.
//
// G0 = lanes 0..7 = 0x000000ff, G1 = 0x0000ff00, G2 = 0xffff0000.
// R3 = 0x0000ffff in G0|G1, 0xffff0000 in G2.
//
//  t   pc     what
//  0-4        R0 = lane, P0 = G0, P1 = G0|G1, R3
//  5   0x050  @!P1 BRA 0x120            RPC[G2] = 0x120, active 0xffff, pc 0x60
//  6   0x060  @!P0 BRA 0x0e0            RPC[G1] = 0xe0, active G0, pc 0x70
//  7   0x070  R1 = 1 (G0)
//  8   0x080  WARPSYNC 0x0000ffff (G0)  arrive G0 != m; members not arrived: G1:
//             RPC[G0] = 0x80, lane 8: pc 0xe0, active G1
//  9   0x0e0  R1 = 2 (G1)
// 10   0x0f0  BRA 0x80
// 11   0x080  WARPSYNC 0x0000ffff (G1)  arrive G1 | G0 (RPC 0x80) = m: active
//             0x0000ffff, pc 0x90
// 12   0x090  @!P0 BRA 0x100            RPC[G1] = 0x100, active G0, pc 0xa0
// 13   0x0a0  WARPSYNC R3 (G0)          arrive G0; G0's group 0xffff not complete:
//             warp_syncmask 0; candidates 0xffff & ~G0 = G1, lane 8:
//             RPC[G0] = 0xa0, pc 0x100, active = RPC 0x100 & Valid = G1
// 14   0x100  R1 += 0x20 (G1)
// 15   0x110  BRA 0xa0
// 16   0x0a0  WARPSYNC R3 (G1)          arrive G1 | G0 = 0xffff, group complete:
//             release lane 0's group 0x0000ffff: active 0xffff, pc 0xb0
// 17   0x0b0  R2 = R1 + 0x100 (0xffff)
// 18   0x0c0  WARPSYNC 0xffffffff       arrive 0xffff; member G2 not arrived:
//             RPC[0xffff] = 0xc0, lane 16: pc 0x120, active G2
// 19   0x120  R1 = 3 (G2)
// 20   0x130  BRA 0xa0
// 21   0x0a0  WARPSYNC R3 (G2)          arrive G2 (G0/G1 RPCs are 0xc0): group
//             0xffff0000 complete: active G2, pc 0xb0
// 22   0x0b0  R2 = R1 + 0x100 (G2)
// 23   0x0c0  WARPSYNC 0xffffffff       arrive G2 | 0xffff (RPC 0xc0): success,
//             active all, pc 0xd0
// 24   0x0d0  EXIT
//
//! args: --dump-regs 4
//! records: 25
//! record: {"t":5,"pc":"0x50","op":"BRA","active":"0x0000ffff","next_pc":"0x60"}
//! record: {"t":6,"pc":"0x60","op":"BRA","active":"0x000000ff","next_pc":"0x70"}
//! record: {"t":8,"pc":"0x80","op":"WARPSYNC","active":"0x0000ff00","valid":"0xffffffff","next_pc":"0xe0","yield":"0x00000000","ev":[]}
//! record: {"t":10,"pc":"0xf0","op":"BRA","active":"0x0000ff00","next_pc":"0x80"}
//! record: {"t":11,"pc":"0x80","op":"WARPSYNC","active":"0x0000ffff","next_pc":"0x90","ev":[]}
//! record: {"t":12,"pc":"0x90","op":"BRA","active":"0x000000ff","next_pc":"0xa0"}
//! record: {"t":13,"pc":"0xa0","op":"WARPSYNC","active":"0x0000ff00","next_pc":"0x100","ev":[]}
//! record: {"t":16,"pc":"0xa0","op":"WARPSYNC","active":"0x0000ffff","next_pc":"0xb0","ev":[]}
//! record: {"t":18,"pc":"0xc0","op":"WARPSYNC","active":"0xffff0000","next_pc":"0x120","ev":[]}
//! record: {"t":21,"pc":"0xa0","op":"WARPSYNC","active":"0xffff0000","next_pc":"0xb0","ev":[]}
//! record: {"t":23,"pc":"0xc0","op":"WARPSYNC","active":"0xffffffff","next_pc":"0xd0","ev":[]}
//! record: {"t":24,"pc":"0xd0","op":"EXIT","ev":["exit"]}
//! expect: {"end":"done","t":25,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0xd0","active":"0x00000000","valid":"0x00000000","yield":"0x00000000","sleep":"0x00000000","switch":"0x00000000","b":{},"dc":{}}]}
// Registers (expect line at the end): R0 = lane; R1 = 1 (G0), 0x22 (G1),
// 3 (G2); R2 = R1 + 0x100; R3 as above; p = P0 (bit 0, G0) | P1 (bit 1, G0|G1).

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x8 ;
/*0020*/ ISETP.LT P1, R0, 0x10 ;
/*0030*/ MOV R3, 0xffff0000 ;
/*0040*/ @P1 MOV R3, 0x0000ffff ;
/*0050*/ @!P1 BRA `(.L_hi) ;
/*0060*/ @!P0 BRA `(.L_mid1) ;
/*0070*/ MOV R1, 0x1 ;
.L_usync:
/*0080*/ WARPSYNC 0x0000ffff ;
/*0090*/ @!P0 BRA `(.L_mid2) ;
.L_rsync:
/*00a0*/ WARPSYNC R3 ;
/*00b0*/ IADD R2, R1, 0x100 ;
/*00c0*/ WARPSYNC 0xffffffff ;
/*00d0*/ EXIT ;
.L_mid1:
/*00e0*/ MOV R1, 0x2 ;
/*00f0*/ BRA `(.L_usync) ;
.L_mid2:
/*0100*/ IADD R1, R1, 0x20 ;
/*0110*/ BRA `(.L_rsync) ;
.L_hi:
/*0120*/ MOV R1, 0x3 ;
/*0130*/ BRA `(.L_rsync) ;
//! expect: {"warps":[{"r":[["0x00000000","0x00000001","0x00000101","0x0000ffff"],["0x00000001","0x00000001","0x00000101","0x0000ffff"],["0x00000002","0x00000001","0x00000101","0x0000ffff"],["0x00000003","0x00000001","0x00000101","0x0000ffff"],["0x00000004","0x00000001","0x00000101","0x0000ffff"],["0x00000005","0x00000001","0x00000101","0x0000ffff"],["0x00000006","0x00000001","0x00000101","0x0000ffff"],["0x00000007","0x00000001","0x00000101","0x0000ffff"],["0x00000008","0x00000022","0x00000122","0x0000ffff"],["0x00000009","0x00000022","0x00000122","0x0000ffff"],["0x0000000a","0x00000022","0x00000122","0x0000ffff"],["0x0000000b","0x00000022","0x00000122","0x0000ffff"],["0x0000000c","0x00000022","0x00000122","0x0000ffff"],["0x0000000d","0x00000022","0x00000122","0x0000ffff"],["0x0000000e","0x00000022","0x00000122","0x0000ffff"],["0x0000000f","0x00000022","0x00000122","0x0000ffff"],["0x00000010","0x00000003","0x00000103","0xffff0000"],["0x00000011","0x00000003","0x00000103","0xffff0000"],["0x00000012","0x00000003","0x00000103","0xffff0000"],["0x00000013","0x00000003","0x00000103","0xffff0000"],["0x00000014","0x00000003","0x00000103","0xffff0000"],["0x00000015","0x00000003","0x00000103","0xffff0000"],["0x00000016","0x00000003","0x00000103","0xffff0000"],["0x00000017","0x00000003","0x00000103","0xffff0000"],["0x00000018","0x00000003","0x00000103","0xffff0000"],["0x00000019","0x00000003","0x00000103","0xffff0000"],["0x0000001a","0x00000003","0x00000103","0xffff0000"],["0x0000001b","0x00000003","0x00000103","0xffff0000"],["0x0000001c","0x00000003","0x00000103","0xffff0000"],["0x0000001d","0x00000003","0x00000103","0xffff0000"],["0x0000001e","0x00000003","0x00000103","0xffff0000"],["0x0000001f","0x00000003","0x00000103","0xffff0000"]],"p":[3,3,3,3,3,3,3,3,2,2,2,2,2,2,2,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"dc":{}}]}
