// ptx_red_32_warps.s - a non-aligned barrier.red.popc at 32 warps whose every lane
// names its own destination: lane l of each warp runs `barrier.red.popc.u32
// R(l+2), 0x1, P0` at its own instruction (guarded by P1 = lane == l, so each red
// splits the warp: lane l parks, the others go on), and a warp's gather records
// 32 groups with 32 different Rd.  The arrival of the last warp completes barrier
// 1 and delivers the result to every lane's own destination in all 32 warps:
// 1,024 register writes in one step, with the barrier word and 31 run states
// (issue 17 G: the record had room for 100 and the run ended in a model error).
// After the arrival each lane leaves the chain (its P1 still true) for .L_join,
// where BRX sends it to slot l to check its own destination (96: lanes 0..2 of
// every warp contribute P0 = true, 3 x 32) and that the next lane's destination
// stayed 0 in its own lane (P-11: other lanes are not written).  A wrong value
// spins at .L_bad (livelock, exit 3), so `done` means every lane's values are right.
//
// Rules: P-01, P-03 and P-10 (the gather: guard splits, RPC + 16 at the arrival),
// P-05 and P-11 (the result in each executing lane's own Rd), N-36 (POPC), N-34
// (the completion wakes warps 0..30), N-15 (BRX).
//
//! args: --profile ptx
//! records: 11296
//! record: {"warp":31,"pc":"0x600","op":"barrier.red.popc.u32","active":"0x80000000","next_pc":"0x610","ev":["arrive:1","release:1:0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30"],"bars":{"1":"0x00000000"}}
//! expect: {"end":"done","bars":{},"profile":"ptx","warps":[{"warp":0,"state":"exited"},{"warp":1,"state":"exited"},{"warp":2,"state":"exited"},{"warp":3,"state":"exited"},{"warp":4,"state":"exited"},{"warp":5,"state":"exited"},{"warp":6,"state":"exited"},{"warp":7,"state":"exited"},{"warp":8,"state":"exited"},{"warp":9,"state":"exited"},{"warp":10,"state":"exited"},{"warp":11,"state":"exited"},{"warp":12,"state":"exited"},{"warp":13,"state":"exited"},{"warp":14,"state":"exited"},{"warp":15,"state":"exited"},{"warp":16,"state":"exited"},{"warp":17,"state":"exited"},{"warp":18,"state":"exited"},{"warp":19,"state":"exited"},{"warp":20,"state":"exited"},{"warp":21,"state":"exited"},{"warp":22,"state":"exited"},{"warp":23,"state":"exited"},{"warp":24,"state":"exited"},{"warp":25,"state":"exited"},{"warp":26,"state":"exited"},{"warp":27,"state":"exited"},{"warp":28,"state":"exited"},{"warp":29,"state":"exited"},{"warp":30,"state":"exited"},{"warp":31,"state":"exited"}]}

.profile ptx
.threads 1024

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x3 ;                         // the input: lanes 0..2
/*0020*/ ISETP.EQ P1, R0, 0x0 ;
/*0030*/ @P1 barrier.red.popc.u32 R2, 0x1, P0 ;
/*0040*/ @P1 BRA `(.L_join) ;
/*0050*/ ISETP.EQ P1, R0, 0x1 ;
/*0060*/ @P1 barrier.red.popc.u32 R3, 0x1, P0 ;
/*0070*/ @P1 BRA `(.L_join) ;
/*0080*/ ISETP.EQ P1, R0, 0x2 ;
/*0090*/ @P1 barrier.red.popc.u32 R4, 0x1, P0 ;
/*00a0*/ @P1 BRA `(.L_join) ;
/*00b0*/ ISETP.EQ P1, R0, 0x3 ;
/*00c0*/ @P1 barrier.red.popc.u32 R5, 0x1, P0 ;
/*00d0*/ @P1 BRA `(.L_join) ;
/*00e0*/ ISETP.EQ P1, R0, 0x4 ;
/*00f0*/ @P1 barrier.red.popc.u32 R6, 0x1, P0 ;
/*0100*/ @P1 BRA `(.L_join) ;
/*0110*/ ISETP.EQ P1, R0, 0x5 ;
/*0120*/ @P1 barrier.red.popc.u32 R7, 0x1, P0 ;
/*0130*/ @P1 BRA `(.L_join) ;
/*0140*/ ISETP.EQ P1, R0, 0x6 ;
/*0150*/ @P1 barrier.red.popc.u32 R8, 0x1, P0 ;
/*0160*/ @P1 BRA `(.L_join) ;
/*0170*/ ISETP.EQ P1, R0, 0x7 ;
/*0180*/ @P1 barrier.red.popc.u32 R9, 0x1, P0 ;
/*0190*/ @P1 BRA `(.L_join) ;
/*01a0*/ ISETP.EQ P1, R0, 0x8 ;
/*01b0*/ @P1 barrier.red.popc.u32 R10, 0x1, P0 ;
/*01c0*/ @P1 BRA `(.L_join) ;
/*01d0*/ ISETP.EQ P1, R0, 0x9 ;
/*01e0*/ @P1 barrier.red.popc.u32 R11, 0x1, P0 ;
/*01f0*/ @P1 BRA `(.L_join) ;
/*0200*/ ISETP.EQ P1, R0, 0xa ;
/*0210*/ @P1 barrier.red.popc.u32 R12, 0x1, P0 ;
/*0220*/ @P1 BRA `(.L_join) ;
/*0230*/ ISETP.EQ P1, R0, 0xb ;
/*0240*/ @P1 barrier.red.popc.u32 R13, 0x1, P0 ;
/*0250*/ @P1 BRA `(.L_join) ;
/*0260*/ ISETP.EQ P1, R0, 0xc ;
/*0270*/ @P1 barrier.red.popc.u32 R14, 0x1, P0 ;
/*0280*/ @P1 BRA `(.L_join) ;
/*0290*/ ISETP.EQ P1, R0, 0xd ;
/*02a0*/ @P1 barrier.red.popc.u32 R15, 0x1, P0 ;
/*02b0*/ @P1 BRA `(.L_join) ;
/*02c0*/ ISETP.EQ P1, R0, 0xe ;
/*02d0*/ @P1 barrier.red.popc.u32 R16, 0x1, P0 ;
/*02e0*/ @P1 BRA `(.L_join) ;
/*02f0*/ ISETP.EQ P1, R0, 0xf ;
/*0300*/ @P1 barrier.red.popc.u32 R17, 0x1, P0 ;
/*0310*/ @P1 BRA `(.L_join) ;
/*0320*/ ISETP.EQ P1, R0, 0x10 ;
/*0330*/ @P1 barrier.red.popc.u32 R18, 0x1, P0 ;
/*0340*/ @P1 BRA `(.L_join) ;
/*0350*/ ISETP.EQ P1, R0, 0x11 ;
/*0360*/ @P1 barrier.red.popc.u32 R19, 0x1, P0 ;
/*0370*/ @P1 BRA `(.L_join) ;
/*0380*/ ISETP.EQ P1, R0, 0x12 ;
/*0390*/ @P1 barrier.red.popc.u32 R20, 0x1, P0 ;
/*03a0*/ @P1 BRA `(.L_join) ;
/*03b0*/ ISETP.EQ P1, R0, 0x13 ;
/*03c0*/ @P1 barrier.red.popc.u32 R21, 0x1, P0 ;
/*03d0*/ @P1 BRA `(.L_join) ;
/*03e0*/ ISETP.EQ P1, R0, 0x14 ;
/*03f0*/ @P1 barrier.red.popc.u32 R22, 0x1, P0 ;
/*0400*/ @P1 BRA `(.L_join) ;
/*0410*/ ISETP.EQ P1, R0, 0x15 ;
/*0420*/ @P1 barrier.red.popc.u32 R23, 0x1, P0 ;
/*0430*/ @P1 BRA `(.L_join) ;
/*0440*/ ISETP.EQ P1, R0, 0x16 ;
/*0450*/ @P1 barrier.red.popc.u32 R24, 0x1, P0 ;
/*0460*/ @P1 BRA `(.L_join) ;
/*0470*/ ISETP.EQ P1, R0, 0x17 ;
/*0480*/ @P1 barrier.red.popc.u32 R25, 0x1, P0 ;
/*0490*/ @P1 BRA `(.L_join) ;
/*04a0*/ ISETP.EQ P1, R0, 0x18 ;
/*04b0*/ @P1 barrier.red.popc.u32 R26, 0x1, P0 ;
/*04c0*/ @P1 BRA `(.L_join) ;
/*04d0*/ ISETP.EQ P1, R0, 0x19 ;
/*04e0*/ @P1 barrier.red.popc.u32 R27, 0x1, P0 ;
/*04f0*/ @P1 BRA `(.L_join) ;
/*0500*/ ISETP.EQ P1, R0, 0x1a ;
/*0510*/ @P1 barrier.red.popc.u32 R28, 0x1, P0 ;
/*0520*/ @P1 BRA `(.L_join) ;
/*0530*/ ISETP.EQ P1, R0, 0x1b ;
/*0540*/ @P1 barrier.red.popc.u32 R29, 0x1, P0 ;
/*0550*/ @P1 BRA `(.L_join) ;
/*0560*/ ISETP.EQ P1, R0, 0x1c ;
/*0570*/ @P1 barrier.red.popc.u32 R30, 0x1, P0 ;
/*0580*/ @P1 BRA `(.L_join) ;
/*0590*/ ISETP.EQ P1, R0, 0x1d ;
/*05a0*/ @P1 barrier.red.popc.u32 R31, 0x1, P0 ;
/*05b0*/ @P1 BRA `(.L_join) ;
/*05c0*/ ISETP.EQ P1, R0, 0x1e ;
/*05d0*/ @P1 barrier.red.popc.u32 R32, 0x1, P0 ;
/*05e0*/ @P1 BRA `(.L_join) ;
/*05f0*/ ISETP.EQ P1, R0, 0x1f ;
/*0600*/ @P1 barrier.red.popc.u32 R33, 0x1, P0 ;              // lane 31 arrives
/*0610*/ @P1 BRA `(.L_join) ;
.L_join:
/*0620*/ SHL R1, R0, 0x7 ;                          // 0x80 bytes a slot
/*0630*/ BRX R1, 0x0 ;                              // lane l -> slot l
// slot 0
/*0640*/ ISETP.NE P1, R2, 0x60 ;
/*0650*/ @P1 BRA `(.L_bad) ;
/*0660*/ ISETP.NE P1, R3, 0x0 ;
/*0670*/ @P1 BRA `(.L_bad) ;
/*0680*/ EXIT ;
/*0690*/ NOP ;
/*06a0*/ NOP ;
/*06b0*/ NOP ;
// slot 1
/*06c0*/ ISETP.NE P1, R3, 0x60 ;
/*06d0*/ @P1 BRA `(.L_bad) ;
/*06e0*/ ISETP.NE P1, R4, 0x0 ;
/*06f0*/ @P1 BRA `(.L_bad) ;
/*0700*/ EXIT ;
/*0710*/ NOP ;
/*0720*/ NOP ;
/*0730*/ NOP ;
// slot 2
/*0740*/ ISETP.NE P1, R4, 0x60 ;
/*0750*/ @P1 BRA `(.L_bad) ;
/*0760*/ ISETP.NE P1, R5, 0x0 ;
/*0770*/ @P1 BRA `(.L_bad) ;
/*0780*/ EXIT ;
/*0790*/ NOP ;
/*07a0*/ NOP ;
/*07b0*/ NOP ;
// slot 3
/*07c0*/ ISETP.NE P1, R5, 0x60 ;
/*07d0*/ @P1 BRA `(.L_bad) ;
/*07e0*/ ISETP.NE P1, R6, 0x0 ;
/*07f0*/ @P1 BRA `(.L_bad) ;
/*0800*/ EXIT ;
/*0810*/ NOP ;
/*0820*/ NOP ;
/*0830*/ NOP ;
// slot 4
/*0840*/ ISETP.NE P1, R6, 0x60 ;
/*0850*/ @P1 BRA `(.L_bad) ;
/*0860*/ ISETP.NE P1, R7, 0x0 ;
/*0870*/ @P1 BRA `(.L_bad) ;
/*0880*/ EXIT ;
/*0890*/ NOP ;
/*08a0*/ NOP ;
/*08b0*/ NOP ;
// slot 5
/*08c0*/ ISETP.NE P1, R7, 0x60 ;
/*08d0*/ @P1 BRA `(.L_bad) ;
/*08e0*/ ISETP.NE P1, R8, 0x0 ;
/*08f0*/ @P1 BRA `(.L_bad) ;
/*0900*/ EXIT ;
/*0910*/ NOP ;
/*0920*/ NOP ;
/*0930*/ NOP ;
// slot 6
/*0940*/ ISETP.NE P1, R8, 0x60 ;
/*0950*/ @P1 BRA `(.L_bad) ;
/*0960*/ ISETP.NE P1, R9, 0x0 ;
/*0970*/ @P1 BRA `(.L_bad) ;
/*0980*/ EXIT ;
/*0990*/ NOP ;
/*09a0*/ NOP ;
/*09b0*/ NOP ;
// slot 7
/*09c0*/ ISETP.NE P1, R9, 0x60 ;
/*09d0*/ @P1 BRA `(.L_bad) ;
/*09e0*/ ISETP.NE P1, R10, 0x0 ;
/*09f0*/ @P1 BRA `(.L_bad) ;
/*0a00*/ EXIT ;
/*0a10*/ NOP ;
/*0a20*/ NOP ;
/*0a30*/ NOP ;
// slot 8
/*0a40*/ ISETP.NE P1, R10, 0x60 ;
/*0a50*/ @P1 BRA `(.L_bad) ;
/*0a60*/ ISETP.NE P1, R11, 0x0 ;
/*0a70*/ @P1 BRA `(.L_bad) ;
/*0a80*/ EXIT ;
/*0a90*/ NOP ;
/*0aa0*/ NOP ;
/*0ab0*/ NOP ;
// slot 9
/*0ac0*/ ISETP.NE P1, R11, 0x60 ;
/*0ad0*/ @P1 BRA `(.L_bad) ;
/*0ae0*/ ISETP.NE P1, R12, 0x0 ;
/*0af0*/ @P1 BRA `(.L_bad) ;
/*0b00*/ EXIT ;
/*0b10*/ NOP ;
/*0b20*/ NOP ;
/*0b30*/ NOP ;
// slot 10
/*0b40*/ ISETP.NE P1, R12, 0x60 ;
/*0b50*/ @P1 BRA `(.L_bad) ;
/*0b60*/ ISETP.NE P1, R13, 0x0 ;
/*0b70*/ @P1 BRA `(.L_bad) ;
/*0b80*/ EXIT ;
/*0b90*/ NOP ;
/*0ba0*/ NOP ;
/*0bb0*/ NOP ;
// slot 11
/*0bc0*/ ISETP.NE P1, R13, 0x60 ;
/*0bd0*/ @P1 BRA `(.L_bad) ;
/*0be0*/ ISETP.NE P1, R14, 0x0 ;
/*0bf0*/ @P1 BRA `(.L_bad) ;
/*0c00*/ EXIT ;
/*0c10*/ NOP ;
/*0c20*/ NOP ;
/*0c30*/ NOP ;
// slot 12
/*0c40*/ ISETP.NE P1, R14, 0x60 ;
/*0c50*/ @P1 BRA `(.L_bad) ;
/*0c60*/ ISETP.NE P1, R15, 0x0 ;
/*0c70*/ @P1 BRA `(.L_bad) ;
/*0c80*/ EXIT ;
/*0c90*/ NOP ;
/*0ca0*/ NOP ;
/*0cb0*/ NOP ;
// slot 13
/*0cc0*/ ISETP.NE P1, R15, 0x60 ;
/*0cd0*/ @P1 BRA `(.L_bad) ;
/*0ce0*/ ISETP.NE P1, R16, 0x0 ;
/*0cf0*/ @P1 BRA `(.L_bad) ;
/*0d00*/ EXIT ;
/*0d10*/ NOP ;
/*0d20*/ NOP ;
/*0d30*/ NOP ;
// slot 14
/*0d40*/ ISETP.NE P1, R16, 0x60 ;
/*0d50*/ @P1 BRA `(.L_bad) ;
/*0d60*/ ISETP.NE P1, R17, 0x0 ;
/*0d70*/ @P1 BRA `(.L_bad) ;
/*0d80*/ EXIT ;
/*0d90*/ NOP ;
/*0da0*/ NOP ;
/*0db0*/ NOP ;
// slot 15
/*0dc0*/ ISETP.NE P1, R17, 0x60 ;
/*0dd0*/ @P1 BRA `(.L_bad) ;
/*0de0*/ ISETP.NE P1, R18, 0x0 ;
/*0df0*/ @P1 BRA `(.L_bad) ;
/*0e00*/ EXIT ;
/*0e10*/ NOP ;
/*0e20*/ NOP ;
/*0e30*/ NOP ;
// slot 16
/*0e40*/ ISETP.NE P1, R18, 0x60 ;
/*0e50*/ @P1 BRA `(.L_bad) ;
/*0e60*/ ISETP.NE P1, R19, 0x0 ;
/*0e70*/ @P1 BRA `(.L_bad) ;
/*0e80*/ EXIT ;
/*0e90*/ NOP ;
/*0ea0*/ NOP ;
/*0eb0*/ NOP ;
// slot 17
/*0ec0*/ ISETP.NE P1, R19, 0x60 ;
/*0ed0*/ @P1 BRA `(.L_bad) ;
/*0ee0*/ ISETP.NE P1, R20, 0x0 ;
/*0ef0*/ @P1 BRA `(.L_bad) ;
/*0f00*/ EXIT ;
/*0f10*/ NOP ;
/*0f20*/ NOP ;
/*0f30*/ NOP ;
// slot 18
/*0f40*/ ISETP.NE P1, R20, 0x60 ;
/*0f50*/ @P1 BRA `(.L_bad) ;
/*0f60*/ ISETP.NE P1, R21, 0x0 ;
/*0f70*/ @P1 BRA `(.L_bad) ;
/*0f80*/ EXIT ;
/*0f90*/ NOP ;
/*0fa0*/ NOP ;
/*0fb0*/ NOP ;
// slot 19
/*0fc0*/ ISETP.NE P1, R21, 0x60 ;
/*0fd0*/ @P1 BRA `(.L_bad) ;
/*0fe0*/ ISETP.NE P1, R22, 0x0 ;
/*0ff0*/ @P1 BRA `(.L_bad) ;
/*1000*/ EXIT ;
/*1010*/ NOP ;
/*1020*/ NOP ;
/*1030*/ NOP ;
// slot 20
/*1040*/ ISETP.NE P1, R22, 0x60 ;
/*1050*/ @P1 BRA `(.L_bad) ;
/*1060*/ ISETP.NE P1, R23, 0x0 ;
/*1070*/ @P1 BRA `(.L_bad) ;
/*1080*/ EXIT ;
/*1090*/ NOP ;
/*10a0*/ NOP ;
/*10b0*/ NOP ;
// slot 21
/*10c0*/ ISETP.NE P1, R23, 0x60 ;
/*10d0*/ @P1 BRA `(.L_bad) ;
/*10e0*/ ISETP.NE P1, R24, 0x0 ;
/*10f0*/ @P1 BRA `(.L_bad) ;
/*1100*/ EXIT ;
/*1110*/ NOP ;
/*1120*/ NOP ;
/*1130*/ NOP ;
// slot 22
/*1140*/ ISETP.NE P1, R24, 0x60 ;
/*1150*/ @P1 BRA `(.L_bad) ;
/*1160*/ ISETP.NE P1, R25, 0x0 ;
/*1170*/ @P1 BRA `(.L_bad) ;
/*1180*/ EXIT ;
/*1190*/ NOP ;
/*11a0*/ NOP ;
/*11b0*/ NOP ;
// slot 23
/*11c0*/ ISETP.NE P1, R25, 0x60 ;
/*11d0*/ @P1 BRA `(.L_bad) ;
/*11e0*/ ISETP.NE P1, R26, 0x0 ;
/*11f0*/ @P1 BRA `(.L_bad) ;
/*1200*/ EXIT ;
/*1210*/ NOP ;
/*1220*/ NOP ;
/*1230*/ NOP ;
// slot 24
/*1240*/ ISETP.NE P1, R26, 0x60 ;
/*1250*/ @P1 BRA `(.L_bad) ;
/*1260*/ ISETP.NE P1, R27, 0x0 ;
/*1270*/ @P1 BRA `(.L_bad) ;
/*1280*/ EXIT ;
/*1290*/ NOP ;
/*12a0*/ NOP ;
/*12b0*/ NOP ;
// slot 25
/*12c0*/ ISETP.NE P1, R27, 0x60 ;
/*12d0*/ @P1 BRA `(.L_bad) ;
/*12e0*/ ISETP.NE P1, R28, 0x0 ;
/*12f0*/ @P1 BRA `(.L_bad) ;
/*1300*/ EXIT ;
/*1310*/ NOP ;
/*1320*/ NOP ;
/*1330*/ NOP ;
// slot 26
/*1340*/ ISETP.NE P1, R28, 0x60 ;
/*1350*/ @P1 BRA `(.L_bad) ;
/*1360*/ ISETP.NE P1, R29, 0x0 ;
/*1370*/ @P1 BRA `(.L_bad) ;
/*1380*/ EXIT ;
/*1390*/ NOP ;
/*13a0*/ NOP ;
/*13b0*/ NOP ;
// slot 27
/*13c0*/ ISETP.NE P1, R29, 0x60 ;
/*13d0*/ @P1 BRA `(.L_bad) ;
/*13e0*/ ISETP.NE P1, R30, 0x0 ;
/*13f0*/ @P1 BRA `(.L_bad) ;
/*1400*/ EXIT ;
/*1410*/ NOP ;
/*1420*/ NOP ;
/*1430*/ NOP ;
// slot 28
/*1440*/ ISETP.NE P1, R30, 0x60 ;
/*1450*/ @P1 BRA `(.L_bad) ;
/*1460*/ ISETP.NE P1, R31, 0x0 ;
/*1470*/ @P1 BRA `(.L_bad) ;
/*1480*/ EXIT ;
/*1490*/ NOP ;
/*14a0*/ NOP ;
/*14b0*/ NOP ;
// slot 29
/*14c0*/ ISETP.NE P1, R31, 0x60 ;
/*14d0*/ @P1 BRA `(.L_bad) ;
/*14e0*/ ISETP.NE P1, R32, 0x0 ;
/*14f0*/ @P1 BRA `(.L_bad) ;
/*1500*/ EXIT ;
/*1510*/ NOP ;
/*1520*/ NOP ;
/*1530*/ NOP ;
// slot 30
/*1540*/ ISETP.NE P1, R32, 0x60 ;
/*1550*/ @P1 BRA `(.L_bad) ;
/*1560*/ ISETP.NE P1, R33, 0x0 ;
/*1570*/ @P1 BRA `(.L_bad) ;
/*1580*/ EXIT ;
/*1590*/ NOP ;
/*15a0*/ NOP ;
/*15b0*/ NOP ;
// slot 31
/*15c0*/ ISETP.NE P1, R33, 0x60 ;
/*15d0*/ @P1 BRA `(.L_bad) ;
/*15e0*/ ISETP.NE P1, R2, 0x0 ;
/*15f0*/ @P1 BRA `(.L_bad) ;
/*1600*/ EXIT ;
/*1610*/ NOP ;
/*1620*/ NOP ;
/*1630*/ NOP ;
.L_bad:
/*1640*/ BRA `(.L_bad) ;
