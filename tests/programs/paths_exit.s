// paths_exit.s - every path of EXIT (N-18), each with its explanation pinned
// (`warpref run --explain`, docs/semantics.md "Semantic paths").
//
// One warp; lanes A = 0..7, B = 8..15, C = 16..23, D = 24..27, E = 28..31.
//
//  t     pc    what                                   path
//  2     0x20  @P0 EXIT (P0: E): E exits, the others  EXIT.guard_split
//              go on; ValidMask 0x0fffffff
//  4..8        A, B, C branch off (RPC 0xa0, 0xc0, 0xe0); D goes on
//  9     0x90  EXIT (D): every active lane exits; the EXIT.switch
//              lowest non-yield valid lane is 0: A at 0xa0
//  10    0xa0  YIELD (A): SwitchMask reset to B|C, switch to lane 8 (B)
//  11    0xc0  NANOSLEEP 0x1000 (B): B sleeps until t=4107 and yields;
//              SwitchMask = C: switch to lane 16 (C); refilled to A|B
//  12    0xe0  EXIT (C): lanes left A|B, all yielded;  EXIT.switch_yielded
//              the awake ones (A) first: lane 0
//  13    0xb0  EXIT (A): only B is left, yielded and   EXIT.switch_yielded,
//              asleep: lane 8, and the warp sleeps     EXIT.switch_sleep
//  4107  0xd0  EXIT (B): no valid lane left            EXIT.warp_exit
//
//! records: 15
//! expect: {"end":"done","t":4108,"warps":[{"warp":0,"state":"exited","pc":"0xd0","active":"0x00000000","valid":"0x00000000","yield":"0x0000ffff","sleep":"0x00000000","switch":"0x0000ffff","b":{}}],"bars":{}}
//
// The explanation of every step but the helpers, in order (//! explain):
//! explain: t=2 warp=0 pc=0x20 @P0 EXIT: guard false in 0x0fffffff: they go on at 0x30; lanes 0xf0000000 exit, ValidMask 0x0fffffff [EXIT.guard_split; N-18]
//! explain: t=4 warp=0 pc=0x40 @P1 BRA 0xa0: no modifier: b_jump = pmask 0x000000ff; lanes 0x000000ff jump and wait at their target; lanes 0x0fffff00 fall through to 0x50 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=6 warp=0 pc=0x60 @P2 BRA 0xc0: no modifier: b_jump = pmask 0x0000ff00; lanes 0x0000ff00 jump and wait at their target; lanes 0x0fff0000 fall through to 0x70 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=8 warp=0 pc=0x80 @P3 BRA 0xe0: no modifier: b_jump = pmask 0x00ff0000; lanes 0x00ff0000 jump and wait at their target; lanes 0x0f000000 fall through to 0x90 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=9 warp=0 pc=0x90 EXIT: lanes 0x0f000000 exit; switch to a non-yield lane of ValidMask 0x00ffffff -> lane 0, ActivePC=0xa0, ActiveMask=0x000000ff [EXIT.switch; N-18]
//! explain: t=10 warp=0 pc=0xa0 YIELD: SwitchMask holds no waiting lane: reset to ValidMask ^ ActiveMask = 0x00ffff00; lanes 0x000000ff yield, resuming after the YIELD; switch to a non-yield lane of SwitchMask 0x00ffff00 -> lane 8, ActivePC=0xc0, ActiveMask=0x0000ff00 [YIELD.switchmask_reset, YIELD.switch; N-22]
//! explain: t=11 warp=0 pc=0xc0 NANOSLEEP 0x1000: lanes 0x0000ff00 sleep 4096 ns and yield; switch to a non-yield lane of SwitchMask 0x00ff0000 -> lane 16, ActivePC=0xe0, ActiveMask=0x00ff0000; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0x0000ffff [NANOSLEEP.switch, NANOSLEEP.switchmask_refill; N-22, N-23]
//! explain: t=12 warp=0 pc=0xe0 EXIT: lanes 0x00ff0000 exit; the lanes left (0x0000ffff) have all yielded -> lane 0, ActivePC=0xb0, ActiveMask=0x000000ff [EXIT.switch_yielded; N-18]
//! explain: t=13 warp=0 pc=0xb0 EXIT: lanes 0x000000ff exit; the lanes left (0x0000ff00) have all yielded -> lane 8, ActivePC=0xd0, ActiveMask=0x0000ff00; every candidate is asleep (SleepMask 0x0000ff00): the warp sleeps [EXIT.switch_yielded, EXIT.switch_sleep; N-18, N-02]
//! explain: t=4107 warp=0 pc=0xd0 EXIT: lanes 0x0000ff00 exit, no valid lane is left: the warp exits [EXIT.warp_exit; N-18, N-33]

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.GE P0, R0, 0x1c ;
/*0020*/ @P0 EXIT ;
/*0030*/ ISETP.LT P1, R0, 0x8 ;
/*0040*/ @P1 BRA `(.L_a) ;
/*0050*/ ISETP.LT P2, R0, 0x10 ;
/*0060*/ @P2 BRA `(.L_b) ;
/*0070*/ ISETP.LT P3, R0, 0x18 ;
/*0080*/ @P3 BRA `(.L_c) ;
/*0090*/ EXIT ;
.L_a:
/*00a0*/ YIELD ;
/*00b0*/ EXIT ;
.L_b:
/*00c0*/ NANOSLEEP 0x1000 ;
/*00d0*/ EXIT ;
.L_c:
/*00e0*/ EXIT ;
