// paths_nanosleep.s - every path of NANOSLEEP (N-23; its switching half is
// YIELD's, N-22), each with its explanation pinned.
//
// One warp; lanes A = 0..7, B = 8..15, C = 16..23, D1 = 24..27, D2 = 28..31.
//
//  t     pc     what                                        path
//  1     0x10   NANOSLEEP 0x10, converged: ActivePC = next,  NANOSLEEP.converged
//               the warp sleeps until t=17
//  21..23       A, B, C branch off (RPC 0xc0, 0xe0, 0x100)
//  24    0x90   @P3 NANOSLEEP 0x800 (P3: D1): D2 goes on, D1  NANOSLEEP.guard_split
//               waits at the NANOSLEEP; no timer
//  25    0xa0   NANOSLEEP 0x1000 (D2): deadline 4121; reset   NANOSLEEP.switchmask_reset,
//               SwitchMask to A|B|C|D1: lane 0 (A)             NANOSLEEP.switch
//  26    0xc0   (A) within SwitchMask B|C|D1: lane 8          NANOSLEEP.switch
//  27    0xe0   (B) within C|D1: lane 16                      NANOSLEEP.switch
//  28    0x100  (C) within D1: lane 24 (D1 at 0x90); refilled NANOSLEEP.switch,
//               with A|B|C|D2                                 NANOSLEEP.switchmask_refill
//  29    0x90   @P3 NANOSLEEP 0x800 (D1): deadline min(4121,  NANOSLEEP.switch_yielded,
//               29 + 2048) = 2077; every candidate yielded    NANOSLEEP.switch_sleep
//               and asleep: lane 0, the warp sleeps
//  2077..2079   EXIT of A, B, C: each switches to yielded lanes
//  2080  0xa0   NANOSLEEP 0x1000 (D1, after its own): D2 is   NANOSLEEP.switch_yielded,
//               left, yielded and awake (the wake cleared     NANOSLEEP.switchmask_refill
//               SleepMask): lane 28; refilled with D1
//  2081  0xb0   EXIT (D2): D1 asleep until 6176: the warp sleeps
//  6176  0xb0   EXIT (D1): the warp exits
//
//! records: 21
//! expect: {"end":"done","t":6177,"warps":[{"warp":0,"state":"exited","pc":"0xb0","active":"0x00000000","valid":"0x00000000","yield":"0xffffffff","sleep":"0x00000000","switch":"0x0f000000","b":{}}],"bars":{}}
//
// The explanation of every step but the helpers, in order (//! explain):
//! explain: t=1 warp=0 pc=0x10 NANOSLEEP 0x10: sleep 16 ns: no divergence, ActivePC = next, the warp sleeps until its deadline [NANOSLEEP.converged; N-23]
//! explain: t=21 warp=0 pc=0x60 @P0 BRA 0xc0: no modifier: b_jump = pmask 0x000000ff; lanes 0x000000ff jump and wait at their target; lanes 0xffffff00 fall through to 0x70 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=22 warp=0 pc=0x70 @P1 BRA 0xe0: no modifier: b_jump = pmask 0x0000ff00; lanes 0x0000ff00 jump and wait at their target; lanes 0xffff0000 fall through to 0x80 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=23 warp=0 pc=0x80 @P2 BRA 0x100: no modifier: b_jump = pmask 0x00ff0000; lanes 0x00ff0000 jump and wait at their target; lanes 0xff000000 fall through to 0x90 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=24 warp=0 pc=0x90 @P3 NANOSLEEP 0x800: guard false in 0xf0000000: they go on at 0xa0; lanes 0x0f000000 wait at the NANOSLEEP; no timer [NANOSLEEP.guard_split; N-23]
//! explain: t=25 warp=0 pc=0xa0 NANOSLEEP 0x1000: SwitchMask holds no waiting lane: reset to ValidMask ^ ActiveMask = 0x0fffffff; lanes 0xf0000000 sleep 4096 ns and yield; switch to a non-yield lane of SwitchMask 0x0fffffff -> lane 0, ActivePC=0xc0, ActiveMask=0x000000ff [NANOSLEEP.switchmask_reset, NANOSLEEP.switch; N-22, N-23]
//! explain: t=26 warp=0 pc=0xc0 NANOSLEEP 0x1000: lanes 0x000000ff sleep 4096 ns and yield; switch to a non-yield lane of SwitchMask 0x0fffff00 -> lane 8, ActivePC=0xe0, ActiveMask=0x0000ff00 [NANOSLEEP.switch; N-22, N-23]
//! explain: t=27 warp=0 pc=0xe0 NANOSLEEP 0x1000: lanes 0x0000ff00 sleep 4096 ns and yield; switch to a non-yield lane of SwitchMask 0x0fff0000 -> lane 16, ActivePC=0x100, ActiveMask=0x00ff0000 [NANOSLEEP.switch; N-22, N-23]
//! explain: t=28 warp=0 pc=0x100 NANOSLEEP 0x1000: lanes 0x00ff0000 sleep 4096 ns and yield; switch to a non-yield lane of SwitchMask 0x0f000000 -> lane 24, ActivePC=0x90, ActiveMask=0x0f000000; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0xf0ffffff [NANOSLEEP.switch, NANOSLEEP.switchmask_refill; N-22, N-23]
//! explain: t=29 warp=0 pc=0x90 @P3 NANOSLEEP 0x800: lanes 0x0f000000 sleep 2048 ns and yield; the candidates of SwitchMask 0xf0ffffff have all yielded -> lane 0, ActivePC=0xd0, ActiveMask=0x000000ff; every candidate is asleep (SleepMask 0xffffffff): the warp sleeps [NANOSLEEP.switch_yielded, NANOSLEEP.switch_sleep; N-22, N-23, H-1, N-02]
//! explain: t=2077 warp=0 pc=0xd0 EXIT: lanes 0x000000ff exit; the lanes left (0xffffff00) have all yielded -> lane 8, ActivePC=0xf0, ActiveMask=0x0000ff00 [EXIT.switch_yielded; N-18]
//! explain: t=2078 warp=0 pc=0xf0 EXIT: lanes 0x0000ff00 exit; the lanes left (0xffff0000) have all yielded -> lane 16, ActivePC=0x110, ActiveMask=0x00ff0000 [EXIT.switch_yielded; N-18]
//! explain: t=2079 warp=0 pc=0x110 EXIT: lanes 0x00ff0000 exit; the lanes left (0xff000000) have all yielded -> lane 24, ActivePC=0xa0, ActiveMask=0x0f000000 [EXIT.switch_yielded; N-18]
//! explain: t=2080 warp=0 pc=0xa0 NANOSLEEP 0x1000: lanes 0x0f000000 sleep 4096 ns and yield; the candidates of SwitchMask 0xf0000000 have all yielded -> lane 28, ActivePC=0xb0, ActiveMask=0xf0000000; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0x0f000000 [NANOSLEEP.switch_yielded, NANOSLEEP.switchmask_refill; N-22, N-23, H-1]
//! explain: t=2081 warp=0 pc=0xb0 EXIT: lanes 0xf0000000 exit; the lanes left (0x0f000000) have all yielded -> lane 24, ActivePC=0xb0, ActiveMask=0x0f000000; every candidate is asleep (SleepMask 0x0f000000): the warp sleeps [EXIT.switch_yielded, EXIT.switch_sleep; N-18, N-02]
//! explain: t=6176 warp=0 pc=0xb0 EXIT: lanes 0x0f000000 exit, no valid lane is left: the warp exits [EXIT.warp_exit; N-18, N-33]

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ NANOSLEEP 0x10 ;
/*0020*/ ISETP.LT P0, R0, 0x8 ;
/*0030*/ ISETP.LT P1, R0, 0x10 ;
/*0040*/ ISETP.LT P2, R0, 0x18 ;
/*0050*/ ISETP.LT P3, R0, 0x1c ;
/*0060*/ @P0 BRA `(.L_a) ;
/*0070*/ @P1 BRA `(.L_b) ;
/*0080*/ @P2 BRA `(.L_c) ;
/*0090*/ @P3 NANOSLEEP 0x800 ;
/*00a0*/ NANOSLEEP 0x1000 ;
/*00b0*/ EXIT ;
.L_a:
/*00c0*/ NANOSLEEP 0x1000 ;
/*00d0*/ EXIT ;
.L_b:
/*00e0*/ NANOSLEEP 0x1000 ;
/*00f0*/ EXIT ;
.L_c:
/*0100*/ NANOSLEEP 0x1000 ;
/*0110*/ EXIT ;
