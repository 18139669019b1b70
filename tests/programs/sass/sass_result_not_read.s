// sass_result_not_read.s - RESULT_NOT_READ (seed 001: the result register
// must be read before the warp executes another barrier): a reduction's
// result stays unread through two more barrier instructions, each warned,
// until B2R.RESULT reads it.
//
// Rules: S-05, S-12 (unread from the completion until B2R.RESULT, B2R.WARP
// or R2B.WARP; an executing BAR.* warns and the result stays unread).
//
//  t  pc    instruction              events
//  0  0x0   BAR.RED.POPC 0x1, PT     arrive:1 release:1 (one warp: complete, 32)
//  1  0x10  BAR.ARV 0x2, 0x20        warning:RESULT_NOT_READ arrive:2 release:2
//  2  0x20  BAR.SYNC 0x3             warning:RESULT_NOT_READ arrive:3 release:3
//  3  0x30  B2R.RESULT R1            R1 = 32
//  4  0x40  BAR.SYNC 0x3             arrive:3 release:3
//  5  0x50  EXIT
//
//! args: --profile sass --dump-regs 2
//! records: 6
//! record: {"t":0,"op":"BAR.RED.POPC","ev":["arrive:1","release:1"]}
//! record: {"t":1,"op":"BAR.ARV","ev":["warning:RESULT_NOT_READ","arrive:2","release:2"]}
//! record: {"t":2,"op":"BAR.SYNC","ev":["warning:RESULT_NOT_READ","arrive:3","release:3"]}
//! record: {"t":3,"op":"B2R.RESULT","ev":[]}
//! record: {"t":4,"op":"BAR.SYNC","ev":["arrive:3","release:3"]}
//! expect: {"end":"done","t":6,"profile":"sass","warps":[{"warp":0,"state":"exited","r":[["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"],["0x00000000","0x00000020"]],"dc":{}}]}

.profile sass

/*0000*/ BAR.RED.POPC 0x1, PT ;
/*0010*/ BAR.ARV 0x2, 0x20 ;
/*0020*/ BAR.SYNC 0x3 ;
/*0030*/ B2R.RESULT R1 ;
/*0040*/ BAR.SYNC 0x3 ;
/*0050*/ EXIT ;
