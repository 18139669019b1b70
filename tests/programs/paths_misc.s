// paths_misc.s - paths of the "pmask = 0" kind and of the state-transfer
// and trap instructions that the other programs do not take, each with
// its explanation pinned: BMOV.no_op, BSSY.no_op, R2B.no_op (N-19, N-20,
// N-39), B2R.warp_undefined and BAR_RESULT.undefined before any reduction
// (N-39), R2B.bar, R2B.warp, RTT, SYSCALL and TRAP stopping a warp or not
// (N-26), and a helper (N-51).
//
// Three warps (96 threads); R1 = warp id.  Every warp runs the same code;
// at 0xb0 warp 0 stops by RTT, at 0xc0 warp 1 by SYSCALL, at 0xd0 warp 2
// by TRAP 0x5.  Round robin: warp w's k-th instruction at t = 3k + w.
//
//! records: 39
//! expect: {"end":"done","t":39,"warps":[{"warp":0,"state":"trapped","pc":"0xb0"},{"warp":1,"state":"trapped","pc":"0xc0"},{"warp":2,"state":"trapped","pc":"0xd0"}],"bars":{}}
//
// The explanation of every step but the helpers, in order (//! explain):
//! explain: t=0 warp=0 pc=0x0 S2R R1, SR_WARPID: a helper: no BRU/BCU state, ActivePC = next [HELPER.exec; N-51]
//! explain: t=3 warp=0 pc=0x10 @!PT BMOV B1, R1: pmask = 0: B1 unchanged [BMOV.no_op; N-19]
//! explain: t=4 warp=1 pc=0x10 @!PT BMOV B1, R1: pmask = 0: B1 unchanged [BMOV.no_op; N-19]
//! explain: t=5 warp=2 pc=0x10 @!PT BMOV B1, R1: pmask = 0: B1 unchanged [BMOV.no_op; N-19]
//! explain: t=6 warp=0 pc=0x20 @!PT BSSY B1: pmask = 0: B1 unchanged [BSSY.no_op; N-20]
//! explain: t=7 warp=1 pc=0x20 @!PT BSSY B1: pmask = 0: B1 unchanged [BSSY.no_op; N-20]
//! explain: t=8 warp=2 pc=0x20 @!PT BSSY B1: pmask = 0: B1 unchanged [BSSY.no_op; N-20]
//! explain: t=9 warp=0 pc=0x30 @!PT R2B.BAR 0x1, R1: pmask = 0: nothing written [R2B.no_op; N-39]
//! explain: t=10 warp=1 pc=0x30 @!PT R2B.BAR 0x1, R1: pmask = 0: nothing written [R2B.no_op; N-39]
//! explain: t=11 warp=2 pc=0x30 @!PT R2B.BAR 0x1, R1: pmask = 0: nothing written [R2B.no_op; N-39]
//! explain: t=12 warp=0 pc=0x40 B2R.WARP R2: no reduction completed and no R2B.WARP yet: Rd undefined [B2R.warp_undefined; N-39]
//! explain: t=13 warp=1 pc=0x40 B2R.WARP R2: no reduction completed and no R2B.WARP yet: Rd undefined [B2R.warp_undefined; N-39]
//! explain: t=14 warp=2 pc=0x40 B2R.WARP R2: no reduction completed and no R2B.WARP yet: Rd undefined [B2R.warp_undefined; N-39]
//! explain: t=15 warp=0 pc=0x50 BAR.RESULT R3, P1: no completed reduction in WarpBARState 0x00000000: Rd and Pu undefined [BAR_RESULT.undefined; N-39]
//! explain: t=16 warp=1 pc=0x50 BAR.RESULT R3, P1: no completed reduction in WarpBARState 0x00000000: Rd and Pu undefined [BAR_RESULT.undefined; N-39]
//! explain: t=17 warp=2 pc=0x50 BAR.RESULT R3, P1: no completed reduction in WarpBARState 0x00000000: Rd and Pu undefined [BAR_RESULT.undefined; N-39]
//! explain: t=21 warp=0 pc=0x70 R2B.BAR 0x2, R4: barrier 2's word = 0x00000000 (bits 31:29 dropped) [R2B.bar; N-38, N-39]
//! explain: t=22 warp=1 pc=0x70 R2B.BAR 0x2, R4: barrier 2's word = 0x00000000 (bits 31:29 dropped) [R2B.bar; N-38, N-39]
//! explain: t=23 warp=2 pc=0x70 R2B.BAR 0x2, R4: barrier 2's word = 0x00000000 (bits 31:29 dropped) [R2B.bar; N-38, N-39]
//! explain: t=24 warp=0 pc=0x80 R2B.WARP R4: WarpBARState = 0x00000000, defined [R2B.warp; N-39]
//! explain: t=25 warp=1 pc=0x80 R2B.WARP R4: WarpBARState = 0x00000000, defined [R2B.warp; N-39]
//! explain: t=26 warp=2 pc=0x80 R2B.WARP R4: WarpBARState = 0x00000000, defined [R2B.warp; N-39]
//! explain: t=33 warp=0 pc=0xb0 @P0 RTT: pmask 0xffffffff: event rtt, the warp stops (trapped) [RTT.stop; N-26]
//! explain: t=34 warp=1 pc=0xb0 @P0 RTT: pmask = 0: ActivePC = next [RTT.no_op; N-26]
//! explain: t=35 warp=2 pc=0xb0 @P0 RTT: pmask = 0: ActivePC = next [RTT.no_op; N-26]
//! explain: t=36 warp=1 pc=0xc0 @P2 SYSCALL: pmask 0xffffffff: event syscall, the warp stops (trapped) [SYSCALL.stop; N-26]
//! explain: t=37 warp=2 pc=0xc0 @P2 SYSCALL: pmask = 0: ActivePC = next [SYSCALL.no_op; N-26]
//! explain: t=38 warp=2 pc=0xd0 TRAP 0x5: pmask 0xffffffff: event trap:5, the warp stops (trapped) [TRAP.stop; N-26]

.threads 96
/*0000*/ S2R R1, SR_WARPID ;
/*0010*/ @!PT BMOV B1, R1 ;
/*0020*/ @!PT BSSY B1 ;
/*0030*/ @!PT R2B.BAR 0x1, R1 ;
/*0040*/ B2R.WARP R2 ;
/*0050*/ BAR.RESULT R3, P1 ;
/*0060*/ MOV R4, 0x0 ;
/*0070*/ R2B.BAR 0x2, R4 ;
/*0080*/ R2B.WARP R4 ;
/*0090*/ ISETP.EQ P0, R1, 0x0 ;
/*00a0*/ ISETP.EQ P2, R1, 0x1 ;
/*00b0*/ @P0 RTT ;
/*00c0*/ @P2 SYSCALL ;
/*00d0*/ TRAP 0x5 ;
