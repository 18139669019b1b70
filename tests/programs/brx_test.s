// brx_test.s - seed 003's BRX example ("brx_test", in the BRX description of
// the BRU file) rebuilt with the helper instructions: a constant jump table
// of label offsets from the kernel base, one entry per lane % 4, an indirect
// BRX whose displacement cancels the next-instruction address so that the
// target is the table entry itself, four targets (one EXITs), BSSY/BSYNC
// nesting as in the seed (B1 inside B0), and EXIT where the seed returns.
// The seed indexes the table with register address arithmetic; LDC here only
// takes an immediate address (N-51), so each lane picks its entry with a
// guarded LDC.  The seed's shift-left target becomes SHL, its adds IADD.
//
// Rules: N-15 (BRX: Target[l] = pc + 16 + sext32(R6[l]) + offset*16), N-12
// (all lanes jump: lowest lane's target is taken, the others are parked with
// RPC = their target), N-60 (`( ) displacement expression with `.`; .const
// with label expressions), N-52 (.const), N-21 (BSYNC switch order), N-18
// (EXIT of the active lanes switches to the lowest valid lane), N-50.
//
// Jump table c[2][0..0xc] = 0xe0, 0x100, 0x120, 0x150 (.L_base = 0).
// BRX displacement = (.L_base - 0xd0) - 0x10 = -0xe0: Target = R6.
// k0 = lane%4==0 = 0x11111111 (R4 += 1), k1 = 0x22222222 (R4 <<= 1),
// k2 = 0x44444444 (R4 -= 3), k3 = 0x88888888 (EXIT).
//
//  t   pc     what
//  0   0x000  BSSY B0                 B0 = 0xffffffff
//  1-3        R0 = lane, R5 = lane & 3, R4 = lane + 0x10
//  4   0x040  BSSY B1                 B1 = 0xffffffff
//  5-12       R6 = table[lane & 3] (4 x ISETP + guarded LDC)
// 13   0x0d0  BRX: lane 0 -> 0xe0; RPC[k1] = 0x100, RPC[k2] = 0x120,
//             RPC[k3] = 0x150; active k0, pc 0xe0
// 14   0x0e0  R4 += 1 (k0)
// 15   0x0f0  BRA 0x130
// 16   0x130  BSYNC B1 (k0): left 0xeeeeeeee, RPC[k0] = 0x130, lane 1:
//             pc 0x100, active k1, B1 = 0xeeeeeeee
// 17   0x100  R4 <<= 1 (k1)
// 18   0x110  BRA 0x130
// 19   0x130  BSYNC B1 (k1): arrive k1|k0, left 0xcccccccc; RPC[k1] = 0x130,
//             lane 2: pc 0x120, active k2, B1 = 0xcccccccc
// 20   0x120  R4 -= 3 (k2)
// 21   0x130  BSYNC B1 (k2): arrive 0x77777777, left k3; lane 3: pc 0x150,
//             active k3, B1 = 0x88888888
// 22   0x150  EXIT (k3): valid 0x77777777, lane 0: pc RPC[0] = 0x130,
//             active = RPC 0x130 & valid = 0x77777777 (no "exit": lanes remain)
// 23   0x130  BSYNC B1: bmask = 0x88888888 & valid = 0: full sync, pc 0x140, B1 = 0
// 24   0x140  BRA 0x160
// 25   0x160  BSYNC B0: bmask = 0x77777777 = active: full sync, pc 0x170, B0 = 0
// 26   0x170  EXIT: warp exits
//
//! args: --dump-regs 7
//! records: 27
//! record: {"t":4,"pc":"0x40","op":"BSSY","b":{"B0":"0xffffffff","B1":"0xffffffff"}}
//! record: {"t":12,"pc":"0xc0","op":"LDC","active":"0xffffffff","next_pc":"0xd0"}
//! record: {"t":13,"pc":"0xd0","op":"BRX","active":"0x11111111","valid":"0xffffffff","next_pc":"0xe0","ev":[]}
//! record: {"t":15,"pc":"0xf0","op":"BRA","active":"0x11111111","next_pc":"0x130"}
//! record: {"t":16,"pc":"0x130","op":"BSYNC","active":"0x22222222","next_pc":"0x100","b":{"B0":"0xffffffff","B1":"0xeeeeeeee"}}
//! record: {"t":17,"pc":"0x100","op":"SHL","active":"0x22222222"}
//! record: {"t":19,"pc":"0x130","op":"BSYNC","active":"0x44444444","next_pc":"0x120","b":{"B0":"0xffffffff","B1":"0xcccccccc"}}
//! record: {"t":21,"pc":"0x130","op":"BSYNC","active":"0x88888888","next_pc":"0x150","b":{"B0":"0xffffffff","B1":"0x88888888"}}
//! record: {"t":22,"pc":"0x150","op":"EXIT","active":"0x77777777","valid":"0x77777777","next_pc":"0x130","b":{"B0":"0xffffffff","B1":"0x88888888"},"ev":[]}
//! record: {"t":23,"pc":"0x130","op":"BSYNC","active":"0x77777777","valid":"0x77777777","next_pc":"0x140","b":{"B0":"0xffffffff"}}
//! record: {"t":24,"pc":"0x140","op":"BRA","next_pc":"0x160"}
//! record: {"t":25,"pc":"0x160","op":"BSYNC","active":"0x77777777","next_pc":"0x170","b":{}}
//! record: {"t":26,"pc":"0x170","op":"EXIT","active":"0x00000000","valid":"0x00000000","next_pc":"0x170","ev":["exit"]}
//! expect: {"end":"done","t":27,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0x170","active":"0x00000000","valid":"0x00000000","yield":"0x00000000","sleep":"0x00000000","switch":"0x00000000","b":{},"dc":{}}]}
// Registers (expect line at the end): R0 = lane; R4 = lane + 0x11 (k0),
// (lane + 0x10) * 2 (k1), lane + 0xd (k2), lane + 0x10 (k3, exited);
// R5 = lane & 3; R6 = table entry; P0 (bit 0) = k3 (the last ISETP).
// R1..R3 are never written: 0.

.const c[0x2][0x0] = `(.L_x_7 - .L_base), `(.L_x_8 - .L_base), `(.L_x_9 - .L_base), `(.L_x_10 - .L_base)

.L_base:
/*0000*/ BSSY B0, `(.L_x_0) ;
/*0010*/ S2R R0, SR_LANEID ;
/*0020*/ LOP.AND R5, R0, 0x3 ;
/*0030*/ IADD R4, R0, 0x10 ;
/*0040*/ BSSY B1, `(.L_x_1) ;
/*0050*/ ISETP.EQ P0, R5, 0x0 ;
/*0060*/ @P0 LDC R6, c[0x2][0x0] ;
/*0070*/ ISETP.EQ P0, R5, 0x1 ;
/*0080*/ @P0 LDC R6, c[0x2][0x4] ;
/*0090*/ ISETP.EQ P0, R5, 0x2 ;
/*00a0*/ @P0 LDC R6, c[0x2][0x8] ;
/*00b0*/ ISETP.EQ P0, R5, 0x3 ;
/*00c0*/ @P0 LDC R6, c[0x2][0xc] ;
.L_x_6:
/*00d0*/ BRX R6, `((.L_base - .) - 0x10) ;
.L_x_7:
/*00e0*/ IADD R4, R4, 0x1 ;
/*00f0*/ BRA `(.L_x_3) ;
.L_x_8:
/*0100*/ SHL R4, R4, 0x1 ;
/*0110*/ BRA `(.L_x_3) ;
.L_x_9:
/*0120*/ IADD R4, R4, -0x3 ;
.L_x_3:
/*0130*/ BSYNC B1 ;
.L_x_1:
/*0140*/ BRA `(.L_x_4) ;
.L_x_10:
/*0150*/ EXIT ;
.L_x_4:
/*0160*/ BSYNC B0 ;
.L_x_0:
/*0170*/ EXIT ;
//! expect: {"warps":[{"r":[["0x00000000","0x00000000","0x00000000","0x00000000","0x00000011","0x00000000","0x000000e0"],["0x00000001","0x00000000","0x00000000","0x00000000","0x00000022","0x00000001","0x00000100"],["0x00000002","0x00000000","0x00000000","0x00000000","0x0000000f","0x00000002","0x00000120"],["0x00000003","0x00000000","0x00000000","0x00000000","0x00000013","0x00000003","0x00000150"],["0x00000004","0x00000000","0x00000000","0x00000000","0x00000015","0x00000000","0x000000e0"],["0x00000005","0x00000000","0x00000000","0x00000000","0x0000002a","0x00000001","0x00000100"],["0x00000006","0x00000000","0x00000000","0x00000000","0x00000013","0x00000002","0x00000120"],["0x00000007","0x00000000","0x00000000","0x00000000","0x00000017","0x00000003","0x00000150"],["0x00000008","0x00000000","0x00000000","0x00000000","0x00000019","0x00000000","0x000000e0"],["0x00000009","0x00000000","0x00000000","0x00000000","0x00000032","0x00000001","0x00000100"],["0x0000000a","0x00000000","0x00000000","0x00000000","0x00000017","0x00000002","0x00000120"],["0x0000000b","0x00000000","0x00000000","0x00000000","0x0000001b","0x00000003","0x00000150"],["0x0000000c","0x00000000","0x00000000","0x00000000","0x0000001d","0x00000000","0x000000e0"],["0x0000000d","0x00000000","0x00000000","0x00000000","0x0000003a","0x00000001","0x00000100"],["0x0000000e","0x00000000","0x00000000","0x00000000","0x0000001b","0x00000002","0x00000120"],["0x0000000f","0x00000000","0x00000000","0x00000000","0x0000001f","0x00000003","0x00000150"],["0x00000010","0x00000000","0x00000000","0x00000000","0x00000021","0x00000000","0x000000e0"],["0x00000011","0x00000000","0x00000000","0x00000000","0x00000042","0x00000001","0x00000100"],["0x00000012","0x00000000","0x00000000","0x00000000","0x0000001f","0x00000002","0x00000120"],["0x00000013","0x00000000","0x00000000","0x00000000","0x00000023","0x00000003","0x00000150"],["0x00000014","0x00000000","0x00000000","0x00000000","0x00000025","0x00000000","0x000000e0"],["0x00000015","0x00000000","0x00000000","0x00000000","0x0000004a","0x00000001","0x00000100"],["0x00000016","0x00000000","0x00000000","0x00000000","0x00000023","0x00000002","0x00000120"],["0x00000017","0x00000000","0x00000000","0x00000000","0x00000027","0x00000003","0x00000150"],["0x00000018","0x00000000","0x00000000","0x00000000","0x00000029","0x00000000","0x000000e0"],["0x00000019","0x00000000","0x00000000","0x00000000","0x00000052","0x00000001","0x00000100"],["0x0000001a","0x00000000","0x00000000","0x00000000","0x00000027","0x00000002","0x00000120"],["0x0000001b","0x00000000","0x00000000","0x00000000","0x0000002b","0x00000003","0x00000150"],["0x0000001c","0x00000000","0x00000000","0x00000000","0x0000002d","0x00000000","0x000000e0"],["0x0000001d","0x00000000","0x00000000","0x00000000","0x0000005a","0x00000001","0x00000100"],["0x0000001e","0x00000000","0x00000000","0x00000000","0x0000002b","0x00000002","0x00000120"],["0x0000001f","0x00000000","0x00000000","0x00000000","0x0000002f","0x00000003","0x00000150"]],"p":[0,0,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,0,0,1],"dc":{}}]}
