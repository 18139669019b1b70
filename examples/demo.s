// demo.s - what the model does, in 14 instructions on two warps:
//   a divergent if/else reconverged by BSSY/BSYNC (seed 003), then a
//   popcount reduction across the CTA read back with BAR.RESULT (seed 000).
.threads 64
        S2R R0, SR_LANEID
        LOP.AND R1, R0, 0x1
        ISETP.EQ P0, R1, 0x0            // P0: even lanes
        BSSY B0, `(.L_join)
        @P0 BRA `(.L_even)              // the warp splits: odd lanes fall through first
        MOV R2, 0x1                     // odd lanes
        BRA `(.L_join)
.L_even:
        MOV R2, 0x2                     // even lanes
.L_join:
        BSYNC B0                        // both halves meet again
        ISETP.LT P1, R0, 0x8            // lanes 0..7 vote
        BAR.RED.POPC 0x0, 0x0, P1       // all warps: 2 x 8 = 16
        BAR.RESULT R3, PT
        EXIT
