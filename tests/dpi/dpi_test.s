// dpi_test.s - the program of the DPI unit test (tests/dpi/dpi_test.sv): one
// warp of 32 threads, 16 instructions, each compared field of a retire record
// given a value to check by some instruction.  The SV test drives
// warpref_dpi_retire with these records written out by hand.
//
//  t   pc     instruction                 what the record carries
//  0   0x00   S2R R0 = lane               write.gpr R0
//  1   0x10   ISETP.LT P0 = R0 < 16       in.ra, write.pred P0 = 0x0000ffff
//  2   0x20   UMOV UR4 = 0x20             write.ur UR4
//  3   0x30   NANOSLEEP UR4               in.ur 0x20, in.pp; sleep 0xffffffff, run asleep,
//                                         write.runstate asleep, event sleep; deadline 3 + 32 = 35
//  35         (wake: warpref_dpi_wake at cycle 35)
//  35  0x40   IADD R1 = R0 + R0           in.ra, in.rb (lane), write.gpr R1 = 2 * lane
//  36  0x50   LDC R2 = c[0x0][0x10]       in.c 0x1234
//  37  0x60   BSSY B0, 0xb0               b: B0 = 0xffffffff
//  38  0x70   @P0 BRA 0xa0                in.pg 0x0000ffff; partial (N-12): fall-through lanes
//                                         0xffff0000 active, rpc 0xa0 in lanes 0..15
//  39  0x80   MOV R3 = 1                  write.gpr in lanes 0xffff0000
//  40  0x90   BRA 0xb0
//  41  0xb0   BSYNC B0                    lanes 16..31 arrive (rpc 0xb0), switch to 0..15 at 0xa0,
//                                         B0 = 0x0000ffff
//  42  0xa0   MOV R3 = 2                  write.gpr in lanes 0x0000ffff
//  43  0xb0   BSYNC B0                    full sync: all active, B0 = 0
//  44  0xc0   BAR.RED.POPC 0x1, P0        in.pp 0x0000ffff; completes alone (cnt 0 = 1 warp):
//                                         events arrive:1 release:1, barrier 1 word written (0),
//                                         WarpBARState 0x10214001 (arrived 1, mode 2 RED, op 2
//                                         POPC, accumulator 16, defined) written and defined
//  45  0xd0   BAR.RED.POPC 0x1, P0        the same again: WarpBARState written with the value it
//                                         held (write.warpbar again)
//  46  0xe0   MOV R6 = 0x40
//  47  0xf0   BAR.SYNC 0x3, R6            in.rc 0x40 (count 64 = 2 warps, the CTA has 1): blocks;
//                                         event block:3, barrier 3 word 0x00002081 (arrived 1,
//                                         expected 2, mode 1 SYNC), run blocked on barrier 3,
//                                         write.runstate 0x301
//
// End (cycle 48): warp 0 blocked at 0x100, R0 = lane, R1 = 2 * lane, R2 = 0x1234,
// R3 = 2 (lanes 0..15) / 1 (16..31), R6 = 0x40, P0 = 0x0000ffff, barrier 3 = 0x2081.
// `warpref run` ends it as a deadlock (nothing else can arrive).

.threads 32
.const c[0x0][0x10] = 0x1234

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x10 ;
/*0020*/ UMOV UR4, 0x20 ;
/*0030*/ NANOSLEEP UR4 ;
/*0040*/ IADD R1, R0, R0 ;
/*0050*/ LDC R2, c[0x0][0x10] ;
/*0060*/ BSSY B0, `(.L_join) ;
/*0070*/ @P0 BRA `(.L_then) ;
/*0080*/ MOV R3, 0x1 ;
/*0090*/ BRA `(.L_join) ;
.L_then:
/*00a0*/ MOV R3, 0x2 ;
.L_join:
/*00b0*/ BSYNC B0 ;
/*00c0*/ BAR.RED.POPC 0x1, 0x0, P0 ;
/*00d0*/ BAR.RED.POPC 0x1, 0x0, P0 ;
/*00e0*/ MOV R6, 0x40 ;
/*00f0*/ BAR.SYNC 0x3, R6 ;
