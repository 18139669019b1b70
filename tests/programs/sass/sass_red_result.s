// sass_red_result.s - each BAR.RED op of seed 001, read back with B2R.RESULT:
// after AND/OR, Rd = 0xffffffff if true, else 0; after POPC, Rd = the count;
// Pd = (Rd != 0).  Two warps; the input P0 is tid < 40 (warp 0: every lane,
// warp 1: lanes 0..7).  Each result is read before the warp's next barrier,
// so no RESULT_NOT_READ.
//
// Rules: S-01, S-03, S-12 (B2R.RESULT reads the result), N-34/N-36 as native.
//
//  t  warp  pc    instruction                 events / state word
//  4  0     0x20  BAR.RED.POPC 0x1, P0        block:1    0x00414001 (POPC, acc 32)
//  5  1     0x20  BAR.RED.POPC 0x1, P0        arrive:1 release:1:0 (acc 40)
//  6  0     0x30  B2R.RESULT R1, P1           R1 = 40 (0x28), P1 = true
//  8  0     0x40  BAR.RED.AND 0x2, P0         block:2    0x00024001 (AND, acc 1)
//  9  1     0x40  BAR.RED.AND 0x2, P0         arrive:2 release:2:0 (false)
// 10  0     0x50  B2R.RESULT R2, P2           R2 = 0, P2 = false
// 12  0     0x60  BAR.RED.OR 0x3, 0x40, P0    block:3    0x0002c081 (expected 2, OR, acc 1)
// 13  1     0x60  BAR.RED.OR 0x3, 0x40, P0    arrive:3 release:3:0 (true)
// 14  0     0x70  B2R.RESULT R3, P3           R3 = 0xffffffff, P3 = true
// 16, 17  EXIT
//
//! args: --profile sass --dump-regs 4
//! records: 18
//! record: {"t":4,"warp":0,"pc":"0x20","op":"BAR.RED.POPC","ev":["block:1"],"bars":{"1":"0x00414001"}}
//! record: {"t":5,"warp":1,"pc":"0x20","op":"BAR.RED.POPC","ev":["arrive:1","release:1:0"],"bars":{"1":"0x00000000"}}
//! record: {"t":6,"warp":0,"pc":"0x30","op":"B2R.RESULT","ev":[]}
//! record: {"t":8,"warp":0,"pc":"0x40","op":"BAR.RED.AND","ev":["block:2"],"bars":{"2":"0x00024001"}}
//! record: {"t":9,"warp":1,"pc":"0x40","op":"BAR.RED.AND","ev":["arrive:2","release:2:0"]}
//! record: {"t":12,"warp":0,"pc":"0x60","op":"BAR.RED.OR","ev":["block:3"],"bars":{"3":"0x0002c081"}}
//! record: {"t":13,"warp":1,"pc":"0x60","op":"BAR.RED.OR","ev":["arrive:3","release:3:0"]}
//! record: {"t":17,"warp":1,"pc":"0x80","op":"EXIT","ev":["exit"]}
//! expect: {"end":"done","t":18,"bars":{},"profile":"sass","warps":[{"warp":0,"state":"exited","pc":"0x80","r":[["0x00000000","0x00000028","0x00000000","0xffffffff"],["0x00000001","0x00000028","0x00000000","0xffffffff"],["0x00000002","0x00000028","0x00000000","0xffffffff"],["0x00000003","0x00000028","0x00000000","0xffffffff"],["0x00000004","0x00000028","0x00000000","0xffffffff"],["0x00000005","0x00000028","0x00000000","0xffffffff"],["0x00000006","0x00000028","0x00000000","0xffffffff"],["0x00000007","0x00000028","0x00000000","0xffffffff"],["0x00000008","0x00000028","0x00000000","0xffffffff"],["0x00000009","0x00000028","0x00000000","0xffffffff"],["0x0000000a","0x00000028","0x00000000","0xffffffff"],["0x0000000b","0x00000028","0x00000000","0xffffffff"],["0x0000000c","0x00000028","0x00000000","0xffffffff"],["0x0000000d","0x00000028","0x00000000","0xffffffff"],["0x0000000e","0x00000028","0x00000000","0xffffffff"],["0x0000000f","0x00000028","0x00000000","0xffffffff"],["0x00000010","0x00000028","0x00000000","0xffffffff"],["0x00000011","0x00000028","0x00000000","0xffffffff"],["0x00000012","0x00000028","0x00000000","0xffffffff"],["0x00000013","0x00000028","0x00000000","0xffffffff"],["0x00000014","0x00000028","0x00000000","0xffffffff"],["0x00000015","0x00000028","0x00000000","0xffffffff"],["0x00000016","0x00000028","0x00000000","0xffffffff"],["0x00000017","0x00000028","0x00000000","0xffffffff"],["0x00000018","0x00000028","0x00000000","0xffffffff"],["0x00000019","0x00000028","0x00000000","0xffffffff"],["0x0000001a","0x00000028","0x00000000","0xffffffff"],["0x0000001b","0x00000028","0x00000000","0xffffffff"],["0x0000001c","0x00000028","0x00000000","0xffffffff"],["0x0000001d","0x00000028","0x00000000","0xffffffff"],["0x0000001e","0x00000028","0x00000000","0xffffffff"],["0x0000001f","0x00000028","0x00000000","0xffffffff"]],"p":[11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11,11],"dc":{}},{"warp":1,"state":"exited","pc":"0x80","r":[["0x00000020","0x00000028","0x00000000","0xffffffff"],["0x00000021","0x00000028","0x00000000","0xffffffff"],["0x00000022","0x00000028","0x00000000","0xffffffff"],["0x00000023","0x00000028","0x00000000","0xffffffff"],["0x00000024","0x00000028","0x00000000","0xffffffff"],["0x00000025","0x00000028","0x00000000","0xffffffff"],["0x00000026","0x00000028","0x00000000","0xffffffff"],["0x00000027","0x00000028","0x00000000","0xffffffff"],["0x00000028","0x00000028","0x00000000","0xffffffff"],["0x00000029","0x00000028","0x00000000","0xffffffff"],["0x0000002a","0x00000028","0x00000000","0xffffffff"],["0x0000002b","0x00000028","0x00000000","0xffffffff"],["0x0000002c","0x00000028","0x00000000","0xffffffff"],["0x0000002d","0x00000028","0x00000000","0xffffffff"],["0x0000002e","0x00000028","0x00000000","0xffffffff"],["0x0000002f","0x00000028","0x00000000","0xffffffff"],["0x00000030","0x00000028","0x00000000","0xffffffff"],["0x00000031","0x00000028","0x00000000","0xffffffff"],["0x00000032","0x00000028","0x00000000","0xffffffff"],["0x00000033","0x00000028","0x00000000","0xffffffff"],["0x00000034","0x00000028","0x00000000","0xffffffff"],["0x00000035","0x00000028","0x00000000","0xffffffff"],["0x00000036","0x00000028","0x00000000","0xffffffff"],["0x00000037","0x00000028","0x00000000","0xffffffff"],["0x00000038","0x00000028","0x00000000","0xffffffff"],["0x00000039","0x00000028","0x00000000","0xffffffff"],["0x0000003a","0x00000028","0x00000000","0xffffffff"],["0x0000003b","0x00000028","0x00000000","0xffffffff"],["0x0000003c","0x00000028","0x00000000","0xffffffff"],["0x0000003d","0x00000028","0x00000000","0xffffffff"],["0x0000003e","0x00000028","0x00000000","0xffffffff"],["0x0000003f","0x00000028","0x00000000","0xffffffff"]],"p":[11,11,11,11,11,11,11,11,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10,10],"dc":{}}]}

.profile sass
.threads 64

/*0000*/ S2R R0, SR_TID ;
/*0010*/ ISETP.LT P0, R0, 0x28 ;         // tid < 40
/*0020*/ BAR.RED.POPC 0x1, P0 ;          // all threads: 40 true
/*0030*/ B2R.RESULT R1, P1 ;
/*0040*/ BAR.RED.AND 0x2, P0 ;           // not all true
/*0050*/ B2R.RESULT R2, P2 ;
/*0060*/ BAR.RED.OR 0x3, 0x40, P0 ;      // some true
/*0070*/ B2R.RESULT R3, P3 ;
/*0080*/ EXIT ;
