// Benchmark: a full CTA (32 warps) runs a counted loop with a divergent
// if/else inside a BSSY/BSYNC region: every iteration splits each warp into
// even and odd lanes and reconverges them.
.threads 1024
        S2R R0, SR_LANEID
        MOV R1, 0                       // iteration counter
        MOV R2, 0                       // accumulator
.L_loop:
        LOP.AND R3, R0, 1
        ISETP.EQ P0, R3, 0
        BSSY B0, `(.L_join)
        @P0 BRA `(.L_even)
        IADD R2, R2, 3
        BRA `(.L_join)
.L_even:
        IADD R2, R2, 5
.L_join:
        BSYNC B0
        IADD R1, R1, 1
        ISETP.LT P1, R1, 5000
        @P1 BRA `(.L_loop)
        EXIT
