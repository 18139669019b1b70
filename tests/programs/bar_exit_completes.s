// bar_exit_completes.s - a BAR.SYNC with cnt 0 ("all warps") on which warps
// 0 and 1 block; warp 2 never reaches it and its EXIT completes the barrier.
//
// Rules: N-32 (cnt 0: count + 32 * exited warps >= 32 * warps), N-33 (the
// check is redone at a warp's full exit), N-34 (blocked warps woken),
// N-35, N-50 (blocked warps are skipped; pointer after the issuer),
// TRACE-FORMAT ("exit" then "release:B:W,W").
//
//  t   warp  pc    what
//  0-2  0..2 0x00  S2R R0 = warpid
//  3-5  0..2 0x10  P0 = (warpid == 2)
//  6-7  0,1  0x20  @P0 BRA: nobody jumps, pc 0x30
//  8    2    0x20  @P0 BRA: all jump, pc 0x60
//  9    0    0x30  BAR.SYNC 0x0: count 32, 32 + 0 < 96: block:0
// 10    1    0x30  BAR.SYNC 0x0: count 64 < 96: block:0
// 11    2    0x60  NOP
// 12    2    0x70  EXIT: 64 + 32 * 1 >= 96: exit, release:0:0,1
// 13    0    0x40  MOV (pointer 0 after warp 2)
// 14    1    0x40  MOV
// 15    0    0x50  EXIT (pointer 2: warp 2 exited, skipped)
// 16    1    0x50  EXIT
//
//! records: 17
//! record: {"t":8,"warp":2,"pc":"0x20","op":"BRA","next_pc":"0x60"}
//! record: {"t":9,"warp":0,"pc":"0x30","op":"BAR.SYNC","active":"0xffffffff","next_pc":"0x40","ev":["block:0"]}
//! record: {"t":10,"warp":1,"pc":"0x30","op":"BAR.SYNC","next_pc":"0x40","ev":["block:0"]}
//! record: {"t":11,"warp":2,"pc":"0x60","op":"NOP","ev":[]}
//! record: {"t":12,"warp":2,"pc":"0x70","op":"EXIT","active":"0x00000000","valid":"0x00000000","next_pc":"0x70","ev":["exit","release:0:0,1"]}
//! record: {"t":13,"warp":0,"pc":"0x40","op":"MOV"}
//! record: {"t":14,"warp":1,"pc":"0x40","op":"MOV"}
//! record: {"t":15,"warp":0,"pc":"0x50","op":"EXIT","ev":["exit"]}
//! record: {"t":16,"warp":1,"pc":"0x50","op":"EXIT","ev":["exit"]}
//! expect: {"end":"done","t":17,"bars":{},"warps":[{"state":"exited","pc":"0x50"},{"state":"exited","pc":"0x50"},{"state":"exited","pc":"0x70"}]}

.threads 96

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x2 ;
/*0020*/ @P0 BRA `(.L_late) ;
/*0030*/ BAR.SYNC 0x0 ;
/*0040*/ MOV R1, 0x1 ;
/*0050*/ EXIT ;
.L_late:
/*0060*/ NOP ;
/*0070*/ EXIT ;

// The explanation of the step that takes the path this program is about:
//! explain: t=12 warp=2 pc=0x70 EXIT: lanes 0xffffffff exit, no valid lane is left: the warp exits; the exit completes cnt-0 barrier(s) 0: warps 0,1 woken [EXIT.warp_exit, BAR.complete_on_exit; N-18, N-33, N-34]
