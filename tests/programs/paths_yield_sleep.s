// paths_yield_sleep.s - YIELD whose candidates are all asleep (N-22,
// N-02): it switches to them and the warp sleeps (YIELD.switch_sleep).
//
// One warp; lo = lanes 0..15, hi = 16..31.
//
//  t     pc    what                                        path
//  2     0x20  @P0 BRA: lo waits at 0x50, hi goes on
//  3     0x30  NANOSLEEP 0x1000 (hi): hi sleeps until 4099  NANOSLEEP.switchmask_reset,
//              and yields; SwitchMask reset to lo: lane 0   NANOSLEEP.switch,
//              (lo at 0x50); refilled with hi               NANOSLEEP.switchmask_refill
//  4     0x50  YIELD (lo): SwitchMask hi, all yielded and   YIELD.switch_yielded,
//              asleep: lane 16, refilled with lo, and the   YIELD.switchmask_refill,
//              warp sleeps                                  YIELD.switch_sleep
//  4099  0x40  EXIT (hi): lo left, yielded: lane 0          EXIT.switch_yielded
//  4100  0x60  EXIT (lo): the warp exits                    EXIT.warp_exit
//
//! records: 7
//! expect: {"end":"done","t":4101,"warps":[{"warp":0,"state":"exited","pc":"0x60","active":"0x00000000","valid":"0x00000000","yield":"0xffffffff","sleep":"0x00000000","switch":"0x0000ffff","b":{}}],"bars":{}}
//
// The explanation of every step but the helpers, in order (//! explain):
//! explain: t=2 warp=0 pc=0x20 @P0 BRA 0x50: no modifier: b_jump = pmask 0x0000ffff; lanes 0x0000ffff jump and wait at their target; lanes 0xffff0000 fall through to 0x30 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]
//! explain: t=3 warp=0 pc=0x30 NANOSLEEP 0x1000: SwitchMask holds no waiting lane: reset to ValidMask ^ ActiveMask = 0x0000ffff; lanes 0xffff0000 sleep 4096 ns and yield; switch to a non-yield lane of SwitchMask 0x0000ffff -> lane 0, ActivePC=0x50, ActiveMask=0x0000ffff; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0xffff0000 [NANOSLEEP.switchmask_reset, NANOSLEEP.switch, NANOSLEEP.switchmask_refill; N-22, N-23]
//! explain: t=4 warp=0 pc=0x50 YIELD: lanes 0x0000ffff yield, resuming after the YIELD; the candidates of SwitchMask 0xffff0000 have all yielded -> lane 16, ActivePC=0x40, ActiveMask=0xffff0000; no other waiting lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0x0000ffff; every candidate is asleep (SleepMask 0xffff0000): the warp sleeps [YIELD.switch_yielded, YIELD.switchmask_refill, YIELD.switch_sleep; N-22, H-1, N-02]
//! explain: t=4099 warp=0 pc=0x40 EXIT: lanes 0xffff0000 exit; the lanes left (0x0000ffff) have all yielded -> lane 0, ActivePC=0x60, ActiveMask=0x0000ffff [EXIT.switch_yielded; N-18]
//! explain: t=4100 warp=0 pc=0x60 EXIT: lanes 0x0000ffff exit, no valid lane is left: the warp exits [EXIT.warp_exit; N-18, N-33]

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ @P0 BRA `(.L_lo) ;
/*0030*/ NANOSLEEP 0x1000 ;
/*0040*/ EXIT ;
.L_lo:
/*0050*/ YIELD ;
/*0060*/ EXIT ;
