// paths_yield.s - the paths of YIELD (N-22), each with its explanation
// pinned; YIELD.switch_sleep is in paths_yield_sleep.s.
//
// One warp; lanes A = 0..7, B = 8..15, C = 16..23, D = 24..31.
//
//  t   pc    what                                          path
//  1   0x10  YIELD, converged: a NOP                       YIELD.nop
//  5,6       A and B branch off (RPC 0xa0, 0xc0)
//  7   0x70  @P2 YIELD (P2: A|B|C): D goes on, C waits     YIELD.guard_split
//            at the YIELD (RPC 0x70)
//  8   0x80  YIELD (D): SwitchMask 0 reset to A|B|C; lowest YIELD.switchmask_reset,
//            non-yield lane 0: A; SwitchMask -> B|C        YIELD.switch
//  9   0xa0  YIELD (A): within SwitchMask B|C: lane 8      YIELD.switch
//  10  0xc0  YIELD (B): SwitchMask C: lane 16 (C at 0x70); YIELD.switch,
//            no lane of it left: refilled with A|B|D       YIELD.switchmask_refill
//  11  0x70  @P2 YIELD (C, guard true): A|B|D all yielded: YIELD.switch_yielded
//            lowest, lane 0 (A at 0xb0)
//  12, 13    EXIT of A, of B: the switch takes yielded lanes (C at 0x80)
//  14  0x80  YIELD (C): SwitchMask B|D -> D (yielded),     YIELD.switch_yielded,
//            lane 24; refilled with C                      YIELD.switchmask_refill
//  15, 16    EXIT of D, then of C: the warp exits
//
//! records: 17
//! expect: {"end":"done","t":17,"warps":[{"warp":0,"state":"exited","pc":"0x90","active":"0x00000000","valid":"0x00000000","yield":"0xffffffff","sleep":"0x00000000","switch":"0x00ff0000","b":{}}],"bars":{}}
//
// The explanation of every step but the helpers, in order (//! explain):
//! explain: t=1 warp=0 pc=0x10 YIELD: no divergence (ActiveMask = ValidMask): ActivePC = next [YIELD.nop; N-22, N-03]
//! explain: t=5 warp=0 pc=0x50 @P0 BRA 0xa0: no modifier: b_jump = pmask 0x000000ff; lanes 0x000000ff jump and wait at their target; lanes 0xffffff00 fall through to 0x60 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=6 warp=0 pc=0x60 @P1 BRA 0xc0: no modifier: b_jump = pmask 0x0000ff00; lanes 0x0000ff00 jump and wait at their target; lanes 0xffff0000 fall through to 0x70 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=7 warp=0 pc=0x70 @P2 YIELD: guard false in 0xff000000: they go on at 0x80; lanes 0x00ff0000 wait at the YIELD [YIELD.guard_split; N-22]
//! explain: t=8 warp=0 pc=0x80 YIELD: SwitchMask holds no waiting lane: reset to ValidMask ^ ActiveMask = 0x00ffffff; lanes 0xff000000 yield, resuming after the YIELD; switch to a non-yield lane of SwitchMask 0x00ffffff -> lane 0, ActivePC=0xa0, ActiveMask=0x000000ff [YIELD.switchmask_reset, YIELD.switch; N-22]
//! explain: t=9 warp=0 pc=0xa0 YIELD: lanes 0x000000ff yield, resuming after the YIELD; switch to a non-yield lane of SwitchMask 0x00ffff00 -> lane 8, ActivePC=0xc0, ActiveMask=0x0000ff00 [YIELD.switch; N-22]
//! explain: t=10 warp=0 pc=0xc0 YIELD: lanes 0x0000ff00 yield, resuming after the YIELD; switch to a non-yield lane of SwitchMask 0x00ff0000 -> lane 16, ActivePC=0x70, ActiveMask=0x00ff0000; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0xff00ffff [YIELD.switch, YIELD.switchmask_refill; N-22]
//! explain: t=11 warp=0 pc=0x70 @P2 YIELD: lanes 0x00ff0000 yield, resuming after the YIELD; the candidates of SwitchMask 0xff00ffff have all yielded -> lane 0, ActivePC=0xb0, ActiveMask=0x000000ff [YIELD.switch_yielded; N-22, H-1]
//! explain: t=12 warp=0 pc=0xb0 EXIT: lanes 0x000000ff exit; the lanes left (0xffffff00) have all yielded -> lane 8, ActivePC=0xd0, ActiveMask=0x0000ff00 [EXIT.switch_yielded; N-18]
//! explain: t=13 warp=0 pc=0xd0 EXIT: lanes 0x0000ff00 exit; the lanes left (0xffff0000) have all yielded -> lane 16, ActivePC=0x80, ActiveMask=0x00ff0000 [EXIT.switch_yielded; N-18]
//! explain: t=14 warp=0 pc=0x80 YIELD: lanes 0x00ff0000 yield, resuming after the YIELD; the candidates of SwitchMask 0xff000000 have all yielded -> lane 24, ActivePC=0x90, ActiveMask=0xff000000; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0x00ff0000 [YIELD.switch_yielded, YIELD.switchmask_refill; N-22, H-1]
//! explain: t=15 warp=0 pc=0x90 EXIT: lanes 0xff000000 exit; the lanes left (0x00ff0000) have all yielded -> lane 16, ActivePC=0x90, ActiveMask=0x00ff0000 [EXIT.switch_yielded; N-18]
//! explain: t=16 warp=0 pc=0x90 EXIT: lanes 0x00ff0000 exit, no valid lane is left: the warp exits [EXIT.warp_exit; N-18, N-33]

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ YIELD ;
/*0020*/ ISETP.LT P0, R0, 0x8 ;
/*0030*/ ISETP.LT P1, R0, 0x10 ;
/*0040*/ ISETP.LT P2, R0, 0x18 ;
/*0050*/ @P0 BRA `(.L_a) ;
/*0060*/ @P1 BRA `(.L_b) ;
/*0070*/ @P2 YIELD ;
/*0080*/ YIELD ;
/*0090*/ EXIT ;
.L_a:
/*00a0*/ YIELD ;
/*00b0*/ EXIT ;
.L_b:
/*00c0*/ YIELD ;
/*00d0*/ EXIT ;
