// paths_bsync.s - the paths of BSYNC (N-21) that a well-formed program
// takes, each with its explanation pinned (BSYNC.sleep_release needs the
// hazard H-6: hazard_h6.s; BSYNC.late_release is unreachable).
//
// One warp; lo = lanes 0..15 (P0), hi = 16..31.
//
//  t   pc     what                                          path
//  2   0x20   @!PT BSYNC B0: every lane goes on, B0 as is    BSYNC.guard_split
//  7   0x80   BSYNC B0 (hi; lo at 0x70): lo in bmask has     BSYNC.switch_bmask
//             not arrived: lane 0
//  9   0x80   (lo) bmask empty without lo                    BSYNC.full_sync
//  12  0xb0   YIELD (lo; hi at 0xe0): lane 16
//  14  0xf0   BSYNC B1 (hi): lo in bmask has not arrived,    BSYNC.yield_release
//             but yielded: hi goes on
//  15  0x100  WARPSYNC 0xffffffff takes lo back (lane 0)
//  18  0xf0   BSYNC B1 (lo): bmask empty                     BSYNC.full_sync
//  21  0x120  BSSY B2; BSYNC B2: clears the Yield bits       BSYNC.full_sync
//  25..28     region B3: lanes 24..31 to 0x210; region B4 of lanes 0..23:
//             lanes 0..7 to 0x1b0, lanes 8..23 YIELD: SwitchMask (lo, from
//             the YIELD at t=12) minus the active lanes is 0..7: lane 0
//  30  0x1c0  BSYNC B4 (lanes 0..7): bmask 8..23 all         BSYNC.switch_outside
//             yielded; lanes 24..31 wait outside B4: lane 24
//  32  0x220  EXIT (24..31): lane 0, back at the BSYNC
//  33  0x1c0  BSYNC B4 (0..7): no waiting non-yield lane     BSYNC.yield_release
//  34  0x1d0  WARPSYNC 0x00ffffff takes 8..23 back
//  36..42     BSYNC B4 (8..23), WARPSYNC, BSYNC B5, BSYNC B3  BSYNC.full_sync
//             (lanes 24..31 exited), EXIT
//
//! records: 43
//! expect: {"end":"done","t":43,"warps":[{"warp":0,"state":"exited","pc":"0x240","active":"0x00000000","valid":"0x00000000","yield":"0x00000000","sleep":"0x00000000","switch":"0xffffff00","b":{}}],"bars":{}}
//
// The explanation of every step but the helpers, in order (//! explain):
//! explain: t=2 warp=0 pc=0x20 @!PT BSYNC B0: guard false in 0xffffffff: they go on at 0x30; lanes 0x00000000 wait here; B0 unchanged [BSYNC.guard_split; N-21]
//! explain: t=3 warp=0 pc=0x30 BSSY B0, 0x80: B0 |= pmask 0xffffffff: B0 = 0xffffffff [BSSY.add; N-20]
//! explain: t=4 warp=0 pc=0x40 @P0 BRA 0x70: no modifier: b_jump = pmask 0x0000ffff; lanes 0x0000ffff jump and wait at their target; lanes 0xffff0000 fall through to 0x50 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=6 warp=0 pc=0x60 BRA 0x80: no modifier: b_jump = pmask 0xffff0000; every active lane (0xffff0000) jumps to 0x80 [BRA.cond_none, BRANCH.all; N-11, N-12]
//! explain: t=7 warp=0 pc=0x80 BSYNC B0: not synchronised, bmask=0x0000ffff; switch to waiting non-yield lanes in bmask (0x0000ffff) -> lane 0, ActivePC=0x70 [BSYNC.switch_bmask; N-21]
//! explain: t=9 warp=0 pc=0x80 BSYNC B0: synchronised (bmask = 0 without the active lanes): ActiveMask = arrivemask 0xffffffff, ActivePC = next; their Yield bits cleared [BSYNC.full_sync; N-21]
//! explain: t=10 warp=0 pc=0x90 BSSY B1, 0xf0: B1 |= pmask 0xffffffff: B1 = 0xffffffff [BSSY.add; N-20]
//! explain: t=11 warp=0 pc=0xa0 @!P0 BRA 0xe0: no modifier: b_jump = pmask 0xffff0000; lanes 0xffff0000 jump and wait at their target; lanes 0x0000ffff fall through to 0xb0 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=12 warp=0 pc=0xb0 YIELD: SwitchMask holds no waiting lane: reset to ValidMask ^ ActiveMask = 0xffff0000; lanes 0x0000ffff yield, resuming after the YIELD; switch to a non-yield lane of SwitchMask 0xffff0000 -> lane 16, ActivePC=0xe0, ActiveMask=0xffff0000; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0x0000ffff [YIELD.switchmask_reset, YIELD.switch, YIELD.switchmask_refill; N-22]
//! explain: t=14 warp=0 pc=0xf0 BSYNC B1: not synchronised, bmask=0x0000ffff; no waiting non-yield lane: yield release, ActiveMask = arrivemask 0xffff0000, ActivePC = next [BSYNC.yield_release; N-21, H-3]
//! explain: t=15 warp=0 pc=0x100 WARPSYNC 0xffffffff: members 0x0000ffff have not arrived and have all yielded: the lowest -> lane 0, ActivePC=0xc0, ActiveMask=0x0000ffff [WARPSYNC.switch_yielded; N-25, H-1]
//! explain: t=17 warp=0 pc=0xd0 BRA 0xf0: no modifier: b_jump = pmask 0x0000ffff; every active lane (0x0000ffff) jumps to 0xf0 [BRA.cond_none, BRANCH.all; N-11, N-12]
//! explain: t=18 warp=0 pc=0xf0 BSYNC B1: synchronised (bmask = 0 without the active lanes): ActiveMask = arrivemask 0x0000ffff, ActivePC = next; their Yield bits cleared [BSYNC.full_sync; N-21]
//! explain: t=19 warp=0 pc=0x100 WARPSYNC 0xffffffff: every member of 0xffffffff has arrived: ActiveMask = membermask, ActivePC = next [WARPSYNC.sync; N-25]
//! explain: t=20 warp=0 pc=0x110 BSSY B2: B2 |= pmask 0xffffffff: B2 = 0xffffffff [BSSY.add; N-20]
//! explain: t=21 warp=0 pc=0x120 BSYNC B2: synchronised (bmask = 0 without the active lanes): ActiveMask = arrivemask 0xffffffff, ActivePC = next; their Yield bits cleared [BSYNC.full_sync; N-21]
//! explain: t=22 warp=0 pc=0x130 BSSY B3, 0x230: B3 |= pmask 0xffffffff: B3 = 0xffffffff [BSSY.add; N-20]
//! explain: t=24 warp=0 pc=0x150 @P1 BRA 0x210: no modifier: b_jump = pmask 0xff000000; lanes 0xff000000 jump and wait at their target; lanes 0x00ffffff fall through to 0x160 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=25 warp=0 pc=0x160 BSSY B4, 0x1c0: B4 |= pmask 0x00ffffff: B4 = 0x00ffffff [BSSY.add; N-20]
//! explain: t=27 warp=0 pc=0x180 @P2 BRA 0x1b0: no modifier: b_jump = pmask 0x000000ff; lanes 0x000000ff jump and wait at their target; lanes 0x00ffff00 fall through to 0x190 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=28 warp=0 pc=0x190 YIELD: lanes 0x00ffff00 yield, resuming after the YIELD; switch to a non-yield lane of SwitchMask 0x000000ff -> lane 0, ActivePC=0x1b0, ActiveMask=0x000000ff; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0xffffff00 [YIELD.switch, YIELD.switchmask_refill; N-22]
//! explain: t=30 warp=0 pc=0x1c0 BSYNC B4: not synchronised, bmask=0x00ffff00; no waiting non-yield lane in bmask: switch to one outside (0xff000000) -> lane 24, ActivePC=0x210 [BSYNC.switch_outside; N-21, H-1]
//! explain: t=32 warp=0 pc=0x220 EXIT: lanes 0xff000000 exit; switch to a non-yield lane of ValidMask 0x00ffffff -> lane 0, ActivePC=0x1c0, ActiveMask=0x000000ff [EXIT.switch; N-18]
//! explain: t=33 warp=0 pc=0x1c0 BSYNC B4: not synchronised, bmask=0x00ffff00; no waiting non-yield lane: yield release, ActiveMask = arrivemask 0x000000ff, ActivePC = next [BSYNC.yield_release; N-21, H-3]
//! explain: t=34 warp=0 pc=0x1d0 WARPSYNC 0xffffff: members 0x00ffff00 have not arrived and have all yielded: the lowest -> lane 8, ActivePC=0x1a0, ActiveMask=0x00ffff00 [WARPSYNC.switch_yielded; N-25, H-1]
//! explain: t=35 warp=0 pc=0x1a0 BRA 0x1c0: no modifier: b_jump = pmask 0x00ffff00; every active lane (0x00ffff00) jumps to 0x1c0 [BRA.cond_none, BRANCH.all; N-11, N-12]
//! explain: t=36 warp=0 pc=0x1c0 BSYNC B4: synchronised (bmask = 0 without the active lanes): ActiveMask = arrivemask 0x00ffff00, ActivePC = next; their Yield bits cleared [BSYNC.full_sync; N-21]
//! explain: t=37 warp=0 pc=0x1d0 WARPSYNC 0xffffff: every member of 0x00ffffff has arrived: ActiveMask = membermask, ActivePC = next [WARPSYNC.sync; N-25]
//! explain: t=38 warp=0 pc=0x1e0 BSSY B5: B5 |= pmask 0x00ffffff: B5 = 0x00ffffff [BSSY.add; N-20]
//! explain: t=39 warp=0 pc=0x1f0 BSYNC B5: synchronised (bmask = 0 without the active lanes): ActiveMask = arrivemask 0x00ffffff, ActivePC = next; their Yield bits cleared [BSYNC.full_sync; N-21]
//! explain: t=40 warp=0 pc=0x200 BRA 0x230: no modifier: b_jump = pmask 0x00ffffff; every active lane (0x00ffffff) jumps to 0x230 [BRA.cond_none, BRANCH.all; N-11, N-12]
//! explain: t=41 warp=0 pc=0x230 BSYNC B3: synchronised (bmask = 0 without the active lanes): ActiveMask = arrivemask 0x00ffffff, ActivePC = next; their Yield bits cleared [BSYNC.full_sync; N-21]
//! explain: t=42 warp=0 pc=0x240 EXIT: lanes 0x00ffffff exit, no valid lane is left: the warp exits [EXIT.warp_exit; N-18, N-33]

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ @!PT BSYNC B0 ;
/*0030*/ BSSY B0, `(.L_j1) ;
/*0040*/ @P0 BRA `(.L_e1) ;
/*0050*/ NOP ;
/*0060*/ BRA `(.L_j1) ;
.L_e1:
/*0070*/ NOP ;
.L_j1:
/*0080*/ BSYNC B0 ;
/*0090*/ BSSY B1, `(.L_j2) ;
/*00a0*/ @!P0 BRA `(.L_e2) ;
/*00b0*/ YIELD ;
/*00c0*/ NOP ;
/*00d0*/ BRA `(.L_j2) ;
.L_e2:
/*00e0*/ NOP ;
.L_j2:
/*00f0*/ BSYNC B1 ;
/*0100*/ WARPSYNC 0xffffffff ;
/*0110*/ BSSY B2 ;
/*0120*/ BSYNC B2 ;
/*0130*/ BSSY B3, `(.L_oj) ;
/*0140*/ ISETP.GE P1, R0, 0x18 ;
/*0150*/ @P1 BRA `(.L_oe) ;
/*0160*/ BSSY B4, `(.L_ij) ;
/*0170*/ ISETP.LT P2, R0, 0x8 ;
/*0180*/ @P2 BRA `(.L_ie) ;
/*0190*/ YIELD ;
/*01a0*/ BRA `(.L_ij) ;
.L_ie:
/*01b0*/ NOP ;
.L_ij:
/*01c0*/ BSYNC B4 ;
/*01d0*/ WARPSYNC 0x00ffffff ;
/*01e0*/ BSSY B5 ;
/*01f0*/ BSYNC B5 ;
/*0200*/ BRA `(.L_oj) ;
.L_oe:
/*0210*/ NOP ;
/*0220*/ EXIT ;
.L_oj:
/*0230*/ BSYNC B3 ;
/*0240*/ EXIT ;
