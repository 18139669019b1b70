// hazard_h6.s - H-6, sleeping lanes woken by a full BSYNC (SPEC-NOTES
// section 9), and what it leads to: BSYNC.sleep_release (N-21, N-02).
//
// One warp; lo = lanes 0..15 (P0), hi = 16..31.  B0 holds hi only.
//
//  t     pc    what                                        path
//  3     0x30  hi branches to 0xd0; lo goes on
//  4     0x40  NANOSLEEP 0x1000 (lo): lo sleeps until t=4100, NANOSLEEP.switch
//              yields, resumes at 0x50, the BSYNC: lane 16
//  7     0x50  BSYNC B0 (hi): B0 without hi is empty: full   BSYNC.full_sync
//              sync, ActiveMask = arrivemask = every lane,
//              lo included although asleep (H-6); their
//              Yield bits cleared
//  9     0x70  lo branches to 0xa0; hi goes on
//  12    0xb0  BSYNC B1 (hi): lo has not arrived, is not     BSYNC.sleep_release
//              yielded, and is asleep: hi goes on without it
//  13    0xc0  EXIT (hi): lo left, asleep: lane 0 (non-      EXIT.switch,
//              yield), the warp sleeps                       EXIT.switch_sleep
//  4101  0xb0  BSYNC B1 (lo): bmask empty                    BSYNC.full_sync
//  4102  0xc0  EXIT
// The program ends done; had lo's deadline passed before t=12, the BSYNC
// would have switched to lo instead (the path depends on time).
//
//! records: 17
//! expect: {"end":"done","t":4103,"warps":[{"warp":0,"state":"exited","pc":"0xc0","active":"0x00000000","valid":"0x00000000","yield":"0x00000000","sleep":"0x00000000","switch":"0x0000ffff","b":{}}],"bars":{}}
//
// The explanation of every step but the helpers, in order (//! explain):
//! explain: t=2 warp=0 pc=0x20 @!P0 BSSY B0, 0x50: B0 |= pmask 0xffff0000: B0 = 0xffff0000 [BSSY.add; N-20]
//! explain: t=3 warp=0 pc=0x30 @!P0 BRA 0xd0: no modifier: b_jump = pmask 0xffff0000; lanes 0xffff0000 jump and wait at their target; lanes 0x0000ffff fall through to 0x40 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=4 warp=0 pc=0x40 NANOSLEEP 0x1000: SwitchMask holds no waiting lane: reset to ValidMask ^ ActiveMask = 0xffff0000; lanes 0x0000ffff sleep 4096 ns and yield; switch to a non-yield lane of SwitchMask 0xffff0000 -> lane 16, ActivePC=0xd0, ActiveMask=0xffff0000; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0x0000ffff [NANOSLEEP.switchmask_reset, NANOSLEEP.switch, NANOSLEEP.switchmask_refill; N-22, N-23]
//! explain: t=6 warp=0 pc=0xe0 BRA 0x50: no modifier: b_jump = pmask 0xffff0000; every active lane (0xffff0000) jumps to 0x50 [BRA.cond_none, BRANCH.all; N-11, N-12]
//! explain: t=7 warp=0 pc=0x50 BSYNC B0: synchronised (bmask = 0 without the active lanes): ActiveMask = arrivemask 0xffffffff, ActivePC = next; their Yield bits cleared [BSYNC.full_sync; N-21]
//! explain: t=8 warp=0 pc=0x60 BSSY B1, 0xb0: B1 |= pmask 0xffffffff: B1 = 0xffffffff [BSSY.add; N-20]
//! explain: t=9 warp=0 pc=0x70 @P0 BRA 0xa0: no modifier: b_jump = pmask 0x0000ffff; lanes 0x0000ffff jump and wait at their target; lanes 0xffff0000 fall through to 0x80 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=11 warp=0 pc=0x90 BRA 0xb0: no modifier: b_jump = pmask 0xffff0000; every active lane (0xffff0000) jumps to 0xb0 [BRA.cond_none, BRANCH.all; N-11, N-12]
//! explain: t=12 warp=0 pc=0xb0 BSYNC B1: not synchronised, bmask=0x0000ffff; every waiting non-yield lane (0x0000ffff) is asleep: release, ActiveMask = arrivemask 0xffff0000, ActivePC = next [BSYNC.sleep_release; N-21, N-02, H-6]
//! explain: t=13 warp=0 pc=0xc0 EXIT: lanes 0xffff0000 exit; switch to a non-yield lane of ValidMask 0x0000ffff -> lane 0, ActivePC=0xa0, ActiveMask=0x0000ffff; every candidate is asleep (SleepMask 0x0000ffff): the warp sleeps [EXIT.switch, EXIT.switch_sleep; N-18, N-02]
//! explain: t=4101 warp=0 pc=0xb0 BSYNC B1: synchronised (bmask = 0 without the active lanes): ActiveMask = arrivemask 0x0000ffff, ActivePC = next; their Yield bits cleared [BSYNC.full_sync; N-21]
//! explain: t=4102 warp=0 pc=0xc0 EXIT: lanes 0x0000ffff exit, no valid lane is left: the warp exits [EXIT.warp_exit; N-18, N-33]

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ @!P0 BSSY B0, `(.L_j) ;
/*0030*/ @!P0 BRA `(.L_h) ;
/*0040*/ NANOSLEEP 0x1000 ;
.L_j:
/*0050*/ BSYNC B0 ;
/*0060*/ BSSY B1, `(.L_j2) ;
/*0070*/ @P0 BRA `(.L_e2) ;
/*0080*/ NOP ;
/*0090*/ BRA `(.L_j2) ;
.L_e2:
/*00a0*/ NOP ;
.L_j2:
/*00b0*/ BSYNC B1 ;
/*00c0*/ EXIT ;
.L_h:
/*00d0*/ NOP ;
/*00e0*/ BRA `(.L_j) ;
