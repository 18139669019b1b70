// sass_trap_mode.s - `--trap-mode`: every warp in trap mode for the whole
// run.  BAR.SYNCALL is legal from the start, RTT reports `rtt` and goes on
// without leaving trap mode, BAR.SCAN is allowed in trap mode.
//
// Rules: S-13 (--trap-mode pins it), S-06, S-14 (SCAN allowed), S-04.
//
//  t  pc    instruction               events
//  0  0x0   BAR.SYNCALL               arrive:16 release:16 (one warp)
//  1  0x10  RTT                       rtt
//  2  0x20  BAR.SYNCALL               arrive:16 release:16 (still trap mode)
//  3  0x30  BAR.SCAN 0x1, 0x20, PT    arrive:1 release:1 (prefix 0)
//  4  0x40  B2R.RESULT R1             R1 = 0
//  5  0x50  EXIT
//
//! args: --profile sass --trap-mode --dump-regs 2
//! records: 6
//! record: {"t":0,"op":"BAR.SYNCALL","ev":["arrive:16","release:16"]}
//! record: {"t":1,"op":"RTT","next_pc":"0x20","ev":["rtt"]}
//! record: {"t":2,"op":"BAR.SYNCALL","ev":["arrive:16","release:16"]}
//! record: {"t":3,"op":"BAR.SCAN","ev":["arrive:1","release:1"]}
//! expect: {"end":"done","t":6,"profile":"sass","warps":[{"warp":0,"state":"exited","pc":"0x50","r":[["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"],["0x00000000","0x00000000"]],"dc":{}}]}

.profile sass

/*0000*/ BAR.SYNCALL ;
/*0010*/ RTT ;
/*0020*/ BAR.SYNCALL ;
/*0030*/ BAR.SCAN 0x1, 0x20, PT ;
/*0040*/ B2R.RESULT R1 ;
/*0050*/ EXIT ;
