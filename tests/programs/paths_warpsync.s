// paths_warpsync.s - every path of WARPSYNC (N-25) that a well-formed
// program takes, uniform and per lane, each with its explanation pinned
// (the exceptions: exc_warpsync_not_member.s, exc_warpsync_group_mismatch.s).
//
// One warp; lo = lanes 0..15 (P0), hi = 16..31.
//
//  t     pc     what                                         path
//  2     0x20   @!PT WARPSYNC: every lane goes on             WARPSYNC.guard_split
//  3     0x30   WARPSYNC 0xffffffff, converged                WARPSYNC.sync
//  5     0x50   (hi; lo branched to 0x70) lo has not arrived, WARPSYNC.switch
//               non-yield: lane 0
//  7     0x50   (lo, from 0x70) everyone has arrived          WARPSYNC.sync
//  10    0x90   YIELD (hi; lo waits at the WARPSYNC 0xb0): lane 0
//  11    0xb0   (lo) hi has not arrived (at 0xa0), yielded:   WARPSYNC.switch_yielded
//               the lowest, lane 16
//  13    0xb0   (hi) everyone                                 WARPSYNC.sync
//  15    0xd0   NANOSLEEP 0x1000 (hi, until t=4111): lane 0
//  16    0xf0   (lo) hi, yielded and asleep: lane 16, and the WARPSYNC.switch_yielded,
//               warp sleeps                                   WARPSYNC.switch_sleep
//  4112  0xf0   (hi) everyone                                 WARPSYNC.sync
//  4115  0x120  WARPSYNC R1, groups lo and hi, all arrived:   WARPSYNC_R.release_group
//               lane 0's group lo goes; hi waits here
//  4116  0x130  WARPSYNC 0xffffffff (lo): hi (still yielded,  WARPSYNC.switch_yielded
//               H-3) has not arrived: lane 16
//  4117  0x120  WARPSYNC R1 (hi): its group has arrived       WARPSYNC_R.release_group
//  4118  0x130  (hi) everyone                                 WARPSYNC.sync
//  4121  0x160  WARPSYNC R1 = 0xffffffff (hi; lo at 0x180):   WARPSYNC_R.switch
//               no group complete, lo non-yield: lane 0
//  4123  0x160  (lo) the one group is complete                WARPSYNC_R.release_group
//  4126  0x1a0  YIELD (hi; lo waits at 0x1c0): lane 0
//  4127  0x1c0  WARPSYNC R1 (lo): hi yielded: lane 16         WARPSYNC_R.switch_yielded
//  4129  0x1c0  (hi) complete                                 WARPSYNC_R.release_group
//  4131  0x1e0  NANOSLEEP 0x1000 (hi, until 8227): lane 0
//  4132  0x200  WARPSYNC R1 (lo): hi yielded and asleep:      WARPSYNC_R.switch_yielded,
//               lane 16, the warp sleeps                      WARPSYNC_R.switch_sleep
//  8228  0x200  (hi) complete                                 WARPSYNC_R.release_group
//  8229  0x210  EXIT
//
//! records: 42
//! expect: {"end":"done","t":8230,"warps":[{"warp":0,"state":"exited","pc":"0x210","active":"0x00000000","valid":"0x00000000","yield":"0xffff0000","sleep":"0x00000000","switch":"0xffff0000","b":{}}],"bars":{}}
//
// The explanation of every step but the helpers, in order (//! explain):
//! explain: t=2 warp=0 pc=0x20 @!PT WARPSYNC 0xffffffff: guard false in 0xffffffff: they go on at 0x30; lanes 0x00000000 wait at the WARPSYNC [WARPSYNC.guard_split; N-25, H-2]
//! explain: t=3 warp=0 pc=0x30 WARPSYNC 0xffffffff: every member of 0xffffffff has arrived: ActiveMask = membermask, ActivePC = next [WARPSYNC.sync; N-25]
//! explain: t=4 warp=0 pc=0x40 @P0 BRA 0x70: no modifier: b_jump = pmask 0x0000ffff; lanes 0x0000ffff jump and wait at their target; lanes 0xffff0000 fall through to 0x50 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=5 warp=0 pc=0x50 WARPSYNC 0xffffffff: members 0x0000ffff have not arrived; switch to a non-yield one (0x0000ffff) -> lane 0, ActivePC=0x70, ActiveMask=0x0000ffff [WARPSYNC.switch; N-25]
//! explain: t=6 warp=0 pc=0x70 BRA 0x50: no modifier: b_jump = pmask 0x0000ffff; every active lane (0x0000ffff) jumps to 0x50 [BRA.cond_none, BRANCH.all; N-11, N-12]
//! explain: t=7 warp=0 pc=0x50 WARPSYNC 0xffffffff: every member of 0xffffffff has arrived: ActiveMask = membermask, ActivePC = next [WARPSYNC.sync; N-25]
//! explain: t=8 warp=0 pc=0x60 BRA 0x80: no modifier: b_jump = pmask 0xffffffff; every active lane (0xffffffff) jumps to 0x80 [BRA.cond_none, BRANCH.all; N-11, N-12]
//! explain: t=9 warp=0 pc=0x80 @P0 BRA 0xb0: no modifier: b_jump = pmask 0x0000ffff; lanes 0x0000ffff jump and wait at their target; lanes 0xffff0000 fall through to 0x90 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=10 warp=0 pc=0x90 YIELD: SwitchMask holds no waiting lane: reset to ValidMask ^ ActiveMask = 0x0000ffff; lanes 0xffff0000 yield, resuming after the YIELD; switch to a non-yield lane of SwitchMask 0x0000ffff -> lane 0, ActivePC=0xb0, ActiveMask=0x0000ffff; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0xffff0000 [YIELD.switchmask_reset, YIELD.switch, YIELD.switchmask_refill; N-22]
//! explain: t=11 warp=0 pc=0xb0 WARPSYNC 0xffffffff: members 0xffff0000 have not arrived and have all yielded: the lowest -> lane 16, ActivePC=0xa0, ActiveMask=0xffff0000 [WARPSYNC.switch_yielded; N-25, H-1]
//! explain: t=13 warp=0 pc=0xb0 WARPSYNC 0xffffffff: every member of 0xffffffff has arrived: ActiveMask = membermask, ActivePC = next [WARPSYNC.sync; N-25]
//! explain: t=14 warp=0 pc=0xc0 @P0 BRA 0xf0: no modifier: b_jump = pmask 0x0000ffff; lanes 0x0000ffff jump and wait at their target; lanes 0xffff0000 fall through to 0xd0 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=15 warp=0 pc=0xd0 NANOSLEEP 0x1000: SwitchMask holds no waiting lane: reset to ValidMask ^ ActiveMask = 0x0000ffff; lanes 0xffff0000 sleep 4096 ns and yield; switch to a non-yield lane of SwitchMask 0x0000ffff -> lane 0, ActivePC=0xf0, ActiveMask=0x0000ffff; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0xffff0000 [NANOSLEEP.switchmask_reset, NANOSLEEP.switch, NANOSLEEP.switchmask_refill; N-22, N-23]
//! explain: t=16 warp=0 pc=0xf0 WARPSYNC 0xffffffff: members 0xffff0000 have not arrived and have all yielded: the lowest -> lane 16, ActivePC=0xe0, ActiveMask=0xffff0000; every candidate is asleep (SleepMask 0xffff0000): the warp sleeps [WARPSYNC.switch_yielded, WARPSYNC.switch_sleep; N-25, H-1, N-02]
//! explain: t=4112 warp=0 pc=0xf0 WARPSYNC 0xffffffff: every member of 0xffffffff has arrived: ActiveMask = membermask, ActivePC = next [WARPSYNC.sync; N-25]
//! explain: t=4115 warp=0 pc=0x120 WARPSYNC R1: the group of lane 0 (0x0000ffff) has arrived: released at 0x130; arrived lanes outside it (0xffff0000) wait here [WARPSYNC_R.release_group; N-25]
//! explain: t=4116 warp=0 pc=0x130 WARPSYNC 0xffffffff: members 0xffff0000 have not arrived and have all yielded: the lowest -> lane 16, ActivePC=0x120, ActiveMask=0xffff0000 [WARPSYNC.switch_yielded; N-25, H-1]
//! explain: t=4117 warp=0 pc=0x120 WARPSYNC R1: the group of lane 16 (0xffff0000) has arrived: released at 0x130; arrived lanes outside it (0x00000000) wait here [WARPSYNC_R.release_group; N-25]
//! explain: t=4118 warp=0 pc=0x130 WARPSYNC 0xffffffff: every member of 0xffffffff has arrived: ActiveMask = membermask, ActivePC = next [WARPSYNC.sync; N-25]
//! explain: t=4120 warp=0 pc=0x150 @P0 BRA 0x180: no modifier: b_jump = pmask 0x0000ffff; lanes 0x0000ffff jump and wait at their target; lanes 0xffff0000 fall through to 0x160 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=4121 warp=0 pc=0x160 WARPSYNC R1: no group has arrived; members 0x0000ffff have not, switch to a non-yield one -> lane 0, ActivePC=0x180, ActiveMask=0x0000ffff [WARPSYNC_R.switch; N-25]
//! explain: t=4122 warp=0 pc=0x180 BRA 0x160: no modifier: b_jump = pmask 0x0000ffff; every active lane (0x0000ffff) jumps to 0x160 [BRA.cond_none, BRANCH.all; N-11, N-12]
//! explain: t=4123 warp=0 pc=0x160 WARPSYNC R1: the group of lane 0 (0xffffffff) has arrived: released at 0x170; arrived lanes outside it (0x00000000) wait here [WARPSYNC_R.release_group; N-25]
//! explain: t=4124 warp=0 pc=0x170 BRA 0x190: no modifier: b_jump = pmask 0xffffffff; every active lane (0xffffffff) jumps to 0x190 [BRA.cond_none, BRANCH.all; N-11, N-12]
//! explain: t=4125 warp=0 pc=0x190 @P0 BRA 0x1c0: no modifier: b_jump = pmask 0x0000ffff; lanes 0x0000ffff jump and wait at their target; lanes 0xffff0000 fall through to 0x1a0 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=4126 warp=0 pc=0x1a0 YIELD: SwitchMask holds no waiting lane: reset to ValidMask ^ ActiveMask = 0x0000ffff; lanes 0xffff0000 yield, resuming after the YIELD; switch to a non-yield lane of SwitchMask 0x0000ffff -> lane 0, ActivePC=0x1c0, ActiveMask=0x0000ffff; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0xffff0000 [YIELD.switchmask_reset, YIELD.switch, YIELD.switchmask_refill; N-22]
//! explain: t=4127 warp=0 pc=0x1c0 WARPSYNC R1: no group has arrived; members 0xffff0000 have not, all yielded: the lowest -> lane 16, ActivePC=0x1b0, ActiveMask=0xffff0000 [WARPSYNC_R.switch_yielded; N-25, H-1]
//! explain: t=4129 warp=0 pc=0x1c0 WARPSYNC R1: the group of lane 0 (0xffffffff) has arrived: released at 0x1d0; arrived lanes outside it (0x00000000) wait here [WARPSYNC_R.release_group; N-25]
//! explain: t=4130 warp=0 pc=0x1d0 @P0 BRA 0x200: no modifier: b_jump = pmask 0x0000ffff; lanes 0x0000ffff jump and wait at their target; lanes 0xffff0000 fall through to 0x1e0 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=4131 warp=0 pc=0x1e0 NANOSLEEP 0x1000: SwitchMask holds no waiting lane: reset to ValidMask ^ ActiveMask = 0x0000ffff; lanes 0xffff0000 sleep 4096 ns and yield; switch to a non-yield lane of SwitchMask 0x0000ffff -> lane 0, ActivePC=0x200, ActiveMask=0x0000ffff; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0xffff0000 [NANOSLEEP.switchmask_reset, NANOSLEEP.switch, NANOSLEEP.switchmask_refill; N-22, N-23]
//! explain: t=4132 warp=0 pc=0x200 WARPSYNC R1: no group has arrived; members 0xffff0000 have not, all yielded: the lowest -> lane 16, ActivePC=0x1f0, ActiveMask=0xffff0000; every candidate is asleep (SleepMask 0xffff0000): the warp sleeps [WARPSYNC_R.switch_yielded, WARPSYNC_R.switch_sleep; N-25, H-1, N-02]
//! explain: t=8228 warp=0 pc=0x200 WARPSYNC R1: the group of lane 0 (0xffffffff) has arrived: released at 0x210; arrived lanes outside it (0x00000000) wait here [WARPSYNC_R.release_group; N-25]
//! explain: t=8229 warp=0 pc=0x210 EXIT: lanes 0xffffffff exit, no valid lane is left: the warp exits [EXIT.warp_exit; N-18, N-33]

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ @!PT WARPSYNC 0xffffffff ;
/*0030*/ WARPSYNC 0xffffffff ;
/*0040*/ @P0 BRA `(.L_a3) ;
.L_w3:
/*0050*/ WARPSYNC 0xffffffff ;
/*0060*/ BRA `(.L_e3) ;
.L_a3:
/*0070*/ BRA `(.L_w3) ;
.L_e3:
/*0080*/ @P0 BRA `(.L_w4) ;
/*0090*/ YIELD ;
/*00a0*/ NOP ;
.L_w4:
/*00b0*/ WARPSYNC 0xffffffff ;
/*00c0*/ @P0 BRA `(.L_w5) ;
/*00d0*/ NANOSLEEP 0x1000 ;
/*00e0*/ NOP ;
.L_w5:
/*00f0*/ WARPSYNC 0xffffffff ;
/*0100*/ MOV R1, 0xffff ;
/*0110*/ @!P0 MOV R1, 0xffff0000 ;
/*0120*/ WARPSYNC R1 ;
/*0130*/ WARPSYNC 0xffffffff ;
/*0140*/ MOV R1, 0xffffffff ;
/*0150*/ @P0 BRA `(.L_a7) ;
.L_w7:
/*0160*/ WARPSYNC R1 ;
/*0170*/ BRA `(.L_e7) ;
.L_a7:
/*0180*/ BRA `(.L_w7) ;
.L_e7:
/*0190*/ @P0 BRA `(.L_w8) ;
/*01a0*/ YIELD ;
/*01b0*/ NOP ;
.L_w8:
/*01c0*/ WARPSYNC R1 ;
/*01d0*/ @P0 BRA `(.L_w9) ;
/*01e0*/ NANOSLEEP 0x1000 ;
/*01f0*/ NOP ;
.L_w9:
/*0200*/ WARPSYNC R1 ;
/*0210*/ EXIT ;
